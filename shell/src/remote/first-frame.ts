import { FIRST_FRAME_ID } from 'shared/remote/first-frame'

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
