import { CONFIRM_MESSAGES as m } from '../../content/messages'
import { LoanModal } from '../../components/loan-modal'

/** Variant 2's promotional pop-up: the server's message (`popMsg`) and a button that closes it. */
export function PromotionalPopup({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <LoanModal title={m.promotion.title}>
      <p className="loan-modal__text">{message}</p>
      <div className="loan-modal__actions">
        <button type="button" className="loan-button" onClick={onClose}>
          {m.promotion.close}
        </button>
      </div>
    </LoanModal>
  )
}
