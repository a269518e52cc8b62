import type { RemoteProps } from 'shared/contract'
import {
  FIRST_FRAME_ID,
  readRenderedLoads,
  renderedFor,
  renderedLoadsElement,
} from 'shared/remote/first-frame'

/**
 * The route's first frame in the page (ADR 0018): painted from the HTML above the shell's root until the
 * route's remote takes it over; null when the page has none for this remote and path. A frame of another
 * screen is removed: nothing would ever take it over.
 */
export function findFirstFrame(doc: Document, remote: string, path: string): HTMLElement | null {
  const frame = doc.getElementById(FIRST_FRAME_ID)
  if (frame && frame.dataset.remote === remote && frame.dataset.path === path) return frame
  frame?.remove()
  return null
}

/** Where a frame rendered with the borrower's data keeps that data: first in its content (ADR 0054). */
const contentOf = (frame: HTMLElement): HTMLElement => frame.querySelector('.remote-root') ?? frame

/**
 * Whether the frame is what the screen will render with these props: a frame rendered with the borrower's data
 * for another query or session (the browser kept a session the page's address did not give the server) is
 * not, and goes with its data. A frame without data fits any.
 */
export function frameFitsSession(frame: HTMLElement, props: Pick<RemoteProps, 'query' | 'session'>): boolean {
  const content = contentOf(frame)
  if (!renderedLoadsElement(content)) return true
  const block = readRenderedLoads(content)
  return block !== null && renderedFor(block, props.query, props.session)
}

/**
 * Drops the frame's data unless `version` rendered it: another version's screen would find another screen's
 * data under its loads' ids. The frame itself is still hydrated, as any frame from a page older than the
 * release (ADR 0018): a screen that renders otherwise renders afresh and loads its data itself.
 */
export function keepLoadsOf(frame: HTMLElement, version: string): void {
  const content = contentOf(frame)
  if (readRenderedLoads(content)?.version === version) return
  renderedLoadsElement(content)?.remove()
}
