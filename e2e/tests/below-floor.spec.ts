import { expect, test, type Page } from '@playwright/test'
import { BELOW_FLOOR_TEXT, ENTRY_WATCHDOG_TEXT, ENTRY_WATCHDOG_WAIT_MS } from 'shared/host/entry-watchdog'
import { DEFAULT_SETTINGS } from 'shared/host/settings'

/**
 * Issue #42, item 5 (ADR 0048): a phone below the support floor is told to update the app or its system, with
 * the service phone, never to check its connection. Chromium stands in for an older engine with the
 * built-ins and CSS that engine lacks taken away before any script of the page runs.
 */

/** A route page with a remote's first frame and that remote's chain as preload hints. */
const ROUTE = '/aboutUs'

const OLDER_ENGINES: [string, () => void][] = [
  ['no Promise.any (iOS 14, Android WebView 84)', () => void delete (Promise as { any?: unknown }).any],
  ['no WeakRef (iOS 14.4)', () => void delete (window as { WeakRef?: unknown }).WeakRef],
  [
    "no CSS 'aspect-ratio' (iOS 14.5, Android WebView 87)",
    () => {
      const supports = CSS.supports.bind(CSS) as (...args: string[]) => boolean
      Object.defineProperty(CSS, 'supports', {
        value: (...args: string[]) => !/aspect-ratio/.test(args[0]) && supports(...args),
      })
    },
  ],
]

/** The same-origin files the page's own HTML names (its entry, preload hints, icons), by path. */
function namedIn(html: string): Set<string> {
  return new Set([...html.matchAll(/\s(?:src|href)="(\/[^"/][^"]*)"/g)].map((match) => match[1]))
}

/** Opens `path`, recording the path of every request the page makes. */
async function open(page: Page, path: string) {
  const urls: URL[] = []
  page.on('request', (request) => void urls.push(new URL(request.url())))
  const response = await page.goto(path)
  const origin = new URL(page.url()).origin
  // A getter: requests made after this returns count too.
  const requested = () => urls.filter((url) => url.origin === origin).map((url) => url.pathname)
  return { requested, html: (await response?.text()) ?? '' }
}

async function expectUpdateScreen(page: Page) {
  const alert = page.getByRole('alert')
  await expect(alert.getByRole('heading', { level: 1, name: BELOW_FLOOR_TEXT.heading })).toBeVisible()
  await expect(alert).toContainText(BELOW_FLOOR_TEXT.body)
  await expect(alert).toContainText(`${BELOW_FLOOR_TEXT.call} ${DEFAULT_SETTINGS.servicePhone}`)
  await expect(page.getByText(/connection/i)).toHaveCount(0)
  await expect(page.getByText(ENTRY_WATCHDOG_TEXT.heading)).toHaveCount(0)
}

for (const [engine, takeAway] of OLDER_ENGINES) {
  test(`an engine with ${engine} gets the update screen with the service phone, and nothing of the app runs`, async ({
    page,
  }) => {
    await page.clock.install()
    await page.addInitScript(takeAway)
    const { requested, html } = await open(page, ROUTE)
    await expectUpdateScreen(page)
    await page.waitForLoadState('load')
    // The watchdog's last resort, an entry that never started after load, is not for this page either.
    await page.clock.runFor(ENTRY_WATCHDOG_WAIT_MS + 1000)
    await expectUpdateScreen(page)
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__entryStarted)).toBe(
      undefined,
    )
    // Only what the page's HTML names, which the browser fetches before any script can decide: the entry
    // asked for nothing (no registry, no remote's module or chunk of its own, no health report).
    const named = namedIn(html)
    const asked = requested().filter((path) => path !== ROUTE && !named.has(path))
    expect(asked).toEqual([])
    expect(requested().filter((path) => path.startsWith('/remotes/') && !named.has(path))).toEqual([])
  })
}

test('the standalone promotion page, its own entry, says the same below the floor and runs nothing', async ({
  page,
}) => {
  await page.addInitScript(OLDER_ENGINES[0][1])
  await page.goto('/standalone/promotion?id=7')
  await expectUpdateScreen(page)
  await page.waitForLoadState('load')
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__entryStarted)).toBe(
    undefined,
  )
})

test('a module of the page that fails to parse means an engine below the floor: the update screen, not the connection', async ({
  page,
}) => {
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'export const shipped = class { static { ?? } }\n',
    }),
  )
  await page.goto(ROUTE)
  await expectUpdateScreen(page)
})

test('an engine of the floor is not sent away: the page mounts', async ({ page }) => {
  const { requested } = await open(page, ROUTE)
  await expect
    .poll(() => page.evaluate(() => (window as unknown as Record<string, unknown>).__entryStarted))
    .toBe(true)
  // The remote mounted over its first frame (the app's reporter chunk is the entry's own, never in the HTML).
  await expect(page.getByRole('heading', { level: 1, name: /about us/i })).toBeVisible()
  await expect.poll(() => requested().some((path) => /^\/assets\/reporter-/.test(path))).toBe(true)
  await expect(page.getByText(BELOW_FLOOR_TEXT.heading)).toHaveCount(0)
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__belowFloor)).toBe(
    undefined,
  )
})
