import { MESSAGES } from '../content/messages'

/**
 * Holds the page's shape while it loads, so nothing jumps when the data arrives. `label` names it in the
 * page's language (the legacy page is Chinese).
 */
export function RepaySkeleton({ label = MESSAGES.common.loading }: { label?: string }) {
  return (
    <div className="repay-skeleton" role="status" aria-live="polite" aria-label={label}>
      <div className="repay-skeleton__block" style={{ height: 120 }} />
      <div className="repay-skeleton__block" style={{ height: 160 }} />
      <div className="repay-skeleton__block" style={{ height: 48 }} />
    </div>
  )
}

interface LoadErrorProps {
  message: string
  onRetry: () => void
  /** The page's own words for the button and an empty message (the legacy page is Chinese). */
  texts?: { retry: string; loadFailed: string }
}

/** A failed load in place of the page, with a way to load again. */
export function LoadError({ message, onRetry, texts = MESSAGES.common }: LoadErrorProps) {
  return (
    <div className="repay-error" role="alert">
      <p className="repay-error__text">{message || texts.loadFailed}</p>
      <button type="button" className="repay-button repay-button--ghost" onClick={onRetry}>
        {texts.retry}
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
