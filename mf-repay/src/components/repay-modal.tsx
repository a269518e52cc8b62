import { useId, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { ModalBox } from 'shared/ui'

/**
 * A sheet at the bottom of the web view, open while rendered. Plain CSS, no animation library: it opens on a
 * first screen (ADR 0008). Rendered into the body so it covers the whole web view whatever container the
 * shell gives us.
 */
export function RepaySheet({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId()
  return createPortal(
    <div className="repay-sheet">
      <ModalBox className="repay-sheet__box" aria-labelledby={titleId}>
        <h2 id={titleId} className="repay-sheet__title">
          {title}
        </h2>
        {children}
      </ModalBox>
    </div>,
    document.body,
  )
}
