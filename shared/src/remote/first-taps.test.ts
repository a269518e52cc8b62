import { afterEach, expect, test, vi } from 'vitest'
import { FIRST_TAPS, firstTapsSource, replayFirstTaps } from './first-taps'

const FRAME =
  '<form aria-label="apply"><label>Phone <input name="phone"></label>' +
  '<button type="button" class="refresh">Refresh</button><button type="submit" class="apply">Apply</button>' +
  '<a href="#terms" class="terms">Terms</a></form>'

afterEach(() => {
  replayFirstTaps(document.body)
  document.body.replaceChildren()
})

/** A standalone page's root holding the frame, with the capture script run on it. */
function pageWithFrame() {
  document.body.innerHTML = `<div id="root" data-first-frame>${FRAME}</div>`
  new Function('window', 'document', firstTapsSource())(window, document)
  return document.getElementById('root')!
}

/** The screen's own render of the frame: new elements, the same shape, with handlers. */
function hydrate(root: HTMLElement) {
  root.removeAttribute('data-first-frame')
  root.innerHTML = FRAME
  const submitted = vi.fn((event: Event) => event.preventDefault())
  const refreshed = vi.fn()
  root.querySelector('form')!.addEventListener('submit', submitted)
  root.querySelector('.refresh')!.addEventListener('click', refreshed)
  return { submitted, refreshed }
}

const click = (root: Element, selector: string) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true })
  root.querySelector(selector)!.dispatchEvent(event)
  return event
}

test('a tap on a button before hydration submits nothing then, and is replayed once on the hydrated screen', () => {
  const root = pageWithFrame()
  const early = vi.fn((event: Event) => event.preventDefault())
  root.querySelector('form')!.addEventListener('submit', early)
  expect(click(root, '.apply').defaultPrevented).toBe(true)
  // Tapped again while nothing answered: still one tap.
  click(root, '.apply')
  expect(early).not.toHaveBeenCalled()
  const screen = hydrate(root)
  replayFirstTaps(root)
  expect(screen.submitted).toHaveBeenCalledTimes(1)
  expect(window).not.toHaveProperty(FIRST_TAPS)
  // Replayed once: running again, or a later tap, replays nothing more; a later tap is the screen's own.
  replayFirstTaps(root)
  click(root, '.apply')
  expect(screen.submitted).toHaveBeenCalledTimes(2)
})

test('a submit (Enter in a field) and a plain button are replayed each on its own control', () => {
  const root = pageWithFrame()
  const submit = new Event('submit', { bubbles: true, cancelable: true })
  root.querySelector('form')!.dispatchEvent(submit)
  expect(submit.defaultPrevented).toBe(true)
  click(root, '.refresh')
  const screen = hydrate(root)
  replayFirstTaps(root)
  expect(screen.submitted).toHaveBeenCalledTimes(1)
  expect(screen.refreshed).toHaveBeenCalledTimes(1)
})

test('a link is left to the browser, and a tap outside the frame is not taken', () => {
  const root = pageWithFrame()
  const outside = document.createElement('button')
  document.body.append(outside)
  expect(click(root, '.terms').defaultPrevented).toBe(false)
  const event = new MouseEvent('click', { bubbles: true, cancelable: true })
  outside.dispatchEvent(event)
  expect(event.defaultPrevented).toBe(false)
  expect((window as unknown as Record<string, { taps: unknown[] }>)[FIRST_TAPS].taps).toEqual([])
})

test('a tap on a control the hydrated screen no longer has is dropped', () => {
  const root = pageWithFrame()
  click(root, '.apply')
  root.removeAttribute('data-first-frame')
  root.innerHTML = '<p>Another screen</p>'
  const clicked = vi.fn()
  root.addEventListener('click', clicked)
  replayFirstTaps(root)
  expect(clicked).not.toHaveBeenCalled()
})

test("the shell's frame is captured in the page's frame block, and replayed in the slot it was moved to", () => {
  document.body.innerHTML =
    `<div id="first-frame"><div class="remote-slot"><div class="remote-root">${FRAME}</div></div></div>` +
    '<div id="root"><div class="slot"></div></div>'
  new Function('window', 'document', firstTapsSource())(window, document)
  expect(click(document.body, '#first-frame .apply').defaultPrevented).toBe(true)
  const slot = document.querySelector<HTMLElement>('.slot')!
  slot.replaceChildren(...document.querySelector('#first-frame .remote-root')!.childNodes)
  document.getElementById('first-frame')!.remove()
  const screen = hydrate(slot)
  replayFirstTaps(slot)
  expect(screen.submitted).toHaveBeenCalledTimes(1)
})

test('a tap on a frame rendered with its data is replayed on the same control once its data block has left', () => {
  document.body.innerHTML =
    '<div id="first-frame"><div class="remote-slot"><div class="remote-root">' +
    `<script type="application/json" id="rendered-loads">{}</script>${FRAME}</div></div></div>`
  new Function('window', 'document', firstTapsSource())(window, document)
  expect(click(document.body, '#first-frame .refresh').defaultPrevented).toBe(true)
  const root = document.querySelector<HTMLElement>('#first-frame .remote-root')!
  // The screen takes its data out of the frame before it hydrates.
  root.querySelector('script')!.remove()
  const screen = hydrate(root)
  replayFirstTaps(root)
  expect(screen.refreshed).toHaveBeenCalledTimes(1)
  expect(screen.submitted).not.toHaveBeenCalled()
})
