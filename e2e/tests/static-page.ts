import { SLOW_SESSION_PREFIX } from 'shared/mocks'

/**
 * `path` (a data route's address) as one whose page comes as the release wrote it: its session is one the
 * demo API stalls for (`slow-api`), so the render service sends the static page at its budget (ADR 0055) and
 * the screen makes its own first call, which a test may answer with `page.route`. Each call then waits 2.5 s.
 */
export function staticPageOf(path: string): string {
  const session = `${SLOW_SESSION_PREFIX}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  return `${path}${path.includes('?') ? '&' : '?'}sessionId=${session}`
}
