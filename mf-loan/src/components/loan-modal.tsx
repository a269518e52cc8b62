import { useId, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { ModalBox } from 'shared/ui'

interface LoanModalProps {
  /** Shown as the heading; without one, `label` names the dialog. */
  title?: string
  label?: string
  children?: ReactNode
  /** A close icon in the corner (the bank-card dialog has one); none means only the buttons close it. */
  onClose?: () => void
  closeLabel?: string
  /** Covers the whole web view (the confirmation's agreement pop-up). */
  fullScreen?: boolean
}

/**
 * A centred modal over the page, open while rendered. It has no backdrop tap: the spec's dialogs close only
 * through their own buttons. Rendered into the body so it covers the whole web view whatever container the
 * shell gives us.
 */
export function LoanModal({ title, label, children, onClose, closeLabel, fullScreen }: LoanModalProps) {
  const titleId = useId()
  return createPortal(
    <div className={`loan-modal${fullScreen ? ' loan-modal--full' : ''}`}>
      <ModalBox
        className="loan-modal__box"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : label}
      >
        {onClose && (
          <button type="button" className="loan-modal__close" aria-label={closeLabel} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        )}
        {title && (
          <h2 id={titleId} className="loan-modal__title">
            {title}
          </h2>
        )}
        {children}
      </ModalBox>
    </div>,
    document.body,
  )
}
