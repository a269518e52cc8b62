import { readSettings } from '../host/settings'
import { readSessionSnapshot } from '../session/session'
import { parseFirstCalls, startFirstCalls } from './first-call'

/**
 * The inline script the server writes into a page whose route declares first calls (built on its own as
 * `first-call.js` by shared/config/vite-first-call.ts): reads the calls (`#first-call`), the API base
 * (`#app-settings`) and the session the shell will boot with, and sends the calls at once.
 */
try {
  const text = document.getElementById('first-call')?.textContent
  const calls = text ? parseFirstCalls(JSON.parse(text)) : []
  if (calls.length > 0) {
    startFirstCalls(
      window,
      calls,
      { baseURL: readSettings(document).apiBase, appOrigin: window.location.origin },
      readSessionSnapshot(window),
    )
  }
} catch (error) {
  // The screen makes its calls itself; this only made them earlier.
  console.warn('[first-call] not started', error)
}
