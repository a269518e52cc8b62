import type { LoadFailedProps } from 'shared/ui/on-demand'
import { MESSAGES } from '../content/messages'
import { ComplaintModal } from './complaint-modal'

/** What an on-demand overlay shows when its code could not be downloaded (shared/ui/on-demand). */
export function LoadFailed({ onRetry, onClose }: LoadFailedProps) {
  return (
    <ComplaintModal title={MESSAGES.common.openFailed}>
      <div className="complaint-modal__actions">
        <button type="button" className="complaint-button complaint-button--ghost" onClick={onClose}>
          {MESSAGES.common.close}
        </button>
        <button type="button" className="complaint-button" onClick={onRetry}>
          {MESSAGES.common.retry}
        </button>
      </div>
    </ComplaintModal>
  )
}
