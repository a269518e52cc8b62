import { BRIDGE_ACTIONS } from 'shared/bridge'

/**
 * Scripts the lanes run in a page before its own (`addInitScript`), as source text: they cross into the
 * browser as they are written here.
 */

/**
 * Keeps the page's uncaught errors, console errors and console warnings in `window.__laneProblems`, for an
 * engine whose WebDriver reports no console (WebKit's is classic WebDriver only).
 */
export const RECORD_PROBLEMS = `(() => {
  const problems = []
  window.__laneProblems = problems
  const text = (args) => args.map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : (() => { try { return JSON.stringify(a) } catch { return String(a) } })())).join(' ')
  for (const level of ['error', 'warn']) {
    const original = console[level].bind(console)
    console[level] = (...args) => {
      problems.push(level + ': ' + text(args))
      original(...args)
    }
  }
  window.addEventListener('error', (event) => problems.push('uncaught: ' + (event.error ? event.error.message : event.message)))
  window.addEventListener('unhandledrejection', (event) => problems.push('unhandled rejection: ' + text([event.reason])))
})()`

/**
 * The iOS app's side of the native bridge: a WKWebView's `window.webkit.messageHandlers.<action>` (one
 * handler per action, shared/src/bridge/bridge.ts), each post kept in `window.__bridgePosts` as
 * `[action, payload]`.
 */
export const IOS_WEB_VIEW = `(() => {
  const posts = []
  const handlers = {}
  for (const action of ${JSON.stringify(BRIDGE_ACTIONS)}) handlers[action] = { postMessage: (payload) => posts.push([action, payload]) }
  window.__bridgePosts = posts
  window.webkit = { messageHandlers: handlers }
})()`
