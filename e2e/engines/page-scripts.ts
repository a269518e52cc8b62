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

/**
 * The pixels (RGBA) of a box of the viewport, out of a screenshot of it (a PNG, base64): the page decodes it
 * itself (`data:` pictures are allowed by its CSP).
 */
export const BOX_PIXELS = `async (png, box) => {
  const img = new Image()
  img.src = 'data:image/png;base64,' + png
  await img.decode()
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.floor(box.width))
  canvas.height = Math.max(1, Math.floor(box.height))
  const g = canvas.getContext('2d')
  g.drawImage(img, -Math.ceil(box.left), -Math.ceil(box.top))
  return g.getImageData(0, 0, canvas.width, canvas.height).data
}`
