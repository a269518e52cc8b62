import DotLoading from 'antd-mobile/es/components/dot-loading'
import { MESSAGES } from '../content/messages'

/** Holds the place of the form while it loads, so the page does not jump when it arrives. */
export function LoadingBlock() {
  return (
    <div className="bind-loading" role="status" aria-live="polite">
      <DotLoading color="primary" />
      <span>{MESSAGES.loading}</span>
    </div>
  )
}

/** A failed load in place of the form, with a way to load again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="bind-error" role="alert">
      <p>{message || MESSAGES.loadFailed}</p>
      <button type="button" className="bind-button bind-button--ghost" onClick={onRetry}>
        {MESSAGES.retry}
      </button>
    </div>
  )
}
