import { Link } from 'react-router-dom'

export const RETRY_TEXT = {
  heading: 'This page could not be loaded',
  body: 'Please check your connection and try again.',
  retry: 'Try again',
  home: 'Go to home page',
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
