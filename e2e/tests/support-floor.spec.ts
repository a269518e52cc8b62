import { expect, test, type Page } from '@playwright/test'
import { REMOTE_ROUTES, TEST_PREVIEW_PATH } from 'shared/routes'
import { SCREEN_STATES } from '../screens/screen-states'

/*
 * The support floor (.browserslistrc, docs/decisions/0045): iOS 15.0 is its oldest engine. Chromium here is
 * far newer, so the built-ins Safari added in 15.4 (and `requestIdleCallback`, which no iOS Safari has, and
 * `color-mix()`, 16.2) are taken away before any script runs: every route must still mount and show its
 * screen, as it would on an iPhone that has not updated since 15.0.
 */
async function asIos15(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const drop = (owner: object, name: string) => {
      delete (owner as Record<string, unknown>)[name]
    }
    drop(Object, 'hasOwn')
    drop(Array.prototype, 'at')
    drop(String.prototype, 'at')
    drop(Array.prototype, 'findLast')
    drop(Array.prototype, 'findLastIndex')
    drop(window, 'structuredClone')
    drop(Crypto.prototype, 'randomUUID')
    drop(window, 'requestIdleCallback')
    drop(window, 'cancelIdleCallback')
    const supports = CSS.supports.bind(CSS) as (...args: string[]) => boolean
    CSS.supports = ((...args: string[]) =>
      args.join(' ').includes('color-mix') ? false : supports(...args)) as typeof CSS.supports
  })
}

/** The route table's paths and the shell's developer page, each with the first screen state the gallery shows. */
const ROUTES = [...REMOTE_ROUTES.map((r) => r.path as string), TEST_PREVIEW_PATH].map((route) => {
  const state = SCREEN_STATES.find((s) => s.route === route)
  if (!state) throw new Error(`screens/screen-states.ts has no state for ${route}`)
  return state
})

test('the engine really lacks what iOS 15.0 lacks', async ({ page }) => {
  await asIos15(page)
  await page.goto('/aboutUs')
  expect(
    await page.evaluate(() => [
      typeof Object.hasOwn,
      typeof [].at,
      typeof [].findLast,
      typeof structuredClone,
      typeof crypto.randomUUID,
      typeof requestIdleCallback,
      CSS.supports('color', 'color-mix(in srgb, red 9%, white)'),
    ]),
  ).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'undefined', false])
})

for (const state of ROUTES) {
  test(`${state.route} mounts with its screen on an iOS 15.0 engine (${state.caption})`, async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await asIos15(page)
    await state.show(page)
    expect(errors).toEqual([])
  })
}
