import { expect, test, type Page } from '@playwright/test'

/*
 * Issue #30, item 3: one failed file load never breaks the page. Each kind of file a page loads on demand
 * fails at its own address; the page recovers on its own, without a reload (the loader every dynamic import
 * goes through fetches it once more, under a new address: shared/config/retry-imports.ts). The page's entry
 * has no second chance: its watchdog replaces the first frame with a screen to reload from.
 */

/**
 * Fails every request for a chunk's own address (`file`, no query), as WebKit answers an `import()` of an
 * address that failed once: from its cache, for the document's life. Only a fetch under a new address (the
 * loader's `?retry=`) gets the chunk. Returns every path (with query) requested for it.
 */
async function failOwnAddress(page: Page, file: RegExp): Promise<string[]> {
  const requested: string[] = []
  await page.route(
    (url) => file.test(url.pathname),
    async (route) => {
      const url = new URL(route.request().url())
      requested.push(url.pathname + url.search)
      if (url.search === '') await route.abort('connectionreset')
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

test("axios's chunk cannot be fetched at its address: the legacy page's commit still goes, with no error and no reload", async ({
  page,
}) => {
  const requested = await failOwnAddress(page, /\/assets\/axios-[\w-]+\.js$/)
  // The card list is the page's first call (sent without axios); the commit needs the request helper, whose
  // code loads once the screen is on screen, or at the tap if that comes first.
  await page.goto(LEGACY)
  await page.getByRole('radio', { name: /^BDO Unibank/ }).click()
  const sameDocument = await markPage(page)
  await page.getByRole('button', { name: '立即还款' }).click()
  await expect(page.getByRole('dialog', { name: '短信验证' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(requested.some((path) => /\?retry=\d+$/.test(path))).toBe(true)
  expect(await sameDocument()).toBe(true)
})

test("the toast's chunk cannot be fetched at its address: the toast still shows", async ({ page }) => {
  const requested = await failOwnAddress(page, /\/assets\/toast-[\w-]+\.js$/)
  await page.goto(LEGACY)
  await expect(page.getByRole('radio', { name: /^BDO Unibank/ })).toBeVisible()
  const sameDocument = await markPage(page)
  await page.getByRole('button', { name: '立即还款' }).click()
  await expect(page.getByText('请先选择支付银行卡')).toBeVisible()
  // antd-mobile's toast (not the fallback the page shows without its code), with its stylesheet, which the
  // chunk's import brings (a dark box, not bare text).
  const box = page.locator('.adm-toast-main')
  await expect(box).toBeVisible()
  expect(await box.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
    'rgba(0, 0, 0, 0)',
  )
  expect(requested.some((path) => /\?retry=\d+$/.test(path))).toBe(true)
  expect(await sameDocument()).toBe(true)
})

test("an overlay's chunk cannot be fetched at its address (antd-mobile's popup, in mf-bindcard): the picker still opens", async ({
  page,
}) => {
  const requested = await failOwnAddress(page, /\/remotes\/mf-bindcard\/[^/]+\/assets\/popup-[\w-]+\.js$/)
  await page.goto('/bindBank')
  await page.getByRole('tab', { name: 'Bank card' }).click()
  const sameDocument = await markPage(page)
  await page.getByRole('button', { name: 'City of residence', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'City of residence' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(requested.some((path) => /\?retry=\d+$/.test(path))).toBe(true)
  expect(await sameDocument()).toBe(true)
})

test("a remote's lazy chunk cannot be fetched at its address (mf-repay's image viewer): the picture still enlarges", async ({
  page,
}) => {
  const requested = await failOwnAddress(page, /\/remotes\/mf-repay\/[^/]+\/assets\/image-viewer-[\w-]+\.js$/)
  await page.goto('/paymentInstructions')
  const sameDocument = await markPage(page)
  await page.getByRole('button', { name: 'Enlarge step 2 of GCash' }).click()
  await expect(page.locator('.adm-image-viewer-content img').nth(1)).toBeVisible()
  expect(requested.some((path) => /\?retry=\d+$/.test(path))).toBe(true)
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
