import { useEffect, useId, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

/**
 * A sheet at the bottom of the web view, open while rendered. Plain CSS, no animation library: it opens on a
 * first screen (ADR 0008). Rendered into the body so it covers the whole web view whatever container the
 * shell gives us.
 */
export function RepaySheet({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId()
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // Screen readers and keyboards should land in the sheet, not stay on the page behind it.
    box.current?.focus()
  }, [])
  return createPortal(
    <div className="repay-sheet">
      <div
        ref={box}
        className="repay-sheet__box"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="repay-sheet__title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  )
}
