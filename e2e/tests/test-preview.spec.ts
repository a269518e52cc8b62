import { expect, test, type Page } from '@playwright/test'

test('the test page has the eight fields with their defaults', async ({ page }) => {
  await page.goto('/testPreview')
  const expected: [string, string][] = [
    ['App version', '1.0.0'],
    ['Device name', ''],
    ['Device id', ''],
    ['OS version', ''],
    ['Session id', ''],
    ['Ad id', ''],
    ['Product id', '1'],
    ['Order id', '86'],
  ]
  for (const [label, value] of expected)
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value)
})

test('links carry the fields as query; session fields are then kept in the session, not the address bar', async ({
  page,
}) => {
  await page.goto('/testPreview')
  await page.getByLabel('Session id', { exact: true }).fill('s-77')
  await page.getByLabel('Order id', { exact: true }).fill('151')
  const about = page.getByRole('link', { name: 'About us' })
  const href = new URL((await about.getAttribute('href'))!, 'http://x')
  expect(href.pathname).toBe('/aboutUs')
  // Every field, an empty one too: the link sets the session to what the page shows.
  expect(Object.fromEntries(href.searchParams)).toEqual({
    appVersion: '1.0.0',
    deviceName: '',
    deviceId: '',
    osVersion: '',
    sessionId: 's-77',
    adId: '',
    productId: '1',
    orderId: '151',
  })
  await about.click()
  await expect(page.getByRole('heading', { level: 1, name: /about us/i })).toBeVisible()
  const url = new URL(page.url())
  expect(url.pathname).toBe('/aboutUs')
  expect(url.searchParams.get('orderId')).toBe('151')
  expect(url.searchParams.has('sessionId')).toBe(false)
  const stored = await page.evaluate(() => sessionStorage.getItem('loan-shell:session'))
  expect(JSON.parse(stored!).session.sessionId).toBe('s-77')
})

async function stored(
  page: Page,
): Promise<{ session: Record<string, string>; globals: Record<string, string> }> {
  return JSON.parse((await page.evaluate(() => sessionStorage.getItem('loan-shell:session')))!)
}

test('an in-app link with orderId=87 updates the stored globals; a screen reading them gets order 87', async ({
  page,
}) => {
  const initOrders: (string | null)[] = []
  page.on('request', (r) => {
    if (r.url().includes('/user-problem/problem-init'))
      initOrders.push(new URLSearchParams(r.postData() ?? '').get('orderId'))
  })
  await page.goto('/complaint?orderId=86')
  await expect(page.getByRole('heading', { name: 'Select question type' })).toBeVisible()
  expect((await stored(page)).globals.orderId).toBe('86')

  await page.goto('/testPreview')
  // The fields start from the session.
  await expect(page.getByLabel('Order id', { exact: true })).toHaveValue('86')
  await page.getByLabel('Order id', { exact: true }).fill('87')
  await page.getByRole('link', { name: 'Complaint', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Select question type' })).toBeVisible()
  expect((await stored(page)).globals.orderId).toBe('87')

  // In-app navigation to the entry without an order: the screen falls back to the session's global one.
  initOrders.length = 0
  await page.evaluate(() => {
    history.pushState(null, '', '/complaint')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect.poll(() => initOrders).toEqual(['87'])
})

test('clearing a field on the test page and following a link clears the stored value', async ({ page }) => {
  await page.goto('/testPreview')
  await page.getByLabel('Device name', { exact: true }).fill('Pixel')
  await page.getByRole('link', { name: 'About us' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /about us/i })).toBeVisible()
  expect((await stored(page)).session.deviceName).toBe('Pixel')

  await page.goBack()
  await expect(page.getByLabel('Device name', { exact: true })).toHaveValue('Pixel')
  await page.getByLabel('Device name', { exact: true }).fill('')
  await page.getByLabel('Order id', { exact: true }).fill('')
  await page.getByRole('link', { name: 'About us' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /about us/i })).toBeVisible()
  const session = await stored(page)
  expect(session.session.deviceName).toBeUndefined()
  expect(session.globals.orderId).toBeUndefined()
  expect(session.session.appVersion).toBe('1.0.0')
})

test('every listed link reaches its route', async ({ page }) => {
  await page.goto('/testPreview')
  const links = page.getByRole('navigation', { name: 'Pages', exact: true }).getByRole('link')
  await expect(links).toHaveCount(10)
  const paths = await links.evaluateAll((as) =>
    as.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
  )
  expect(paths).toEqual([
    '/loanConfirm',
    '/loanDetails',
    '/repay',
    '/delayRepay',
    '/bindBank',
    '/aboutUs',
    '/complaint',
    '/customerService',
    '/privacyPolicy',
    '/paymentInstructions',
  ])
  for (const path of paths) {
    await page.goto('/testPreview')
    await page.getByRole('navigation', { name: 'Pages', exact: true }).locator(`a[href^="${path}?"]`).click()
    await expect(page).toHaveURL(new RegExp(`${path}\\?.*productId=1.*orderId=86`))
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0)
  }
})

test("the loan demo's links open their scenarios: one order per status, a confirmation product", async ({
  page,
}) => {
  await page.goto('/testPreview')
  const demo = page.getByRole('navigation', { name: 'Loan demo' })
  await demo.getByRole('link', { name: 'Status 21 with a link: withdrawal prompt' }).click()
  await expect(page).toHaveURL(/\/loanDetails\?.*orderId=21/)
  await expect(
    page.getByText('Your loan of ₱5.000,00 is ready. Withdraw it to your account now?'),
  ).toBeVisible()
  await page.goBack()
  await page
    .getByRole('navigation', { name: 'Loan demo' })
    .getByRole('link', { name: 'Status 200, Borrow Again and app rating' })
    .click()
  await expect(page.getByRole('button', { name: 'Borrow Again' })).toBeVisible()
})

test("the repayment demo's links open their scenarios: a code page with its picture, code page 2 after a repayment", async ({
  page,
}) => {
  const demo = () => page.getByRole('navigation', { name: 'Repayment demo' })
  await page.goto('/testPreview')
  await demo().getByRole('link', { name: 'Pay code with the store picture (showType 1)' }).click()
  await expect(page.getByText('7E860042')).toBeVisible()
  // The demo's picture is the app's own (the page's CSP allows it): it really loads.
  const picture = page.locator('img[src*="repay-demo-images/7-eleven.svg"]')
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)

  await page.goto('/testPreview')
  await demo().getByRole('link', { name: 'Repayment with banner, pay code and 3 channels (86)' }).click()
  await expect(page.getByText('PF8600123456')).toBeVisible()
  // The page comes with its data (ADR 0054); what code page 2 shows, it stores once hydrated.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('repayInfo'))).not.toBeNull()
  await page.goto('/testPreview')
  await demo()
    .getByRole('link', { name: 'Code page 2: what a repayment page of order 86 stored in this tab' })
    .click()
  await expect(page.getByText('PF8600123456')).toBeVisible()
})

test('photo picker previews the chosen image', async ({ page }) => {
  await page.goto('/testPreview')
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  )
  await page.getByLabel('Photo').setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: png })
  await expect(page.getByRole('img', { name: 'Selected photo preview' })).toBeVisible()
})

test('get location reports a refused permission clearly', async ({ page }) => {
  await page.goto('/testPreview')
  await page.getByRole('button', { name: 'get location' }).click()
  await expect(
    page.getByText(/Location permission was refused|Location is not available|could not be determined/),
  ).toBeVisible()
})

test('get location shows coordinates when allowed', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 412, height: 823 },
    permissions: ['geolocation'],
    geolocation: { latitude: 14.5547, longitude: 121.0244 },
  })
  const page = await context.newPage()
  await page.goto('/testPreview')
  await page.getByRole('button', { name: 'get location' }).click()
  await expect(page.getByText('Latitude 14.554700, longitude 121.024400')).toBeVisible()
  await context.close()
})
