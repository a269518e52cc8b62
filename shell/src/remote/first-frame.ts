import { FIRST_FRAME_ATTR, FIRST_FRAME_ID } from 'shared/remote/first-frame'

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

/**
 * Moves the frame's content into the element the remote mounts into, marked so that the remote hydrates it,
 * and removes the frame. Both hold the content at the same place (the frame covers the top of the page, as
 * the remote's slot does), in one task: the borrower sees no change.
 */
export function adoptFirstFrame(frame: HTMLElement, target: HTMLElement): void {
  const content = frame.querySelector('.remote-root')
  if (content) {
    target.replaceChildren(...content.childNodes)
    target.setAttribute(FIRST_FRAME_ATTR, '')
  }
  frame.remove()
}
