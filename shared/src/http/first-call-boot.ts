import { readApiBase } from '../host/settings'
import { readSessionSnapshot } from '../session/session'
import { startFirstCalls, type FirstCall } from './first-call'

/**
 * The inline script the server writes into a page whose route declares first calls (built on its own as
 * `first-call.js` by shared/config/vite-first-call.ts): reads the calls (`#first-call`), the API base
 * (`#app-settings`) and the session the shell will boot with, and sends the calls at once.
 */
try {
  const text = document.getElementById('first-call')?.textContent
  // The server wrote these from the release's first-calls.json through parseFirstCalls
  // (first-call-schema.ts), which stays out of this inline script to keep it small.
  const calls: unknown = text ? JSON.parse(text) : []
  if (Array.isArray(calls) && calls.length > 0) {
    startFirstCalls(
      window,
      calls as FirstCall[],
      { baseURL: readApiBase(document), appOrigin: window.location.origin },
      readSessionSnapshot(window),
    )
  }
} catch (error) {
  // The screen makes its calls itself; this only made them earlier.
  console.warn('[first-call] not started', error)
}
