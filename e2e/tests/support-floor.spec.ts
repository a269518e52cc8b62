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
  // A document with none of the app's code, which polyfills what the floor needs (Array.prototype.at).
  await page.goto('/registry.json')
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

test("below iOS 16.2 the accent wash is the same colour, drawn as a layer over the theme's accent", async ({
  page,
}) => {
  await page.goto('/complaint?productId=1&orderId=86')
  const status = page.locator('.complaint-order__status')
  await expect(status).toBeVisible()
  const pixel = (paint: string[]) =>
    page.evaluate((fills) => {
      const context = document.createElement('canvas').getContext('2d')!
      for (const fill of fills) {
        context.fillStyle = fill
        context.fillRect(0, 0, 1, 1)
      }
      return [...context.getImageData(0, 0, 1, 1).data]
    }, paint)
  const mixed = await pixel(['#ffffff', await status.evaluate((el) => getComputedStyle(el).backgroundColor)])

  // What an engine without color-mix() applies: the stylesheet's own @supports rule, its declaration put on <html>.
  const fallback = await page.evaluate(() => {
    const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
    const supports = rules.find(
      (rule): rule is CSSSupportsRule =>
        rule instanceof CSSSupportsRule && /not.*color-mix/.test(rule.conditionText),
    )
    const value = (supports?.cssRules[0] as CSSStyleRule | undefined)?.style.getPropertyValue(
      '--ui-accent-soft',
    )
    if (value) document.documentElement.style.setProperty('--ui-accent-soft', value)
    return value ?? null
  })
  expect(fallback).not.toBeNull()
  const style = await status.evaluate((el) => {
    const computed = getComputedStyle(el)
    return { image: computed.backgroundImage, color: computed.backgroundColor }
  })
  const overlay = /rgba?\([^)]*\)/.exec(style.image)?.[0]
  expect(overlay, style.image).toBeDefined()
  const layered = await pixel(['#ffffff', style.color, overlay!])
  layered.forEach((channel, i) => expect(Math.abs(channel - mixed[i]), `channel ${i}`).toBeLessThanOrEqual(2))
  // A tint, not white: the wash is visible.
  expect(layered.slice(0, 3)).not.toEqual([255, 255, 255])
})
