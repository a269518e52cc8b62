import { expect, test, type Page, type Request } from '@playwright/test'

const PAY_HOST = 'https://pay.cashloan-demo.ph'
const PAY_CALL = '/utilities/v3/loan-details/generate-vcode'

/** Nothing outside this machine is reachable: the demo's pay host answers here. */
async function servePayHost(page: Page) {
  await page.route(`${PAY_HOST}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Demo pay page</h1>' }),
  )
}

/** The requests the page sends to `path`. */
function watch(page: Page, path: string): Request[] {
  const calls: Request[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) calls.push(request)
  })
  return calls
}

test('instalment: the page comes with the data, the detail list expands, a channel is paid on the pay host', async ({
  page,
}) => {
  await servePayHost(page)
  const details = watch(page, '/utilities/v3/installment/loan-play-detail')
  const pays = watch(page, PAY_CALL)
  await page.goto('/repay?productId=1&orderId=86')
  await expect(page.getByRole('heading', { name: '₱1.530,00' })).toBeVisible()
  await expect(page.getByText('2026-12-15')).toBeVisible()
  // The server made the call and rendered the screen with its answer (ADR 0054): the browser asks none.
  expect(details).toEqual([])

  const list = page.getByRole('region', { name: 'Repayment details' })
  await expect(list.locator('dt')).toHaveCount(2)
  await page.getByRole('button', { name: 'more' }).click()
  await expect(list.locator('dt')).toHaveCount(4)
  await page.getByRole('button', { name: 'hide' }).click()
  await expect(list.locator('dt')).toHaveCount(2)

  await page.getByRole('button', { name: 'Payment Method' }).click()
  const picker = page.getByRole('dialog', { name: 'Payment Method' })
  await expect(picker.getByRole('radio', { name: 'GCash' })).toHaveAttribute('aria-checked', 'true')
  await picker.getByRole('button', { name: 'Pay now' }).click()
  await expect(page).toHaveURL(`${PAY_HOST}/checkout?order=86&channel=GCASH&amount=1530.00`)
  await expect(page.getByRole('heading', { name: 'Demo pay page' })).toBeVisible()
  expect(pays).toHaveLength(1)
  expect(pays[0].postData()).toBe('productId=1&orderId=86&amount=1530.00&channelNumber=GCASH')
  expect(await pays[0].headerValue('idempotency-key')).toBeTruthy()
})

test('extension: the plan, then paying the delay amount with isDelay=1 on the pay host', async ({ page }) => {
  await servePayHost(page)
  const pays = watch(page, PAY_CALL)
  await page.goto('/delayRepay?productId=1&orderId=86')
  await expect(page.getByRole('heading', { name: '₱320,00' })).toBeVisible()
  await expect(page.getByText('Your next payment date is 2026-12-22')).toBeVisible()
  const plan = page.getByRole('region', { name: 'Plan' }).getByRole('listitem')
  await expect(plan).toHaveCount(2)
  await expect(plan.first()).toContainText('Extension fee')
  await page.getByRole('button', { name: 'Payment Method' }).click()
  await page.getByRole('dialog', { name: 'Payment Method' }).getByRole('button', { name: 'Pay now' }).click()
  await expect(page).toHaveURL(`${PAY_HOST}/checkout?order=86&channel=GCASH&amount=320.00&type=delay`)
  expect(pays.map((pay) => pay.postData())).toEqual([
    'productId=1&orderId=86&amount=320.00&channelNumber=GCASH&isDelay=1',
  ])
})

test('ten fast taps on pay send one request', async ({ page }) => {
  let requests = 0
  await page.route(
    (url) => url.pathname === PAY_CALL,
    async (route) => {
      requests += 1
      // Slow enough for every tap to land while the call is in flight.
      await new Promise((resolve) => setTimeout(resolve, 800))
      await route.fulfill({ json: { code: '01', message: 'Demo: declined.', data: null } })
    },
  )
  await page.goto('/repay?productId=1&orderId=86')
  await page.getByRole('button', { name: 'Payment Method' }).click()
  const pay = page.getByRole('dialog', { name: 'Payment Method' }).getByRole('button', { name: 'Pay now' })
  await pay.evaluate((button: HTMLButtonElement) => {
    for (let i = 0; i < 10; i++) button.click()
  })
  await expect(page.getByText('Demo: declined.')).toBeVisible()
  expect(requests).toBe(1)
})

test('a payment whose answer never came says the outcome is unknown and is not retried', async ({ page }) => {
  const pays = watch(page, PAY_CALL)
  await page.goto('/repay?productId=1&orderId=89')
  await page.getByRole('button', { name: 'Payment Method' }).click()
  const picker = page.getByRole('dialog', { name: 'Payment Method' })
  await picker.getByRole('radio', { name: 'Demo: no answer' }).click()
  await picker.getByRole('button', { name: 'Pay now' }).click()
  await expect(page.getByRole('alert')).toContainText('We could not confirm the result.')
  await page.waitForLoadState('networkidle')
  expect(pays).toHaveLength(1)
})

test('code pages: a store channel leads to its copyable pay code, the QR channel to its QR image', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/repay?productId=1&orderId=86')
  await page.getByRole('button', { name: 'Payment Method' }).click()
  let picker = page.getByRole('dialog', { name: 'Payment Method' })
  await picker.getByRole('radio', { name: '7-Eleven' }).click()
  await picker.getByRole('button', { name: 'Pay now' }).click()
  await expect(page).toHaveURL(/\/repaymentOfCode\?showType=1&payCode=7E860042&/)
  await expect(page.getByRole('heading', { name: '₱1.530,00' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Payment channel' })).toBeVisible()
  await page.getByRole('button', { name: 'Copy Pay code' }).click()
  await expect(page.getByText('copy success')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('7E860042')

  await page.goBack()
  await page.getByRole('button', { name: 'Payment Method' }).click()
  picker = page.getByRole('dialog', { name: 'Payment Method' })
  await picker.getByRole('radio', { name: 'QR Ph' }).click()
  await picker.getByRole('button', { name: 'Pay now' }).click()
  await expect(page).toHaveURL(/\/repaymentOfCode\?showType=2&/)
  await expect(page.getByRole('img', { name: 'Payment QR code' })).toBeVisible()
  await expect(page.getByText('Scan this QR code and check the amount.')).toBeVisible()
  await expect(page.getByRole('button', { name: /Copy/ })).toHaveCount(0)
})

test('code page 2 shows what the repayment page stored, with its notices; a broken code link says so', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/repaymentOfCode2')
  await expect(page.getByRole('alert')).toContainText('No repayment was started on this device.')
  await page.goto('/delayRepay?productId=1&orderId=86')
  await page.getByRole('button', { name: 'How to pay with this code' }).click()
  await expect(page).toHaveURL(/\/repaymentOfCode2$/)
  const box = page.getByRole('region', { name: 'Pay code' })
  await expect(box.getByText('₱320,00')).toBeVisible()
  await box.getByRole('button', { name: 'Copy Pay code' }).click()
  await expect(page.getByText('copy success')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('PF8600123456')
  await expect(
    page.getByRole('region', { name: 'E-wallet' }).getByRole('heading', { name: 'Maya' }),
  ).toBeVisible()

  await page.goto('/repaymentOfCode?showType=2')
  await expect(page.getByRole('alert')).toContainText('This repayment link is incomplete.')
})
