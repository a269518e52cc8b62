import { MESSAGES } from '../app/messages'

/** Holds the page's shape while it loads, so nothing jumps when the data arrives. */
export function RepaySkeleton() {
  return (
    <div className="repay-skeleton" role="status" aria-live="polite" aria-label={MESSAGES.common.loading}>
      <div className="repay-skeleton__block" style={{ height: 120 }} />
      <div className="repay-skeleton__block" style={{ height: 160 }} />
      <div className="repay-skeleton__block" style={{ height: 48 }} />
    </div>
  )
}

/** A failed load in place of the page, with a way to load again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="repay-error" role="alert">
      <p className="repay-error__text">{message || MESSAGES.common.loadFailed}</p>
      <button type="button" className="repay-button repay-button--ghost" onClick={onRetry}>
        {MESSAGES.common.retry}
      </button>
    </div>
  )
}

/** A page the borrower cannot use as it was opened (a broken link, nothing stored), with its reason. */
export function PageMessage({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <div className="repay-error" role="alert">
      <p className="repay-error__text">{text}</p>
      {children}
    </div>
  )
}
