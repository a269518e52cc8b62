import { createElement, useLayoutEffect, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { replayFirstTaps } from './first-taps'

type Field = HTMLInputElement | HTMLTextAreaElement

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')

/**
 * Gives the hydrated screen what the borrower typed or ticked in its first frame's fields before it took
 * them over. The fields are real, so a visitor types into them as soon as the page paints; the screen's state
 * starts empty and its next render would reset each controlled field to it, silently dropping those
 * characters. Each field whose value (or tick) differs from what the screen rendered is given its value again
 * through the events the screen listens to, so the screen's own rules (length limits, validation) apply to it.
 * The fields are read now, not recorded from the events seen earlier: the key that makes React hydrate at
 * once (a key pressed while the screen hydrates) has changed its field before any listener of the frame has
 * seen it, and React, which takes the field's value as it finds it, sees no change either.
 */
function giveBackFieldInput(container: Element): void {
  const typed = new Map<Field, string | boolean>()
  for (const field of container.querySelectorAll<Field>('input, textarea')) {
    if (isToggle(field) ? field.checked !== field.defaultChecked : field.value !== field.defaultValue)
      typed.set(field, isToggle(field) ? field.checked : field.value)
  }
  for (const [field, value] of typed) {
    try {
      giveBack(field, value)
    } catch (error) {
      // Never at the price of the screen: the field keeps what it shows.
      console.warn('[first frame] could not give a field back what was typed into it', error)
    }
  }
}

/**
 * Tells the hydrated screen of what a field holds. Whether hydrating reset the field or left the typed value
 * in the page without the screen's state knowing it, the screen is told of a change: a text field is first
 * set to something else (through the element, as the screen itself would), then to the typed value through
 * the prototype's setter, as a browser's typing does, so React reports the difference. A tick box is set to
 * the other state and clicked; of a radio group only the chosen one is clicked; a chosen file is still on its
 * element (nothing controls it), so its change is simply announced again.
 */
function giveBack(field: Field, value: string | boolean): void {
  if (field instanceof HTMLInputElement && field.type === 'file') {
    field.dispatchEvent(new Event('change', { bubbles: true }))
  } else if (typeof value === 'boolean' && field instanceof HTMLInputElement) {
    if (field.type === 'radio' && !value) return
    field.checked = !value
    field.click()
  } else if (typeof value === 'string') {
    field.value = value === '' ? ' ' : ''
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value)
    field.dispatchEvent(new Event('input', { bubbles: true }))
  }
}

/**
 * Calls `done` once the tree around it has hydrated, in the commit that puts it on the page (its layout effects
 * run after every child's): from the next event on, the screen handles taps itself, so what was typed must be
 * its state by then (a passive effect would leave a task in between where a tap reads empty fields).
 */
function AfterHydration({ done, children }: { done: () => void; children?: ReactNode }) {
  useLayoutEffect(done, [done])
  return children
}

/**
 * Hydrates a route's first frame (ADR 0018). A frame that differs from the screen's own first render (a stale
 * page, a version override, a hash route the frame was not rendered for) is replaced by a client render:
 * React recovers, and the borrower sees the right screen a moment later. What the borrower typed into the
 * frame before it was hydrated is kept (`giveBackFieldInput`); then a tap on a control of the frame before it
 * was hydrated is replayed once (`replayFirstTaps`, ADR 0032), in a task of its own, so that the screen has
 * applied the typed text when the tap reads it.
 */
export const hydrateFirstFrame: typeof hydrateRoot = (container, children, options) => {
  const hydrated = () => {
    if (!(container instanceof Element)) return
    giveBackFieldInput(container)
    setTimeout(() => replayFirstTaps(container))
  }
  // Every render of this root goes through the same wrapper: a root element of another type would make React
  // mount the whole screen afresh on the host's first update (single-spa-react renders its root again).
  const wrap = (tree: ReactNode) => createElement(AfterHydration, { done: hydrated }, tree)
  const root = hydrateRoot(container, wrap(children), {
    ...options,
    onRecoverableError: (error) =>
      console.warn('[first frame] it did not match the screen, which was rendered afresh', error),
  })
  return { render: (tree) => root.render(wrap(tree)), unmount: () => root.unmount() }
}
