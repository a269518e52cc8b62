import { expect, test } from '@playwright/test'
import { withoutInlinedRegistry, withoutRemote } from '../screens/page-rewrites'

const SESSION = {
  appVersion: '2.3.4',
  deviceName: 'Pixel',
  deviceId: 'dev-1',
  osVersion: '14',
  sessionId: 'sess-42',
  adId: 'ad-9',
}

test('session parameters leave the address bar, stay in the session and go on every API call', async ({
  page,
  baseURL,
}) => {
  const apiCalls: URL[] = []
  const foreign: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin !== new URL(baseURL!).origin) foreign.push(request.url())
    else if (url.pathname.startsWith('/utilities/')) apiCalls.push(url)
  })
  const query = new URLSearchParams({ ...SESSION, productId: '7', utm_source: 'fb' })
  await page.goto(`/?${query}`)
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await expect.poll(() => apiCalls.length).toBeGreaterThan(0)
  const address = new URL(page.url())
  for (const key of Object.keys(SESSION)) expect(address.searchParams.has(key)).toBe(false)
  expect(address.searchParams.get('productId')).toBe('7')
  for (const call of apiCalls) {
    expect(call.searchParams.get('sessionId')).toBe('sess-42')
    expect(call.searchParams.get('appVersion')).toBe('2.3.4')
    expect(call.searchParams.get('utm_source')).toBe('fb')
  }
  for (const url of foreign) expect(url).not.toContain('sess-42')
  // A reload keeps the session (sessionStorage) although the address bar no longer has it.
  apiCalls.length = 0
  await page.reload()
  await expect.poll(() => apiCalls.length).toBeGreaterThan(0)
  expect(apiCalls[0].searchParams.get('sessionId')).toBe('sess-42')
})

test('API calls carry X-Requested-With', async ({ page }) => {
  const request = page.waitForRequest((r) => r.url().includes('/utilities/'))
  await page.goto('/')
  expect((await request).headers()['x-requested-with']).toBe('XMLHttpRequest')
})

test('an unknown route is a 404 that shows not-found with a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to home page' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('contentinfo')).toBeVisible()
})

test('react-dom is downloaded once', async ({ page }) => {
  const bodies: Promise<string>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''))
  })
  await page.goto('/aboutUs')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const scripts = await Promise.all(bodies)
  // `__reactContainer$` is react-dom's own root marker: exactly one script carries it.
  expect(scripts.filter((text) => text.includes('__reactContainer$'))).toHaveLength(1)
})

test('with mf-site blocked, / shows the retry screen and /testPreview still works', async ({ page }) => {
  await page.route('**/remotes/mf-site/**', (route) => route.abort())
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to home page' }).isVisible()
  await page.goto('/testPreview')
  await expect(page.getByRole('heading', { name: 'Test preview' })).toBeVisible()
  await expect(page.getByLabel('App version')).toHaveValue('1.0.0')
})

test('the retry button loads the remote once it is reachable again', async ({ page }) => {
  await page.route('**/remotes/mf-site/**', (route) => route.abort())
  await page.goto('/aboutUs')
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
  await page.unroute('**/remotes/mf-site/**')
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /about us/i })).toBeVisible()
})

const UNUSABLE_REGISTRIES: [string, { status?: number; json?: unknown; body?: string }][] = [
  ['garbage', { body: '<html>maintenance</html>' }],
  ['503', { status: 503, body: 'busy' }],
  ['an entry without `entry`', { json: { remotes: { mf_site: { version: '9.9.9-gone', previous: null } } } }],
]

for (const [name, answer] of UNUSABLE_REGISTRIES) {
  test(`/registry.json answering ${name}, a page without its own entry: the retry screen, whose button reads the registry again`, async ({
    page,
  }) => {
    await page.route('**/registry.json', (route) => route.fulfill({ status: 200, ...answer }))
    await withoutInlinedRegistry(page, '/aboutUs')
    await page.goto('/aboutUs')
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible()
    await page.unroute('**/registry.json')
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('heading', { level: 1, name: /about us/i })).toBeVisible()
    await page.goto('/testPreview')
    await expect(page.getByRole('heading', { name: 'Test preview' })).toBeVisible()
  })
}

test('a remote whose mount never finishes gets the retry screen within 10 s of loading', async ({ page }) => {
  test.setTimeout(40_000)
  // A well-formed remote entry whose app bootstraps and then never finishes mounting.
  const entry = `
    const app = {
      contract: '1.0.0',
      bootstrap: async () => undefined,
      mount: () => new Promise(() => undefined),
      unmount: async () => undefined,
    }
    export function init() {}
    export async function get() {
      return () => app
    }
  `
  await page.route('**/remotes/mf-site/*/remoteEntry.js*', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: entry }),
  )
  const errors: string[] = []
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  const started = Date.now()
  await page.goto('/aboutUs', { waitUntil: 'commit' })
  // The page's first frame (ADR 0018) holds the screen meanwhile; the skeleton never covers it.
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible()
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible({
    timeout: 20_000,
  })
  // 10 s after the remote loaded (a few seconds at most here): the mount timeout, not a failed download.
  expect(Date.now() - started).toBeGreaterThan(9_500)
  expect(Date.now() - started).toBeLessThan(16_000)
  expect(errors).toContain('[remotes] mf_site did not finish mounting within 10000 ms')
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
})

test('a route whose remote is released nowhere says it is not available yet', async ({ page }) => {
  // Every remote is released in this build: the page and the registry are served without mf_repay.
  await withoutRemote(page, 'mf_repay', '/repay')
  await page.goto('/repay')
  await expect(page.getByRole('heading', { name: 'This page is not available yet' })).toBeVisible()
  await expect(page.getByText(/check your connection/)).toHaveCount(0)
  await page.getByRole('link', { name: 'Go to home page' }).click()
  await expect(page.getByRole('contentinfo')).toBeVisible()
})
