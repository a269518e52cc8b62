import { Link } from 'react-router-dom'

export function NotFoundScreen() {
  return (
    <main className="shell-message" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link className="shell-button" to="/">
        Go to home page
      </Link>
    </main>
  )
}
