import { expect, test, type Page } from '@playwright/test'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { CDN_DIR, packageOf } from 'deploy/paths'
import { FIRST_FRAME_MODULE, type FirstFrameRenderer } from 'shared/remote/first-frame'
import { hydrationProblems, holdScripts, remoteMounted } from './hydration'
import { staticPageOf } from './static-page'

/**
 * The first frame in the page (issue #16, ADR 0018): a route's screen paints from the HTML, before any
 * script, and the remote hydrates it without a second paint.
 */

/** Layout shifts without input since the page started (CLS's inputs), summed. */
async function observeShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number }
    w.shifts = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
      })[]) {
        if (!entry.hadRecentInput) w.shifts += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return () => page.evaluate(() => (window as unknown as { shifts: number }).shifts)
}

test('every route a remote declares a first frame for has one in its page', async ({ request }) => {
  // It loads every remote's renderer and fetches about 20 pages: on a loaded 2-core CI machine, beside the
  // other worker, that has run past the default 30 s (twice in CI, both passing on retry).
  test.slow()
  const registry = (await (await request.get('/registry.json')).json()) as {
    remotes: Record<string, { version: string }>
  }
  const load = createRequire(import.meta.url)
  const declared = Object.entries(registry.remotes).flatMap(([remote, { version }]) => {
    const renderer = load(join(CDN_DIR, packageOf(remote), version, FIRST_FRAME_MODULE)) as FirstFrameRenderer
    // The same renderer renders a data route with the borrower's data per request (ADR 0054).
    expect(typeof renderer.renderWithData, `${remote}'s renderWithData`).toBe('function')
    return renderer.paths.map((path) => ({ remote, path }))
  })
  expect(declared.length).toBeGreaterThanOrEqual(18)
  const pages = await Promise.all(declared.map(async ({ path }) => (await request.get(path)).text()))
  declared.forEach(({ remote, path }, i) =>
    expect(pages[i], `${path}'s page`).toContain(
      `<div id="first-frame" class="first-frame" data-remote="${remote}"`,
    ),
  )
})

test.describe('without JavaScript, the page itself shows the screen', () => {
  test.use({ javaScriptEnabled: false })

  for (const [path, heading] of [
    ['/', 'CashLoan: cash loans made simple'],
    ['/aboutUs', 'About us'],
    ['/privacyPolicy', 'Privacy Policy'],
    ['/loanAgreement', 'Loan terms and conditions'],
    ['/paymentInstructions', 'Payment instructions'],
    ['/customerService', 'Customer service'],
  ] as const) {
    test(`${path} paints its content from the HTML`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
    })
  }

  test('a data screen on its static page paints its loading state', async ({ page }) => {
    await page.goto(staticPageOf('/loanDetails?productId=1&orderId=86'))
    await expect(page.getByRole('status', { name: 'Loading...' })).toBeVisible()
  })

  for (const path of ['/promotion?id=7&app_from=fb#/registerTemplate', '/standalone/promotion?id=7']) {
    test(`the promotion landing ${path.split('?')[0]} paints its form`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: '注册' })).toBeVisible()
      await expect(page.getByRole('button', { name: '立即申请' })).toBeVisible()
    })
  }
})

test('the frame stays while the remote travels, then the remote takes over the same elements', async ({
  page,
}) => {
  const problems = hydrationProblems(page)
  const shifts = await observeShifts(page)
  // Hold the remote's code until the frame has been seen alone on screen.
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/remotes/mf-site/**/*.js', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/aboutUs')
  const heading = page.getByRole('heading', { level: 1, name: 'About us' })
  await expect(heading).toBeVisible()
  await expect(page.locator('#first-frame')).toHaveCount(1)
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0)
  // A mark on the painted element survives only if the remote hydrates it rather than painting anew.
  await heading.evaluate((element) => element.setAttribute('data-painted-by', 'page'))
  release()
  await remoteMounted(page)
  await expect(page.locator('#first-frame')).toHaveCount(0)
  await expect(page.locator('#root .remote-root h1')).toHaveAttribute('data-painted-by', 'page')
  expect(await shifts()).toBe(0)
  expect(problems).toEqual([])
})

test('the home page hydrates without a shift and its controls work', async ({ page }) => {
  const problems = hydrationProblems(page)
  const shifts = await observeShifts(page)
  await page.goto('/')
  await remoteMounted(page)
  await page.getByRole('navigation').getByRole('link', { name: 'About us', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible()
  expect(await shifts()).toBeLessThanOrEqual(0.01)
  expect(problems).toEqual([])
})

for (const path of ['/promotion', '/standalone/promotion']) {
  test(`the promotion landing ${path} hydrates its form, which then works with the ad link's parameters`, async ({
    page,
  }) => {
    const problems = hydrationProblems(page)
    await page.goto(`${path}?id=7&app_from=fb&user_from=ad#/registerTemplate`)
    const phone = page.getByLabel('手机号')
    await expect(phone).toBeVisible()
    if (path === '/promotion') await remoteMounted(page)
    await expect(page.getByRole('link', { name: '《用户注册协议》' })).toHaveAttribute('href', /id=7/)
    await phone.fill('13800000011')
    await expect(phone).toHaveValue('13800000011')
    await page.getByRole('button', { name: '立即申请' }).click()
    await expect(page.getByText('请正确输入图形验证码！')).toBeVisible()
    expect(problems).toEqual([])
  })
}

/**
 * A page is written once per path, with the screen of the empty hash (issue #42, item 3; ADR 0049). On another
 * hash route that frame is not the screen: the page must never paint it, and the remote must not hydrate it
 * (React #418, logged as '[first frame] it did not match the screen…').
 */
for (const [address, heading, frameHeading] of [
  ['/promotion?id=7#/downloadTemplate', '注册成功，下载APP立即借款', '注册'],
  ['/promotion?id=7#/agreementTemplate', '用户注册协议', '注册'],
  ['/standalone/promotion?id=7#/downloadTemplate', '注册成功，下载APP立即借款', '注册'],
  ['/standalone/promotion#/agreementTemplate?id=7', '用户注册协议', '注册'],
  ['/#about', 'About us', 'CashLoan: cash loans made simple'],
] as const) {
  test(`${address} never paints the frame of its path and shows its own screen without a mismatch`, async ({
    page,
  }) => {
    const problems = hydrationProblems(page)
    const release = await holdScripts(page)
    await page.goto(address, { waitUntil: 'commit' })
    // The page's HTML alone, scripts held back: the frame is in it, but not on screen.
    await page.locator('#first-frame, #root[data-first-frame]').waitFor({ state: 'attached' })
    await expect(page.getByRole('heading', { name: frameHeading, exact: true })).toBeHidden()
    release()
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
    if (!address.startsWith('/standalone')) await remoteMounted(page)
    await expect(page.getByRole('heading', { name: frameHeading, exact: true })).toHaveCount(0)
    await expect(page.locator('#first-frame')).toHaveCount(0)
    expect(problems).toEqual([])
  })
}
