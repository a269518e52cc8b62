import { expect, test, type Locator, type Page, type Request } from '@playwright/test'
import type { ChildProcess } from 'node:child_process'
import { SLOW_API_MS, SLOW_SESSION_PREFIX } from 'shared/mocks'
import { hydrationProblems, holdScripts, remoteMounted } from './hydration'
import { startDeploy, stop, waitFor } from './own-server'

/**
 * Data routes with the borrower's data in the page (issue #45, ADR 0054, 0055): the render service makes the
 * route's first calls and renders the screen with their answers; the page hydrates it without calling again.
 * When the API stalls, or the service is down behind nginx, the static page goes and the screen calls as before.
 */

interface DataRoute {
  path: string
  /**
   * The route's first call, which the browser must not make when the page came rendered; null for a screen
   * whose data is its address (ADR 0057), which no API can stall.
   */
  call: string | null
  /** An element of the screen that only its data gives. */
  data: (page: Page) => Locator
}

const ROUTES: DataRoute[] = [
  {
    path: '/repay?productId=1&orderId=86',
    call: '/utilities/v3/installment/loan-play-detail',
    data: (page) => page.getByRole('heading', { name: '₱1.530,00' }),
  },
  {
    path: '/loanDetails?productId=1&orderId=86',
    call: '/utilities/v3/loan-details/loan-details',
    data: (page) => page.getByRole('button', { name: 'Rollover Repayment' }),
  },
  {
    path: '/delayRepay?productId=1&orderId=86',
    call: '/utilities/v3/installment/delay-play-detail',
    data: (page) => page.getByRole('heading', { name: '₱320,00' }),
  },
  {
    path: '/complaint?productId=1&orderId=86',
    call: '/utilities/user-problem/problem-init',
    // The order the complaint is about: its loan amount.
    data: (page) => page.getByText('₱5.000,00'),
  },
  {
    path: '/bindBank?productId=1&orderId=86',
    call: '/utilities/v3/bind-card/card-init',
    // The server's form: the field of the wallet it selects first.
    data: (page) => page.getByLabel('GCash number'),
  },
  {
    path: '/complainDetails?problemId=2001',
    call: '/utilities/user-problem/problem-detail',
    // The complaint's question type, as the server answered it.
    data: (page) => page.getByText('Too many calls or messages'),
  },
  {
    path: '/complainPageNext?problemType=2&problemSonType=&orderNo=LN20241105001&productId=1&orderId=86',
    call: '/utilities/user-problem/problem-init',
    // The title of the link's question type, from the server's list.
    data: (page) => page.getByText('Repayment problem'),
  },
  {
    // The legacy card repayment: its call is on the API's origin, its cards are the answer's.
    path: '/legacyRepay?productId=1&orderId=86&amount=1530.00&userId=501',
    call: '/api/v1/h5/service/loan/repayment-way',
    data: (page) => page.getByRole('radio', { name: /\*\*\*\* 3456/ }),
  },
  {
    // The pay code the link names, with its picture: the screen's data is its address.
    path: `/repaymentOfCode?productId=1&orderId=86&showType=1&payCode=7E860042&payCodeImg=${encodeURIComponent('/utilities/repay-demo-images/7-eleven.svg')}&repayAmount=1530.00`,
    call: null,
    data: (page) => page.getByText('7E860042'),
  },
  {
    // Its offer opens as a dialog on the first render, in the page (ADR 0057).
    path: '/loanConfirmNew?productId=1&orderId=86',
    call: '/utilities/v4/loan-confirm/detail',
    data: (page) => page.getByRole('button', { name: 'Get my money now' }),
  },
]

/** The requests the page sends to `path` (none for none). */
function watch(page: Page, path: string | null): Request[] {
  const calls: Request[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) calls.push(request)
  })
  return calls
}

test.describe('without JavaScript, a data route shows the data', () => {
  test.use({ javaScriptEnabled: false })

  for (const route of ROUTES) {
    test(`${route.path.split('?')[0]} arrives with its data`, async ({ page }) => {
      await page.goto(route.path)
      await expect(route.data(page)).toBeVisible()
      await expect(page.getByRole('status', { name: 'Loading...' })).toHaveCount(0)
    })
  }
})

for (const route of ROUTES) {
  test(`${route.path.split('?')[0]} hydrates the data it came with: no call, no mismatch, the same elements`, async ({
    page,
  }) => {
    const problems = hydrationProblems(page)
    const calls = watch(page, route.call)
    const release = await holdScripts(page)
    const response = await page.goto(route.path, { waitUntil: 'commit' })
    expect(response?.headers()['cache-control']).toBe('private, no-store')
    const data = route.data(page)
    await expect(data).toBeVisible()
    // A mark on the painted element survives only if the remote hydrates it rather than painting anew.
    await data.evaluate((element) => element.setAttribute('data-painted-by', 'page'))
    release()
    await remoteMounted(page)
    await expect(page.locator('#first-frame')).toHaveCount(0)
    await expect(data).toHaveAttribute('data-painted-by', 'page')
    await page.waitForLoadState('networkidle')
    expect(calls).toEqual([])
    expect(problems).toEqual([])
  })
}

test('the offer the v2 confirmation opens on its first render comes with the page, and closes once hydrated', async ({
  page,
}) => {
  const problems = hydrationProblems(page)
  const release = await holdScripts(page)
  await page.goto('/loanConfirmNew?productId=1&orderId=86', { waitUntil: 'commit' })
  const offer = page.getByRole('dialog', { name: 'Special offer' })
  await expect(offer.getByText('Confirm today and your first service fee is waived.')).toBeVisible()
  await offer.evaluate((element) => element.setAttribute('data-painted-by', 'page'))
  release()
  await remoteMounted(page)
  await expect(offer).toHaveAttribute('data-painted-by', 'page')
  await offer.getByRole('button', { name: 'OK' }).click()
  await expect(offer).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Get my money now' })).toBeVisible()
  expect(problems).toEqual([])
})

test('the hydrated repayment works: its details expand and its payment method opens', async ({ page }) => {
  const problems = hydrationProblems(page)
  await page.goto('/repay?productId=1&orderId=86')
  await remoteMounted(page)
  const list = page.getByRole('region', { name: 'Repayment details' })
  await expect(list.locator('dt')).toHaveCount(2)
  await page.getByRole('button', { name: 'more' }).click()
  await expect(list.locator('dt')).toHaveCount(4)
  await page.getByRole('button', { name: 'Payment Method' }).click()
  await expect(page.getByRole('dialog', { name: 'Payment Method' })).toBeVisible()
  expect(problems).toEqual([])
})

test('a page rendered without the session the browser kept is not hydrated: the screen asks with that session', async ({
  page,
}) => {
  const problems = hydrationProblems(page)
  const session = `e2e-kept-${test.info().project.name}-${Date.now()}`
  await page.goto(`/repay?productId=1&orderId=86&sessionId=${session}`)
  await remoteMounted(page)
  // The app's next page names no session: the server renders it with none, the browser has one.
  const calls = watch(page, '/utilities/v3/installment/loan-play-detail')
  await page.goto('/repay?productId=1&orderId=86')
  await remoteMounted(page)
  await expect(page.getByRole('heading', { name: '₱1.530,00' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(calls.map((call) => new URL(call.url()).searchParams.get('sessionId'))).toEqual([session])
  expect(problems).toEqual([])
})

for (const route of ROUTES.filter((r) => r.call !== null)) {
  test(`${route.path.split('?')[0]}: when the API stalls, the static page goes at once and the screen calls itself`, async ({
    page,
  }) => {
    const problems = hydrationProblems(page)
    const calls = watch(page, route.call)
    const release = await holdScripts(page)
    const session = `${SLOW_SESSION_PREFIX}-${test.info().project.name}-${Date.now()}`
    const response = await page.goto(`${route.path}&sessionId=${session}`, { waitUntil: 'commit' })
    // The page as the release wrote it: the screen's first call in it, no data, which the API has not sent yet.
    const html = await response!.text()
    expect(html).toContain('<script type="application/json" id="first-call">')
    expect(html).not.toContain('id="rendered-loads"')
    await expect(page.locator('#first-frame')).toBeVisible()
    await expect(route.data(page)).toHaveCount(0)
    const sent = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
      return navigation.responseEnd > 0 ? navigation.responseEnd - navigation.requestStart : null
    })
    // The whole page arrived well before the stalled API answered (at the render budget, 300 ms by default).
    if (sent !== null) expect(sent).toBeLessThan(SLOW_API_MS)
    release()
    await expect(route.data(page)).toBeVisible({ timeout: SLOW_API_MS * 5 })
    // The page's own first call (ADR 0010), taken by the screen: asked once, by the browser.
    expect(calls).toHaveLength(1)
    expect(calls[0].resourceType()).toBe('fetch')
    expect(problems).toEqual([])
  })
}

test.describe('behind nginx, with the render service stopped', () => {
  // One nginx for these tests, in one worker: the suite runs tests in parallel otherwise.
  test.describe.configure({ mode: 'serial' })
  // A server of its own: nginx over the suite's pages, its render service at an address nobody answers.
  const PORT = Number(process.env.E2E_DATA_PORT ?? 4345)
  let nginx: ChildProcess | null = null

  test.beforeAll(async () => {
    test.skip(test.info().project.name !== 'embedded', 'one nginx of its own is enough')
    test.setTimeout(120_000)
    nginx = startDeploy('nginx', {
      NGINX_PORT: String(PORT),
      API_UPSTREAM: `http://127.0.0.1:${process.env.E2E_PORT ?? 4310}`,
      // Port 9 (discard): refused on loopback, as a stopped service is.
      RENDER_UPSTREAM: 'http://127.0.0.1:9',
    })
    await waitFor(`http://127.0.0.1:${PORT}/registry.json`, nginx)
  })

  test.afterAll(() => stop(nginx))

  for (const route of ROUTES) {
    test(`${route.path.split('?')[0]} is the static page, and the screen gets its data`, async ({ page }) => {
      const calls = watch(page, route.call)
      const response = await page.goto(`http://127.0.0.1:${PORT}${route.path}`)
      expect(response?.status()).toBe(200)
      expect(response?.headers()['cache-control']).toBe('no-cache')
      const html = await response!.text()
      // The page as written: the screen's first call in it (when it has one), its loading state, no data.
      if (route.call) expect(html).toContain('<script type="application/json" id="first-call">')
      expect(html).toContain('id="first-frame"')
      expect(html).not.toContain('id="rendered-loads"')
      await expect(route.data(page)).toBeVisible()
      expect(calls).toHaveLength(route.call ? 1 : 0)
    })
  }
})
