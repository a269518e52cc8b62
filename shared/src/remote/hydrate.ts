import { hydrateRoot } from 'react-dom/client'

/**
 * Hydrates a route's first frame (ADR 0018). A frame that differs from the screen's own first render (a stale
 * page, a version override, a hash route the frame was not rendered for) is replaced by a client render:
 * React recovers, and the borrower sees the right screen a moment later.
 */
export const hydrateFirstFrame: typeof hydrateRoot = (container, children) =>
  hydrateRoot(container, children, {
    onRecoverableError: (error) =>
      console.warn('[first frame] it did not match the screen, which was rendered afresh', error),
  })
