import { MESSAGES } from '../content/messages'

/** Holds a page's shape while it loads (one block per height), so nothing jumps when the data arrives. */
export function LoanSkeleton({ label, heights }: { label: string; heights: number[] }) {
  return (
    <div className="loan-skeleton" role="status" aria-live="polite" aria-label={label}>
      {heights.map((height, index) => (
        <div key={index} className="loan-skeleton__block" style={{ height }} />
      ))}
    </div>
  )
}

/** A page whose load failed: the server's message (or ours) and 'Try again'. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="loan-error" role="alert">
      <p className="loan-error__text">{message || MESSAGES.common.loadFailed}</p>
      <button type="button" className="loan-button loan-button--ghost" onClick={onRetry}>
        {MESSAGES.common.retry}
      </button>
    </div>
  )
}
