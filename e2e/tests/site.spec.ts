import { expect, test } from '@playwright/test'
import { answerDotlessSupportEmail } from './support-email'

test.describe('mf-site through the shell', () => {
  test('the marketing site renders on / with its navigation and footer', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation')
    for (const name of ['Home', 'About us', 'Contact us', 'Privacy Policy', 'Loan terms and conditions']) {
      await expect(
        nav.getByRole('link', { name, exact: true }).or(nav.getByRole('button', { name, exact: true })),
      ).toBeVisible()
    }
    await expect(page.getByRole('contentinfo')).toContainText('©')
  })

  test('contact form refuses incomplete input and accepts complete input without a call', async ({
    page,
  }) => {
    const calls: string[] = []
    page.on('request', (r) => {
      // The page's health report (ADR 0033) is no call of the form's.
      const path = new URL(r.url()).pathname
      if (r.method() === 'POST' && !r.url().includes('contact-kf-info') && path !== '/health/reports')
        calls.push(r.url())
    })
    await page.goto('/#contact')
    await page.getByLabel('Name').fill('Juan dela Cruz')
    await page.getByRole('button', { name: /submit|send/i }).click()
    await expect(page.getByText('Please provide complete information!')).toBeVisible()
    await page.getByLabel('Telephone').fill('09171234567')
    await page.getByLabel('Email').fill('juan@example.com')
    await page.getByLabel('Remark').fill('Please call me back.')
    await page.getByRole('button', { name: /submit|send/i }).click()
    await expect(page.getByText('Successful!')).toBeVisible()
    expect(calls).toEqual([])
  })

  for (const [path, heading] of [
    ['/aboutUs', /about us/i],
    ['/privacyPolicy', /privacy policy/i],
    ['/loanAgreement', /loan terms and conditions/i],
  ] as const) {
    test(`${path} renders its document`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    })
  }

  test('loan terms carry the figures of the agreement', async ({ page }) => {
    await page.goto('/loanAgreement')
    const body = page.locator('main')
    for (const figure of ['91', '365', 'Rs.1,000', 'Rs.800', '5%', '4%', '2%'])
      await expect(body).toContainText(figure)
  })
})

test("the footer's e-mail that opens no mail client is copied on tap with 'copy success'", async ({
  page,
  context,
}) => {
  await answerDotlessSupportEmail(page, context)
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  await footer.getByRole('button', { name: 'help@cashloan Copy' }).click()
  await expect(page.getByText('copy success')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('help@cashloan')
  await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(0)
})
