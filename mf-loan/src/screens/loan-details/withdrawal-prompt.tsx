import { MESSAGES } from '../../content/messages'
import { LoanModal } from '../../components/loan-modal'

interface WithdrawalPromptProps {
  /** The server's message (`reyMsg`). */
  message: string
  onCancel: () => void
  onWithdraw: () => void
}

/** The withdrawal prompt: the server's message, 'Cancel' (home) and 'Withdraw Now' (the continuation link). */
export function WithdrawalPrompt({ message, onCancel, onWithdraw }: WithdrawalPromptProps) {
  return (
    <LoanModal label={MESSAGES.withdraw.title}>
      <p className="loan-modal__text">{message}</p>
      <div className="loan-modal__actions">
        <button type="button" className="loan-button loan-button--ghost" onClick={onCancel}>
          {MESSAGES.withdraw.cancel}
        </button>
        <button type="button" className="loan-button" onClick={onWithdraw}>
          {MESSAGES.withdraw.confirm}
        </button>
      </div>
    </LoanModal>
  )
}
