import type { Page } from '@playwright/test'

/** The page inside the app (iOS web view): every native action is recorded, with its payload, instead of run. */
export async function inTheApp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: [string, unknown][] = []
    Object.assign(window, {
      bridgeCalls: calls,
      webkit: {
        messageHandlers: new Proxy(
          {},
          {
            get: (_, action) => ({
              postMessage: (payload: unknown) => calls.push([String(action), payload]),
            }),
          },
        ),
      },
    })
  })
}

/** What the page asked of the app so far (`inTheApp`), in order: `[action, payload]`. */
export const bridgeCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { bridgeCalls: [string, unknown][] }).bridgeCalls)
