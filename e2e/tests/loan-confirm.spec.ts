import { expect, test, type Page } from '@playwright/test'
import { remoteMounted } from './hydration'
import { bridgeCalls, inTheApp } from './in-the-app'

const PARTNERS = 'https://partners.cashloan-demo.ph'
const CONTRACTS = 'https://contracts.cashloan-demo.ph'
const PUSH = '/v3/loan-confirm/loan-detail-push'

/** Nothing outside this machine is reachable: the demo's link hosts answer here. */
async function serveDemoHosts(page: Page) {
  for (const host of [PARTNERS, CONTRACTS]) {
    await page.route(`${host}/**`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: `<h1>${new URL(route.request().url()).pathname}</h1>`,
      }),
    )
  }
}

/** The app's back action, as the native app sends it. */
const nativeBack = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { LoanShell: { onNativeBack(): boolean } }).LoanShell.onNativeBack(),
  )

test('Next pushes the loan once with an Idempotency-Key and replaces the page with lendDetailsUrl', async ({
  page,
}) => {
  await serveDemoHosts(page)
  const reads: string[] = []
  page.on('request', (r) => {
    if (/\/v3\/(loan-confirm\/loan-detail-confirm|contract\/contract)(\?|$)/.test(r.url()))
      reads.push(r.url())
  })
  await page.goto('/loanConfirm?productId=1&orderId=86')
  await expect(page.getByRole('heading', { name: 'Loan confirmation' })).toBeVisible()
  // Both asked by the server, which sent the page with the screen rendered from their answers (ADR 0054).
  expect(reads).toEqual([])
  await expect(page.getByText('₱5.000,00')).toBeVisible()
  await expect(page.getByText('91 days').first()).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'I have read and agree to' })).toBeChecked()
  const pushed = page.waitForRequest((r) => r.url().includes(PUSH))
  await page.getByRole('button', { name: 'Next' }).click()
  const push = await pushed
  expect(Object.fromEntries(new URLSearchParams(push.postData() ?? ''))).toEqual({
    productId: '1',
    amount: '5000',
    periods: '91',
    termUnit: '1',
  })
  expect(await push.headerValue('idempotency-key')).toBeTruthy()
  await expect(page).toHaveURL(`${PARTNERS}/lend-details?productId=1&orderId=86&from=confirm`)
  // Replaced: back does not return to the confirmation.
  await page.goBack()
  await expect(page).not.toHaveURL(/\/loanConfirm/)
})

test('unticked, Next is grey and inactive; ticked again, it works', async ({ page }) => {
  await page.goto('/loanConfirm?productId=1')
  const box = page.getByRole('checkbox', { name: 'I have read and agree to' })
  await box.uncheck()
  const next = page.getByRole('button', { name: 'Next' })
  await expect(next).toBeDisabled()
  await expect(next).toHaveCSS('background-color', 'rgb(191, 191, 191)')
  await box.check()
  await expect(next).toBeEnabled()
})

test('a double tap on Next sends one request', async ({ page }) => {
  await serveDemoHosts(page)
  let pushes = 0
  // A slow answer, so the second tap lands while the first is in flight.
  await page.route(`**${PUSH}*`, async (route) => {
    pushes += 1
    await new Promise((resolve) => setTimeout(resolve, 800))
    await route.continue()
  })
  await page.goto('/loanConfirm?productId=1&orderId=86')
  await page.getByRole('button', { name: 'Next' }).dblclick()
  await expect(page).toHaveURL(/\/lend-details\?/)
  expect(pushes).toBe(1)
})

test('a push without an answer says the outcome is unknown', async ({ page }) => {
  await page.goto('/loanConfirm?productId=push-timeout')
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(
    page.getByText('We could not confirm the result. Please check your order status before trying again.'),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/loanConfirm\?/)
})

test('an agreement title opens its contract_url', async ({ page }) => {
  await serveDemoHosts(page)
  await page.goto('/loanConfirm?productId=1&orderId=86')
  await page.getByRole('button', { name: 'Privacy Agreement' }).click()
  await expect(page).toHaveURL(`${CONTRACTS}/agreement/1`)
})

test("isPopType 1: the app's back shows 'Point out'; Agree stays, Cancel closes the web view", async ({
  page,
}) => {
  await inTheApp(page)
  await page.goto('/loanConfirm?productId=3')
  await expect(page.getByRole('heading', { name: 'Loan confirmation' })).toBeVisible()
  // The page may come with the screen rendered (ADR 0054): the app's back is the screen's once it has mounted.
  await remoteMounted(page)
  expect(await nativeBack(page)).toBe(true)
  const pointOut = page.getByRole('dialog', { name: 'Point out' })
  await expect(pointOut.getByText('Your loan is almost ready')).toBeVisible()
  await pointOut.getByRole('button', { name: 'Agree' }).click()
  await expect(pointOut).toHaveCount(0)
  expect(await nativeBack(page)).toBe(true)
  await pointOut.getByRole('button', { name: 'Cancel' }).click()
  await expect.poll(() => bridgeCalls(page)).toEqual([['closeWebview', ['']]])
})

test("isPopType 0: the app's back is left to the app", async ({ page }) => {
  await page.goto('/loanConfirm?productId=1')
  await expect(page.getByRole('heading', { name: 'Loan confirmation' })).toBeVisible()
  expect(await nativeBack(page)).toBe(false)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('the agreement pop-up (popAgreementUrl): Agree closes it; Cancel closes the web view', async ({
  page,
}) => {
  await inTheApp(page)
  await page.goto('/loanConfirm?productId=2')
  const popup = page.getByRole('dialog', { name: 'Loan agreement' })
  await popup.getByRole('button', { name: 'Agree', exact: true }).click()
  await expect(popup).toHaveCount(0)
  await page.reload()
  await popup.getByRole('button', { name: 'Cancel' }).click()
  await expect.poll(() => bridgeCalls(page)).toEqual([['closeWebview', ['']]])
})

test('the agreement pop-up shows the agreement itself, with Cancel and Agree on screen, on every confirmation page (issue #40)', async ({
  page,
}) => {
  const violations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
  })
  for (const route of ['/loanConfirm', '/loanConfirmNew', '/confirmByPeriod']) {
    await page.goto(`${route}?productId=2`)
    const popup = page.getByRole('dialog', { name: 'Loan agreement' })
    // The demo serves it on its second origin (the other loopback name), through this server.
    const frame = popup.locator('iframe[title="Loan agreement document"]')
    const agreement = frame.contentFrame()
    await expect(agreement.getByRole('heading', { name: 'Loan Agreement' }), route).toBeVisible()
    await expect(agreement.getByText(/^Demo document/)).toBeVisible()
    await expect(agreement.getByRole('heading', { name: '1. Loan Amount' })).toBeVisible()
    expect(new URL((await frame.getAttribute('src'))!).origin).not.toBe(new URL(page.url()).origin)
    await expect(popup.getByRole('button', { name: 'Read the agreement' })).toHaveCount(0)
    await expect(popup.getByRole('button', { name: 'Cancel' })).toBeInViewport()
    await expect(popup.getByRole('button', { name: 'Agree', exact: true })).toBeInViewport()
    await popup.getByRole('button', { name: 'Agree', exact: true }).click()
    await expect(popup).toHaveCount(0)
  }
  expect(violations).toEqual([])
})

test('an agreement that does not load in 10 s adds its link beside the frame', async ({ page }) => {
  await page.route('**/utilities/demo-documents/**', () => undefined)
  await page.goto('/loanConfirm?productId=2')
  const popup = page.getByRole('dialog', { name: 'Loan agreement' })
  await expect(popup.getByRole('status')).toHaveText('Loading the agreement...')
  await expect(popup.getByText('The agreement is taking long to load.')).toBeVisible({ timeout: 15_000 })
  await expect(popup.getByRole('button', { name: 'Read the agreement' })).toBeVisible()
  await expect(popup.getByRole('button', { name: 'Cancel' })).toBeInViewport()
  await expect(popup.getByRole('button', { name: 'Agree', exact: true })).toBeInViewport()
})

test('/confirmByPeriod reads the term by period', async ({ page }) => {
  await page.goto('/confirmByPeriod?productId=4')
  await expect(page.getByText('3 months')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Repayment plan' }).getByRole('listitem')).toHaveCount(3)
})

test('v2: the promotional pop-up, buttonMsg on the button, and the /v4 push', async ({ page }) => {
  await serveDemoHosts(page)
  await page.goto('/loanConfirmNew?productId=1&orderId=86')
  const offer = page.getByRole('dialog', { name: 'Special offer' })
  await expect(offer.getByText('Confirm today and your first service fee is waived.')).toBeVisible()
  await offer.getByRole('button', { name: 'OK' }).click()
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0)
  const pushed = page.waitForRequest((r) => r.url().includes('/v4/loan-confirm/push'))
  await page.getByRole('button', { name: 'Get my money now' }).click()
  await pushed
  await expect(page).toHaveURL(`${PARTNERS}/lend-details?productId=1&orderId=86&from=confirm`)
})

test("v2: a code other than '00' shows the server's message", async ({ page }) => {
  await page.goto('/loanConfirmNew?productId=code-01')
  await expect(page.getByRole('alert')).toContainText(
    'Demo: your application is being reviewed. Please come back later.',
  )
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
})
