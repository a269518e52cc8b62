import { reloadPage } from 'shared/navigation'
import { FIRST_FRAME_ID } from 'shared/remote/first-frame'

export const BOOT_ERROR_TEXT = {
  heading: 'The app could not start',
  body: 'Something went wrong while opening this page. Please reload to try again.',
  reload: 'Reload',
} as const

/**
 * What the borrower sees when the shell cannot start (it threw before React rendered, or React gave up on the
 * whole tree) instead of a blank page. Plain DOM: whatever failed, this needs nothing but the document.
 */
export function showBootError(
  doc: Document,
  error: unknown,
  reload: () => void = () => reloadPage(doc.defaultView!.location),
): void {
  console.error('[shell] the app could not start', error)
  // The page's one `main` landmark, with the message announced inside it (a role on `main` would replace
  // its landmark role).
  const main = doc.createElement('main')
  main.className = 'shell-message'
  const alert = doc.createElement('div')
  alert.setAttribute('role', 'alert')
  const heading = doc.createElement('h1')
  heading.textContent = BOOT_ERROR_TEXT.heading
  const body = doc.createElement('p')
  body.textContent = BOOT_ERROR_TEXT.body
  const button = doc.createElement('button')
  button.type = 'button'
  button.className = 'shell-button'
  button.textContent = BOOT_ERROR_TEXT.reload
  button.addEventListener('click', reload)
  alert.append(heading, body, button)
  main.append(alert)
  // The page's first frame (ADR 0018) would cover the message; nothing will bring it to life now.
  doc.getElementById(FIRST_FRAME_ID)?.remove()
  ;(doc.getElementById('root') ?? doc.body).replaceChildren(main)
}
