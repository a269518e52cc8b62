import { expect, test, type Page } from '@playwright/test'
import { pageHeadOf, REMOTE_ROUTES, type RemoteRouteDef } from 'shared/routes'

/*
 * Each route's head as the release writes it (issue #31): what a crawler, a shared link and the browser's tab
 * read before any script runs, and what the screen keeps once it runs.
 */

const PUBLIC = [
  ...REMOTE_ROUTES.filter((route: RemoteRouteDef) => route.public).map((route) => ({
    path: route.path,
    canonical: route.path,
  })),
  // The standalone landing ad links use is the promotion landing: one canonical address for both.
  { path: '/standalone/promotion', canonical: '/promotion' },
]

/** The head of the page at `path` as the document itself says it, with no script run. */
async function writtenHead(page: Page, path: string) {
  await page.goto(path)
  return page.evaluate(() => {
    const content = (selector: string) => document.querySelector(selector)?.getAttribute('content') ?? null
    return {
      lang: document.documentElement.lang,
      title: document.title,
      description: content('meta[name="description"]'),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      ogTitle: content('meta[property="og:title"]'),
      ogDescription: content('meta[property="og:description"]'),
      ogUrl: content('meta[property="og:url"]'),
      ogImage: content('meta[property="og:image"]'),
      twitterCard: content('meta[name="twitter:card"]'),
      twitterImage: content('meta[name="twitter:image"]'),
      themeColor: content('meta[name="theme-color"]'),
    }
  })
}

test.describe('the page as written, before any script', () => {
  test.use({ javaScriptEnabled: false })

  for (const { path, canonical } of PUBLIC) {
    test(`${path}: its own title and language, a description, canonical address and shared-link tags`, async ({
      page,
    }) => {
      const head = await writtenHead(page, path)
      const { title, lang } = pageHeadOf(canonical)
      expect(head).toMatchObject({ title, lang, ogTitle: title, twitterCard: 'summary_large_image' })
      expect(head.description?.length, 'description').toBeGreaterThan(15)
      expect(head.ogDescription).toBe(head.description)
      // PUBLIC_ORIGIN (the demo's by default) and the route's own path.
      expect(new URL(head.canonical!).pathname).toBe(canonical)
      expect(head.ogUrl).toBe(head.canonical)
      expect(new URL(head.ogImage!).pathname).toBe('/og-image.png')
      expect(head.twitterImage).toBe(head.ogImage)
      expect(head.themeColor).toMatch(/^#[0-9a-f]{6}$/i)
    })
  }

  test('every other route: its own title and language, nothing for search engines', async ({ page }) => {
    for (const route of REMOTE_ROUTES.filter((r: RemoteRouteDef) => !r.public)) {
      const head = await writtenHead(page, route.path)
      expect(head, route.path).toMatchObject({
        ...pageHeadOf(route.path),
        description: null,
        canonical: null,
        ogImage: null,
      })
    }
  })
})

test('the screen keeps the written title and language once it runs', async ({ page }) => {
  for (const path of [
    '/aboutUs',
    '/promotion',
    '/loanDetails?productId=1&orderId=86',
    '/standalone/promotion',
  ]) {
    await page.goto(path)
    const written = pageHeadOf(path === '/standalone/promotion' ? '/promotion' : path.split('?')[0])
    await expect(page.getByRole('main')).toBeVisible()
    expect(await page.evaluate(() => [document.title, document.documentElement.lang]), path).toEqual([
      written.title,
      written.lang,
    ])
  }
})

test('the page language follows the screen on in-app navigation (zh-CN on the promotion landing)', async ({
  page,
}) => {
  await page.goto('/testPreview')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  // A mark on this document: an in-app navigation keeps it, a page load would not.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))
  await page.getByRole('link', { name: 'Registration landing', exact: true }).click()
  await expect(page).toHaveURL(/\/promotion/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await expect(page).toHaveTitle('注册')
  await page.goBack()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page).toHaveTitle('Test preview')
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  )
})

test('the icons and the shared-link picture are real images the page may show', async ({ page, request }) => {
  await page.goto('/aboutUs')
  const icons = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="icon"], link[rel="apple-touch-icon"]')].map((l) =>
      l.getAttribute('href'),
    ),
  )
  expect(icons).toEqual(['/favicon.svg', '/favicon-32.png', '/apple-touch-icon.png'])
  const ogImage = new URL((await page.locator('meta[property="og:image"]').getAttribute('content'))!).pathname
  // Loaded as pictures under the page's own CSP: a blocked or broken one has no size.
  const sizes = await page.evaluate(
    (sources) =>
      Promise.all(
        sources.map(
          (src) =>
            new Promise<string>((resolve) => {
              const img = new Image()
              img.onload = () => resolve(`${src} ${img.naturalWidth}x${img.naturalHeight}`)
              img.onerror = () => resolve(`${src} failed`)
              img.src = src
            }),
        ),
      ),
    [...icons, ogImage] as string[],
  )
  expect(sizes).toEqual([
    expect.stringMatching(/^\/favicon\.svg \d+x\d+$/),
    '/favicon-32.png 32x32',
    '/apple-touch-icon.png 180x180',
    '/og-image.png 1200x630',
  ])
  for (const [path, type] of [
    ['/favicon.svg', 'image/svg+xml'],
    ['/favicon-32.png', 'image/png'],
    ['/apple-touch-icon.png', 'image/png'],
    ['/og-image.png', 'image/png'],
  ]) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    expect(response.headers()['content-type'], path).toContain(type)
    // Kept a day: a returning borrower's page asks for none of them again (ADR 0021).
    expect(response.headers()['cache-control'], path).toBe('public, max-age=86400')
  }
})
