import { MESSAGES } from '../../content/messages'
import { LoanModal } from '../../components/loan-modal'

/** 'Kind tips': the server's tips message and 'Confirm'; it does not close by a tap outside. */
export function KindTipsDialog({ message, onConfirm }: { message: string; onConfirm: () => void }) {
  return (
    <LoanModal title={MESSAGES.kindTips.title}>
      <p className="loan-modal__text">{message}</p>
      <div className="loan-modal__actions">
        <button type="button" className="loan-button" onClick={onConfirm}>
          {MESSAGES.kindTips.confirm}
        </button>
      </div>
    </LoanModal>
  )
}
