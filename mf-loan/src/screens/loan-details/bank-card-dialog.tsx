import { MESSAGES } from '../../content/messages'
import { LoanModal } from '../../components/loan-modal'

interface BankCardDialogProps {
  /** The server's title and message (`cardPopTitle`, `cardPopMsg`). */
  title: string
  message: string
  onClose: () => void
  onBind: () => void
}

/** The bank-card dialog: title, message, a close icon and 'Go and bind the card'. */
export function BankCardDialog({ title, message, onClose, onBind }: BankCardDialogProps) {
  return (
    <LoanModal
      title={title}
      label={MESSAGES.bankCard.bind}
      onClose={onClose}
      closeLabel={MESSAGES.bankCard.close}
    >
      <p className="loan-modal__text">{message}</p>
      <div className="loan-modal__actions">
        <button type="button" className="loan-button" onClick={onBind}>
          {MESSAGES.bankCard.bind}
        </button>
      </div>
    </LoanModal>
  )
}
