import type { Lane } from './lane.ts'
import { BOX_PIXELS } from './page-scripts.ts'

export interface PlaceholderContrast {
  /** The placeholder's text. */
  field: string
  /** The placeholder's colour as drawn, and the field's background. */
  color: string
  background: string
  ratio: number
}

/** Marks each field whose placeholder is on screen with `data-lane-field`; answers how many. */
const MARK_FIELDS = `() => {
  document.activeElement && document.activeElement.blur && document.activeElement.blur()
  const fields = [...document.querySelectorAll('input[placeholder], textarea[placeholder]')].filter(
    (el) => el.placeholder && el.getClientRects().length > 0 && el.matches(':placeholder-shown'),
  )
  fields.forEach((el, i) => el.setAttribute('data-lane-field', String(i)))
  // No field's box is cut by the viewport's edge while its picture is taken.
  for (const el of fields) if (el.getBoundingClientRect().bottom > innerHeight) el.scrollIntoView({ block: 'center' })
  return fields.length
}`

/** Resolves once the page has painted what changed (two frames), so a screenshot shows it. */
const PAINTED = `() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))`

const FIELD = `(i) => document.querySelector('[data-lane-field="' + i + '"]')`

/** The field shows its placeholder's own text as a value, in a colour we know (black or white). */
const AS_KNOWN_TEXT = `(i, known) => {
  const el = (${FIELD})(i)
  el.value = el.placeholder
  el.style.setProperty('color', known, 'important')
  el.style.setProperty('-webkit-text-fill-color', known, 'important')
  return (${PAINTED})()
}`

const RESTORE = `(i) => {
  const el = (${FIELD})(i)
  el.value = ''
  el.style.removeProperty('color')
  el.style.removeProperty('-webkit-text-fill-color')
  return (${PAINTED})()
}`

/**
 * From two pictures of the viewport cut to the field, the placeholder as drawn and the same text drawn in the
 * known colour: the background is the commonest pixel; the glyphs' most covered pixel, in the known colour,
 * says how much of it the glyph covers (anti-aliasing), which turns the placeholder's pixel there back into its
 * colour. axe-core's colour maths gives the contrast.
 */
const MEASURE = `async (shownPng, knownPng, known, i) => {
  const box = (${FIELD})(i).getBoundingClientRect()
  const pixels = (png) => (${BOX_PIXELS})(png, box)
  const shown = await pixels(shownPng)
  const drawn = await pixels(knownPng)
  const counts = new Map()
  for (let i = 0; i < shown.length; i += 4) {
    const key = (shown[i] << 16) | (shown[i + 1] << 8) | shown[i + 2]
    counts.set(key, (counts.get(key) || 0) + 1)
  }
  const key = [...counts].sort((a, b) => b[1] - a[1])[0][0]
  const bg = [(key >> 16) & 255, (key >> 8) & 255, key & 255]
  // Only the glyphs: pixels the two pictures draw alike (the field's border, say) are not text.
  const farthest = (data) => {
    let best = -1
    let at = 0
    for (let i = 0; i < data.length; i += 4) {
      if (shown[i] === drawn[i] && shown[i + 1] === drawn[i + 1] && shown[i + 2] === drawn[i + 2]) continue
      const d = Math.abs(data[i] - bg[0]) + Math.abs(data[i + 1] - bg[1]) + Math.abs(data[i + 2] - bg[2])
      if (d > best) {
        best = d
        at = i
      }
    }
    return [data[at], data[at + 1], data[at + 2]]
  }
  const k = known === '#000' ? [0, 0, 0] : [255, 255, 255]
  const kPixel = farthest(drawn)
  const channels = [0, 1, 2].filter((c) => Math.abs(bg[c] - k[c]) > 32)
  const cover = channels.reduce((sum, c) => sum + (bg[c] - kPixel[c]) / (bg[c] - k[c]), 0) / channels.length
  const pPixel = farthest(shown)
  const fg = [0, 1, 2].map((c) => Math.max(0, Math.min(255, Math.round(bg[c] - (bg[c] - pPixel[c]) / cover))))
  const { Color, getContrast } = window.axe.commons.color
  return {
    color: 'rgb(' + fg.join(', ') + ')',
    background: 'rgb(' + bg.join(', ') + ')',
    ratio: Math.round(getContrast(new Color(...bg, 1), new Color(...fg, 1)) * 100) / 100,
  }
}`

/**
 * The contrast of every placeholder on screen against its field, measured on the engine's own rendering:
 * WebKit's `getComputedStyle` does not resolve `::placeholder`, and what counts is what the borrower sees.
 */
export async function placeholderContrasts(lane: Lane): Promise<PlaceholderContrast[]> {
  await lane.withAxe()
  const count = await lane.evaluate<number>(MARK_FIELDS)
  const out: PlaceholderContrast[] = []
  for (let i = 0; i < count; i++) {
    const field = await lane.evaluate<string>(`(i) => (${FIELD})(i).placeholder`, i)
    await lane.evaluate(PAINTED)
    const shown = await lane.driver.screenshot()
    const background = await lane.evaluate<string>(
      `(i) => { let el = (${FIELD})(i); while (el && getComputedStyle(el).backgroundColor === 'rgba(0, 0, 0, 0)') el = el.parentElement; return el ? getComputedStyle(el).backgroundColor : 'rgb(255, 255, 255)' }`,
      i,
    )
    // Black text on a light field, white on a dark one: the colour that stands out from it.
    const channels = background.match(/\d+/g)!.slice(0, 3).map(Number)
    const known = channels.reduce((a, b) => a + b, 0) > 384 ? '#000' : '#fff'
    await lane.evaluate(AS_KNOWN_TEXT, i, known)
    const drawn = await lane.driver.screenshot()
    await lane.evaluate(RESTORE, i)
    out.push({
      field,
      ...(await lane.evaluate<Omit<PlaceholderContrast, 'field'>>(MEASURE, shown, drawn, known, i)),
    })
  }
  return out
}
