import DotLoading from 'antd-mobile/es/components/dot-loading'
import { MESSAGES } from '../content/messages'

/** Holds the place of content that is loading, so the page does not jump when it arrives. */
export function LoadingBlock({ minHeight = 160 }: { minHeight?: number }) {
  return (
    <div className="complaint-loading" role="status" aria-live="polite" style={{ minHeight }}>
      <DotLoading color="primary" />
      <span>{MESSAGES.common.loading}</span>
    </div>
  )
}

/** A failed call in place of its content, with a way to call again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="complaint-error" role="alert">
      <p className="complaint-error__text">{message || MESSAGES.common.loadFailed}</p>
      <button type="button" className="complaint-button complaint-button--ghost" onClick={onRetry}>
        {MESSAGES.common.retry}
      </button>
    </div>
  )
}
