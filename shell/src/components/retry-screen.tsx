import { Link } from 'react-router-dom'

export const RETRY_TEXT = {
  heading: 'This page could not be loaded',
  body: 'Please check your connection and try again.',
  retry: 'Try again',
  home: 'Go to home page',
} as const

export const NOT_AVAILABLE_TEXT = {
  heading: 'This page is not available yet',
  body: 'It has not been released yet. Please check back later.',
} as const

/** Shown when a route's remote (and its previous version) cannot be loaded. */
export function RetryScreen({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <main className="shell-message" aria-labelledby="retry-heading">
      <h1 id="retry-heading">{RETRY_TEXT.heading}</h1>
      <p>
        {title}: {RETRY_TEXT.body}
      </p>
      <button type="button" className="shell-button" onClick={onRetry}>
        {RETRY_TEXT.retry}
      </button>
      <Link className="shell-link" to="/">
        {RETRY_TEXT.home}
      </Link>
    </main>
  )
}

/**
 * Shown when the registry (the page's own entry or the live registry) does not list a route's remote: nothing
 * to retry, and nothing wrong with the borrower's connection.
 */
export function NotAvailableScreen({ title }: { title: string }) {
  return (
    <main className="shell-message" aria-labelledby="not-available-heading">
      <h1 id="not-available-heading">{NOT_AVAILABLE_TEXT.heading}</h1>
      <p>
        {title}: {NOT_AVAILABLE_TEXT.body}
      </p>
      <Link className="shell-button" to="/">
        {RETRY_TEXT.home}
      </Link>
    </main>
  )
}
