import type { Lane } from './lane.ts'
import { BOX_PIXELS } from './page-scripts.ts'

/** What an empty field shows, read from the page and from the engine's rendering. */
export interface EmptyField {
  value: string
  /** The placeholder's text is on screen inside the field's box (the input's own, or text laid over it). */
  placeholderInField: boolean
  /** Pixels of the field that change when its own text is hidden: what the engine paints (a date, say). */
  ownTextPixels: number
}

const FIELD = `(label) => window.TestingLibraryDom.getByLabelText(document.body, label)`

/** One rule per selector: an engine drops a whole rule that names a pseudo-element it does not know. */
const HIDE_OWN_TEXT = `(label) => {
  const el = (${FIELD})(label)
  el.setAttribute('data-lane-own-text', 'hidden')
  const style = document.createElement('style')
  style.id = 'lane-own-text'
  style.textContent = ['', '::-webkit-datetime-edit', '::-webkit-date-and-time-value']
    .map((pseudo) => '[data-lane-own-text="hidden"]' + pseudo + ' { color: transparent !important; -webkit-text-fill-color: transparent !important }')
    .join('\\n')
  document.head.append(style)
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))
}`

const SHOW_OWN_TEXT = `(label) => {
  ;(${FIELD})(label).removeAttribute('data-lane-own-text')
  document.getElementById('lane-own-text').remove()
}`

const READ = `(label, placeholder) => {
  const el = (${FIELD})(label)
  document.activeElement && document.activeElement.blur && document.activeElement.blur()
  const box = el.getBoundingClientRect()
  const inside = (node) => {
    const r = node.getBoundingClientRect()
    return r.width > 0 && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top
  }
  const laidOver = window.TestingLibraryDom.queryAllByText(document.body, placeholder).some(
    (node) => node !== el && inside(node) && getComputedStyle(node).visibility !== 'hidden' && getComputedStyle(node).opacity !== '0',
  )
  return {
    value: el.value || '',
    placeholderInField: (el.placeholder === placeholder && el.matches(':placeholder-shown')) || laidOver,
  }
}`

/** How many pixels of the field differ between the two pictures. */
const DIFFERENCE = `async (label, shownPng, hiddenPng) => {
  const box = (${FIELD})(label).getBoundingClientRect()
  const pixels = (png) => (${BOX_PIXELS})(png, box)
  const a = await pixels(shownPng)
  const b = await pixels(hiddenPng)
  let differ = 0
  for (let i = 0; i < a.length; i += 4) if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) differ++
  return differ
}`

/**
 * What the empty field labelled `label` shows: its placeholder inside it, and whether the engine paints text
 * of its own there (the field pictured as shown, then with its own text made transparent; an empty date field
 * whose engine paints today's date or 'mm/dd/yyyy' changes, one that paints nothing does not).
 */
export async function emptyField(lane: Lane, label: string, placeholder: string): Promise<EmptyField> {
  const read = await lane.evaluate<Omit<EmptyField, 'ownTextPixels'>>(READ, label, placeholder)
  await lane.evaluate(`(label) => (${FIELD})(label).scrollIntoView({ block: 'center' })`, label)
  await lane.evaluate(
    `() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))`,
  )
  const shown = await lane.driver.screenshot()
  await lane.evaluate(HIDE_OWN_TEXT, label)
  const hidden = await lane.driver.screenshot()
  await lane.evaluate(SHOW_OWN_TEXT, label)
  return { ...read, ownTextPixels: await lane.evaluate<number>(DIFFERENCE, label, shown, hidden) }
}
