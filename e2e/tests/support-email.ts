import type { BrowserContext, Page } from '@playwright/test'

/** An address the navigation guard opens no mail client for (no dot in its domain, ADR 0036). */
export const DOTLESS_EMAIL = 'help@cashloan'

/**
 * The page's contact-kf-info answers the dotless support e-mail, and the context may read the clipboard, so a
 * test can tap the address and read what was copied.
 */
export async function answerDotlessSupportEmail(page: Page, context: BrowserContext): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.route('**/v3/personal-center/contact-kf-info*', (route) =>
    route.fulfill({
      json: { code: '00', message: 'ok', data: { email: DOTLESS_EMAIL, smWa: '+63 917 555 0100' } },
    }),
  )
}
