import { expect, test, type Page, type Request } from '@playwright/test'

/** Records what the page asks of the app (the iOS bridge), by action. */
async function recordBridge(page: Page) {
  await page.addInitScript(() => {
    const calls: string[] = []
    const handler = (action: string) => ({ postMessage: () => calls.push(action) })
    Object.assign(window, {
      __bridgeCalls: calls,
      webkit: {
        messageHandlers: Object.fromEntries(
          ['startBank', 'endBank', 'closeWebview'].map((action) => [action, handler(action)]),
        ),
      },
    })
  })
  return () => page.evaluate(() => (window as unknown as { __bridgeCalls: string[] }).__bridgeCalls)
}

function bindRequests(page: Page): Request[] {
  const seen: Request[] = []
  page.on('request', (r) => {
    if (/\/v3\/(bind-card\/bind-card-new|provider\/card-change)/.test(r.url())) seen.push(r)
  })
  return seen
}

async function pick(page: Page, field: string, choices: string[]) {
  await page.getByRole('button', { name: field, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: field })
  for (const choice of choices) await dialog.getByRole('radio', { name: choice, exact: true }).click()
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(dialog).toBeHidden()
}

async function fillBankCard(page: Page, cardNo: string) {
  await page.getByRole('tab', { name: 'Bank card' }).click()
  await pick(page, 'Bank', ['BDO Unibank'])
  await page.getByLabel('Bank card number').pressSequentially(cardNo)
  await pick(page, 'City of residence', ['Cebu', 'Cebu City'])
  await page.getByLabel('Date of birth').fill('1991-02-03')
  await page.getByLabel('ZIP code').fill('6000')
}

test('from the test page: bank card form, one bind per double tap, then the web view closes', async ({
  page,
}) => {
  const bridge = await recordBridge(page)
  const binds = bindRequests(page)
  await page.goto('/testPreview')
  await page.getByRole('link', { name: 'Bank binding' }).click()
  await expect(page.getByRole('heading', { name: 'Payment account information' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'E-wallet' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('radio', { name: 'GCash' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByLabel('GCash number')).toBeVisible()
  await expect.poll(bridge).toEqual(['startBank'])

  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Please fill in GCash number')).toBeVisible()

  await fillBankCard(page, '4111 1111-1111 1111')
  await expect(page.getByLabel('Bank card number')).toHaveValue('4111 1111 1111 1111')
  await page.getByRole('button', { name: 'Next' }).dblclick()
  await expect.poll(bridge).toEqual(['startBank', 'closeWebview'])
  expect(binds).toHaveLength(1)
  expect(new URL(binds[0].url()).pathname).toBe('/utilities/v3/bind-card/bind-card-new')
  expect(Object.fromEntries(new URLSearchParams(binds[0].postData() ?? ''))).toEqual({
    bankCode: 'BDO',
    cardNo: '4111111111111111',
    city: 'Cebu, Cebu City',
    birthday: '1991-02-03',
    zipCode: '6000',
    product_id: '1',
    cardType: '2',
  })
  expect(binds[0].headers()['idempotency-key']).toBeTruthy()
})

test('from loan detail: card change, then the order page with the carried query', async ({ page }) => {
  const bridge = await recordBridge(page)
  const binds = bindRequests(page)
  await page.goto('/bindBank?source=loanDetail&productId=1&orderId=86')
  await page.getByLabel('GCash number').pressSequentially('0917-123-4567')
  await expect(page.getByLabel('GCash number')).toHaveValue('091 7123 4567')
  await pick(page, 'City of residence', ['Metro Manila', 'Quezon City'])
  await page.getByLabel('Date of birth').fill('1985-12-31')
  await page.getByLabel('ZIP code').fill('1100')
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/order\?source=loanDetail&productId=1&orderId=86$/)
  expect(binds).toHaveLength(1)
  expect(new URL(binds[0].url()).pathname).toBe('/utilities/v3/provider/card-change')
  expect(Object.fromEntries(new URLSearchParams(binds[0].postData() ?? ''))).toEqual({
    walletPhone: '09171234567',
    city: 'Metro Manila, Quezon City',
    birthday: '1985-12-31',
    zipCode: '1100',
    product_id: '1',
    cardType: '1',
  })
  // Leaving the page ends the bank flow; the web view stays open.
  await expect.poll(bridge).toEqual(['startBank', 'endBank'])
})

test('a refused bind shows the server message and keeps what was typed', async ({ page }) => {
  const bridge = await recordBridge(page)
  await page.goto('/bindBank?productId=1')
  await fillBankCard(page, '4111111111110000')
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(
    page.getByText('Demo: this account could not be verified. Please check the number.'),
  ).toBeVisible()
  await expect(page.getByLabel('Bank card number')).toHaveValue('4111 1111 1111 0000')
  await expect(page.getByRole('button', { name: 'Bank', exact: true })).toHaveText('BDO Unibank')
  await expect(page.getByLabel('ZIP code')).toHaveValue('6000')
  expect(await bridge()).toEqual(['startBank'])
})
