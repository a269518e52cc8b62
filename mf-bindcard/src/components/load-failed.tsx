import { ModalBox } from 'shared/ui'
import type { LoadFailedProps } from 'shared/ui/on-demand'
import { MESSAGES } from '../content/messages'

/** What an on-demand popup shows when its code could not be downloaded (shared/ui/on-demand). */
export function LoadFailed({ onRetry, onClose }: LoadFailedProps) {
  return (
    <ModalBox className="bind-modal" aria-label={MESSAGES.openFailed}>
      <p>{MESSAGES.openFailed}</p>
      <div className="bind-modal__actions">
        <button type="button" className="bind-button bind-button--ghost" onClick={onClose}>
          {MESSAGES.close}
        </button>
        <button type="button" className="bind-button" onClick={onRetry}>
          {MESSAGES.retry}
        </button>
      </div>
    </ModalBox>
  )
}
