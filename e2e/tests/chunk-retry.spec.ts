import { expect, test, type Page } from '@playwright/test'

/*
 * Issue #30, item 3: one failed file load never breaks the page. Each kind of file a page loads on demand
 * fails on its first request; the page recovers on its own, without a reload (the loader every dynamic
 * import goes through fetches it once more, under a new address: shared/config/retry-imports.ts). The
 * page's entry has no second chance: its watchdog replaces the first frame with a screen to reload from.
 */

/** Fails the first request whose path matches `file`; returns every path (with query) requested for it. */
async function failFirst(page: Page, file: RegExp): Promise<string[]> {
  const requested: string[] = []
  await page.route(
    (url) => file.test(url.pathname),
    async (route) => {
      const url = new URL(route.request().url())
      requested.push(url.pathname + url.search)
      if (requested.length === 1) await route.abort('connectionreset')
      else await route.continue()
    },
  )
  return requested
}

/** The page never reloaded: a mark set now is still there. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))
  return () =>
    page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)
}

const LEGACY = '/legacyRepay?productId=1&orderId=86&amount=1530.00&userId=501'

test("axios's chunk fails once: the page's first call still comes, with no error and no reload", async ({
  page,
}) => {
  const requested = await failFirst(page, /\/assets\/axios-[\w-]+\.js$/)
  // The legacy page declares no first call: its card list needs the request helper, so axios, at once.
  await page.goto(LEGACY)
  await expect(page.getByRole('radio', { name: /^BDO Unibank/ })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(requested).toHaveLength(2)
  expect(requested[1]).toMatch(/\?retry=\d+$/)
})

test("the toast's chunk fails once: the toast still shows", async ({ page }) => {
  const requested = await failFirst(page, /\/assets\/toast-[\w-]+\.js$/)
  await page.goto(LEGACY)
  await expect(page.getByRole('radio', { name: /^BDO Unibank/ })).toBeVisible()
  const sameDocument = await markPage(page)
  await page.getByRole('button', { name: '立即还款' }).click()
  await expect(page.getByText('请先选择支付银行卡')).toBeVisible()
  // With its stylesheet, which the chunk's import brings (a dark box, not bare text).
  const box = page.locator('.adm-toast-main')
  expect(await box.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
    'rgba(0, 0, 0, 0)',
  )
  // Fetched again under a new address by the loader: WebKit would fail the same address without a request.
  // (Chromium also fetches the same address again when the borrower's tap imports it before the retry.)
  await expect.poll(() => requested.slice(1).some((path) => /\?retry=\d+$/.test(path))).toBe(true)
  expect(await sameDocument()).toBe(true)
})

test("an overlay's chunk fails once (antd-mobile's popup, in mf-bindcard): the picker still opens", async ({
  page,
}) => {
  const requested = await failFirst(page, /\/remotes\/mf-bindcard\/[^/]+\/assets\/popup-[\w-]+\.js$/)
  await page.goto('/bindBank')
  await page.getByRole('tab', { name: 'Bank card' }).click()
  const sameDocument = await markPage(page)
  await page.getByRole('button', { name: 'City of residence', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'City of residence' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  // Fetched again under a new address by the loader: WebKit would fail the same address without a request.
  // (Chromium also fetches the same address again when the borrower's tap imports it before the retry.)
  await expect.poll(() => requested.slice(1).some((path) => /\?retry=\d+$/.test(path))).toBe(true)
  expect(await sameDocument()).toBe(true)
})

test("a remote's lazy chunk fails once (mf-repay's image viewer): the picture still enlarges", async ({
  page,
}) => {
  const requested = await failFirst(page, /\/remotes\/mf-repay\/[^/]+\/assets\/image-viewer-[\w-]+\.js$/)
  await page.goto('/paymentInstructions')
  const sameDocument = await markPage(page)
  await page.getByRole('button', { name: 'Enlarge step 2 of GCash' }).click()
  await expect(page.locator('.adm-image-viewer-content img').nth(1)).toBeVisible()
  // Fetched again under a new address by the loader: WebKit would fail the same address without a request.
  // (Chromium also fetches the same address again when the borrower's tap imports it before the retry.)
  await expect.poll(() => requested.slice(1).some((path) => /\?retry=\d+$/.test(path))).toBe(true)
  expect(await sameDocument()).toBe(true)
})

test("the page's entry fails to download: the first frame gives way to a screen whose Reload brings the page", async ({
  page,
}) => {
  let failing = true
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) =>
    failing ? route.abort('connectionreset') : route.continue(),
  )
  await page.goto('/aboutUs')
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible()
  failing = false
  await page.getByRole('button', { name: 'Reload' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /about us/i })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toHaveCount(0)
})
