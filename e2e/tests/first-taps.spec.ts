import { expect, test, type Page } from '@playwright/test'

/**
 * No tap lost before hydration (issue #31, item 5; ADR 0032): a tap on a control of the first frame, made
 * while the page's scripts are still held back, is done by the screen once it has hydrated, exactly once.
 */

/** The scripts are held back at least 2 s, and until the test has tapped: the tap lands on the bare frame. */
async function holdScripts(page: Page) {
  let release: () => void = () => undefined
  const tapped = new Promise<void>((resolve) => (release = resolve))
  const twoSeconds = new Promise((resolve) => setTimeout(resolve, 2_000))
  await page.route(/\.js(\?|$)/, async (route) => {
    await Promise.all([tapped, twoSeconds])
    await route.continue()
  })
  return release
}

/** How many times `text` was put into the page (a toast shown twice counts twice, even over itself). */
async function countShown(page: Page, text: string) {
  await page.addInitScript((wanted) => {
    const w = window as unknown as { shown: number }
    w.shown = 0
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node.textContent?.includes(wanted)) w.shown += 1
    }).observe(document, { childList: true, subtree: true })
  }, text)
  return () => page.evaluate(() => (window as unknown as { shown: number }).shown)
}

const notHydrated = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('remote-mounted').length === 0)

for (const path of ['/promotion?id=7&app_from=fb#/registerTemplate', '/standalone/promotion?id=7']) {
  test(`the promotion landing ${path.split('?')[0]}: 立即申请 tapped at first paint with no phone says so once`, async ({
    page,
  }) => {
    const shown = await countShown(page, '请正确输入手机号！')
    const release = await holdScripts(page)
    const calls: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') calls.push(request.url())
    })
    await page.goto(path, { waitUntil: 'commit' })
    const apply = page.getByRole('button', { name: '立即申请' })
    await apply.click()
    // Tapped twice while nothing answers: still one apply.
    await apply.click()
    expect(await notHydrated(page)).toBe(true)
    const url = page.url()
    release()
    await expect(page.getByText('请正确输入手机号！')).toBeVisible()
    // The page was not submitted away (no reload without the ad link's parameters) and asked nothing.
    expect(page.url()).toBe(url)
    await page.waitForTimeout(500)
    expect(await shown()).toBe(1)
    expect(calls.filter((call) => /register|sms/i.test(call))).toEqual([])
  })
}

test('the promotion landing keeps the phone typed and the Enter pressed before hydration: the captcha is asked for', async ({
  page,
}) => {
  const shown = await countShown(page, '请正确输入图形验证码！')
  const release = await holdScripts(page)
  await page.goto('/promotion?id=7#/registerTemplate', { waitUntil: 'commit' })
  const phone = page.getByLabel('手机号')
  await phone.fill('13800000011')
  // Enter in the field: the browser submits the form through its submit button.
  await phone.press('Enter')
  expect(await notHydrated(page)).toBe(true)
  release()
  await expect(page.getByText('请正确输入图形验证码！')).toBeVisible()
  await expect(page.getByLabel('手机号')).toHaveValue('13800000011')
  await page.waitForTimeout(500)
  expect(await shown()).toBe(1)
  await expect(page.getByText('请正确输入手机号！')).toHaveCount(0)
})

test('the marketing site: the highlights paused at first paint are paused once hydrated', async ({
  page,
}) => {
  const release = await holdScripts(page)
  await page.goto('/', { waitUntil: 'commit' })
  await page.getByRole('button', { name: 'Pause the highlights' }).click()
  expect(await notHydrated(page)).toBe(true)
  release()
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('remote-mounted').length)).toBe(1)
  // Replayed once: twice would have played them again.
  await expect(page.getByRole('button', { name: 'Play the highlights' })).toBeVisible()
})

test('the marketing site: a link tapped at first paint navigates, once', async ({ page }) => {
  const release = await holdScripts(page)
  await page.goto('/', { waitUntil: 'commit' })
  const before = await page.evaluate(() => history.length)
  await page.getByRole('navigation').getByRole('link', { name: 'About us', exact: true }).click()
  expect(await notHydrated(page)).toBe(true)
  release()
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible()
  await expect(page).toHaveURL(/\/#about$/)
  expect(await page.evaluate(() => history.length)).toBe(before + 1)
})
