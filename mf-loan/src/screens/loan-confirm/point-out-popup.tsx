import { CONFIRM_MESSAGES as m } from '../../content/messages'
import { LoanModal } from '../../components/loan-modal'

interface PointOutPopupProps {
  /** The server's heading and text (`popTitle`, `popContent`). */
  title: string
  content: string
  /** 'Cancel': the app closes the web view. */
  onCancel: () => void
  onAgree: () => void
}

/** 'Point out': what the app's back shows when the server asks for it (`isPopType` 1), with 'Cancel' and 'Agree'. */
export function PointOutPopup({ title, content, onCancel, onAgree }: PointOutPopupProps) {
  return (
    <LoanModal title={m.pointOut.title}>
      {title && <p className="loan-modal__text loan-modal__strong">{title}</p>}
      <p className="loan-modal__text">{content}</p>
      <div className="loan-modal__actions">
        <button type="button" className="loan-button loan-button--ghost" onClick={onCancel}>
          {m.pointOut.cancel}
        </button>
        <button type="button" className="loan-button" onClick={onAgree}>
          {m.pointOut.agree}
        </button>
      </div>
    </LoanModal>
  )
}
