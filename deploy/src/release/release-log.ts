import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * What releases and rollbacks did, one JSON line each, next to the registry (the CDN root, which neither server
 * serves): the ops page marks them on its time axis, and a rollback says why (ADR 0033). Written under the
 * registry lock by the change it records.
 */
export interface ReleaseEvent {
  /** ms since the epoch */
  at: number
  /**
   * A canary (ADR 0058): `canary` starts one (`from` the control's version, `to` the canary's), `step` changes its
   * share, `promote` makes it every borrower's (a release of it), `abort` ends it (`from` the canary, `to` the
   * version every borrower is back on).
   */
  kind: 'release' | 'rollback' | 'canary' | 'step' | 'promote' | 'abort'
  remote: string
  /** The version current before, if any. */
  from: string | null
  to: string
  /** A canary's share of borrowers after the event (abort: before it). */
  percent?: number
  /** Why, when someone (or the release watch) said. */
  reason?: string
}

export const RELEASE_LOG = 'release-log.jsonl'

export function appendReleaseEvent(cdnDir: string, event: ReleaseEvent): void {
  appendFileSync(join(cdnDir, RELEASE_LOG), `${JSON.stringify(event)}\n`)
}

/** The events since `since` (ms), oldest first; a line that is not an event (a torn write) is skipped. */
export function readReleaseEvents(cdnDir: string, since = 0): ReleaseEvent[] {
  const file = join(cdnDir, RELEASE_LOG)
  if (!existsSync(file)) return []
  const events: ReleaseEvent[] = []
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue
    try {
      const event = JSON.parse(line) as ReleaseEvent
      if (typeof event.at === 'number' && event.at >= since && typeof event.remote === 'string')
        events.push(event)
    } catch {
      // A line cut short by a crash mid-write: the next release appends after it.
    }
  }
  return events
}
