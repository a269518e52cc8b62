import { expect, test, type Page } from '@playwright/test'

/**
 * What an iOS web view (WebKit) showed otherwise than Chromium (issue #42, item 6), checked here as far as
 * Chromium can show it: the ad landing's form keeps its bottom margin inside its full-screen page, every
 * field's placeholder is the house's colour (never an engine's default) at 4.5:1 or more on the field, and an
 * empty date field shows its placeholder rather than the engine's own empty date.
 */

type Rgba = [number, number, number, number]

/** A computed colour as Chromium writes it: `rgb(…)`, `rgba(…)` or `color(srgb …)` (from `color-mix()`). */
function parseColour(text: string): Rgba {
  const srgb = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)$/.exec(text)
  if (srgb) return [+srgb[1] * 255, +srgb[2] * 255, +srgb[3] * 255, srgb[4] === undefined ? 1 : +srgb[4]]
  const rgb = /^rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)$/.exec(text)
  if (rgb) return [+rgb[1], +rgb[2], +rgb[3], rgb[4] === undefined ? 1 : +rgb[4]]
  throw new Error(`unexpected colour ${text}`)
}

const luminance = ([r, g, b]: Rgba) => {
  const channel = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** WCAG's contrast ratio of text `fg` (blended onto `bg` by its alpha and `opacity`) on the opaque `bg`. */
function contrast(fg: Rgba, bg: Rgba, opacity: number): number {
  const alpha = fg[3] * opacity
  const blended = [0, 1, 2].map((i) => fg[i] * alpha + bg[i] * (1 - alpha)) as unknown as Rgba
  const [light, dark] = [luminance(blended), luminance(bg)].sort((a, b) => b - a)
  return (light + 0.05) / (dark + 0.05)
}

interface Placeholder {
  field: string
  colour: string
  opacity: string
  background: string
  house: string
}

/** Each visible field with a placeholder: its placeholder's computed colour and the background behind it. */
function placeholders(page: Page): Promise<Placeholder[]> {
  return page.evaluate(() => {
    const probe = document.body.appendChild(document.createElement('span'))
    // Transparent when the house has no placeholder colour: never equal to an engine's.
    probe.style.color = 'var(--ui-placeholder, transparent)'
    const house = getComputedStyle(probe).color
    probe.remove()
    const opaque = (element: Element | null): string => {
      for (let node = element; node; node = node.parentElement) {
        const background = getComputedStyle(node).backgroundColor
        if (!/^rgba\(.*, 0\)$|^transparent$/.test(background)) return background
      }
      return 'rgb(255, 255, 255)'
    }
    return [...document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]')]
      .filter((field) => field.getClientRects().length > 0 && field.type !== 'date')
      .map((field) => ({
        field: field.labels?.[0]?.textContent ?? field.getAttribute('aria-label') ?? field.placeholder,
        colour: getComputedStyle(field, '::placeholder').color,
        opacity: getComputedStyle(field, '::placeholder').opacity,
        background: opaque(field),
        house,
      }))
  })
}

test.describe('the ad landing fits a 412×823 phone screen without scrolling, its form inside its page', () => {
  for (const path of ['/promotion?id=7', '/standalone/promotion?id=7']) {
    test(path.split('?')[0], async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('button', { name: '立即申请' })).toBeVisible()
      const measure = () =>
        page.evaluate(() => {
          const form = document.querySelector('.promo-form')!
          return {
            // Where the form's bottom margin ends, and where its full-screen page does.
            formEnd: form.getBoundingClientRect().bottom + parseFloat(getComputedStyle(form).marginBottom),
            pageEnd: document.querySelector('.promo-app')!.getBoundingClientRect().bottom,
            document: document.documentElement.scrollHeight,
            screen: innerHeight,
          }
        })
      const phone = await measure()
      expect(phone.document).toBeLessThanOrEqual(phone.screen)
      expect(phone.formEnd).toBeLessThanOrEqual(phone.pageEnd)
      // WebKit let the margin escape below the page on every screen (847 px for 823); Chromium does so where
      // the form is taller than the screen, which it shows on a short one.
      await page.setViewportSize({ width: 412, height: 400 })
      const short = await measure()
      expect(short.formEnd).toBeLessThanOrEqual(short.pageEnd)
      expect(short.document).toBeLessThanOrEqual(Math.ceil(short.pageEnd))
    })
  }
})

test.describe("placeholders are the house's colour, 4.5:1 or more on their field", () => {
  for (const [path, expected] of [
    ['/promotion?id=7', 3],
    ['/bindBank?productId=1', 2],
    ['/bindBank?source=loanDetail&productId=1&orderId=86', 2],
    ['/complainPageNext?problemType=2&problemSonType=&orderNo=LN20241105001', 1],
  ] as const) {
    test(path.split('?')[0] + (path.includes('source') ? ' (e-wallet)' : ''), async ({ page }) => {
      await page.goto(path)
      await expect(page.locator('input[placeholder], textarea[placeholder]').first()).toBeVisible()
      const found = await placeholders(page)
      expect(found.length).toBeGreaterThanOrEqual(expected)
      for (const { field, colour, opacity, background, house } of found) {
        expect.soft(colour, `${field}: the house's placeholder colour`).toBe(house)
        expect.soft(opacity, `${field}: no engine's fading`).toBe('1')
        const ratio = contrast(parseColour(colour), parseColour(background), Number(opacity))
        expect.soft(ratio, `${field}: ${colour} on ${background}`).toBeGreaterThanOrEqual(4.5)
      }
    })
  }
})

test('an empty date field shows its placeholder, not the engine’s empty date, and a date once chosen', async ({
  page,
}) => {
  await page.goto('/bindBank?source=loanDetail&productId=1&orderId=86')
  const field = page.getByLabel('Date of birth')
  await expect(field).toHaveValue('')
  const hint = page.getByText('YYYY-MM-DD', { exact: true })
  await expect(hint).toBeVisible()
  await expect(field).toHaveAccessibleDescription('YYYY-MM-DD')
  // The hint lies over the field, where its own text would be; the field's text (the engine's 'mm/dd/yyyy',
  // or WebKit's today's date) is not painted.
  const [fieldBox, hintBox] = [await field.boundingBox(), await hint.boundingBox()]
  expect(hintBox!.x).toBeGreaterThanOrEqual(fieldBox!.x)
  expect(hintBox!.y).toBeGreaterThanOrEqual(fieldBox!.y)
  expect(hintBox!.y + hintBox!.height).toBeLessThanOrEqual(fieldBox!.y + fieldBox!.height)
  const textColour = () => field.evaluate((element) => getComputedStyle(element).color)
  expect(parseColour(await textColour())[3]).toBe(0)
  await field.fill('1985-12-31')
  await expect(hint).toHaveCount(0)
  expect(parseColour(await textColour())[3]).toBe(1)
})
