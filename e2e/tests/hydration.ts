import { expect, type Page } from '@playwright/test'

/** What the page said about hydration: the shell's or React's warnings and errors (ADR 0018, 0054). */
export function hydrationProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    const text = message.text()
    if (/first frame|hydrat|#418|#425|#423/i.test(text)) problems.push(`${message.type()}: ${text}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return problems
}

/** Waits for the shell's mark that the route's remote has mounted (and hydrated its frame): taps now work. */
export const remoteMounted = (page: Page) =>
  expect.poll(() => page.evaluate(() => performance.getEntriesByName('remote-mounted').length)).toBe(1)

/** Holds every script until the returned function is called: the page's HTML alone is on screen. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\.js(\?|$)/, async (route) => {
    await held
    await route.continue()
  })
  return release
}
