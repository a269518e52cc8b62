import { MESSAGES } from '../../content/messages'
import { Modal } from '../../components/screen-parts'

/** 'Kind tips': the server's tips message and 'Confirm'; a tap outside does not close it. */
export function KindTipsDialog({ message, onConfirm }: { message: string; onConfirm: () => void }) {
  return (
    <Modal title={MESSAGES.kindTips.title}>
      <p className="loan-modal__text">{message}</p>
      <div className="loan-modal__actions">
        <button type="button" className="ui-button" onClick={onConfirm}>
          {MESSAGES.kindTips.confirm}
        </button>
      </div>
    </Modal>
  )
}
