import { useId, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { ModalBox } from 'shared/ui'

interface ComplaintModalProps {
  title: string
  children?: ReactNode
  /** Extra class for the dialog box. */
  className?: string
}

/**
 * A centred modal over the page. It is open while rendered; the caller decides when to render it.
 * Rendered into the body so it covers the whole web view whatever container the shell gives us.
 */
export function ComplaintModal({ title, children, className }: ComplaintModalProps) {
  const titleId = useId()
  return createPortal(
    <div className="complaint-modal">
      <ModalBox
        className={['complaint-modal__box', className].filter(Boolean).join(' ')}
        aria-labelledby={titleId}
      >
        <h2 id={titleId} className="complaint-modal__title">
          {title}
        </h2>
        {children}
      </ModalBox>
    </div>,
    document.body,
  )
}
