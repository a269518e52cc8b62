import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { HealthReport } from 'shared/health'
import { readRegistry } from '../registry-file'
import { readReleaseEvents, RELEASE_LOG } from '../release/release-log'

/** The version a report names when the page knew none (the shell's own lines, a registry that never came). */
export const NO_VERSION = '-'

/**
 * Every version the registry has pointed at, per remote (ADR 0040): its current and previous pointers and
 * every `from` and `to` of the release log. A report naming any other version is refused, so made-up
 * versions never reach the store. Read again only when either file changes, not per report.
 */
export class VersionHistory {
  private stamp = ''
  private known = new Set<string>()

  constructor(
    private readonly cdnDir: string,
    private readonly registryFile: string,
  ) {}

  /** Whether `remote` has been at `version` (a report's "no version" always passes: it claims none). */
  has(remote: string, version: string): boolean {
    if (version === NO_VERSION) return true
    this.refresh()
    return this.known.has(`${remote}@${version}`)
  }

  /** Whether every version `report` names (outcomes, their fallbacks' `from`, vitals, errors) is known. */
  knows(report: HealthReport): boolean {
    return (
      report.remotes.every((r) => this.has(r.remote, r.version) && (!r.from || this.has(r.remote, r.from))) &&
      [...report.vitals, ...report.errors].every((item) => this.has(item.remote, item.version))
    )
  }

  private refresh(): void {
    const log = join(this.cdnDir, RELEASE_LOG)
    const stamp = [this.registryFile, log]
      .map((file) => (existsSync(file) ? `${statSync(file).mtimeMs}:${statSync(file).size}` : '-'))
      .join('|')
    if (stamp === this.stamp) return
    const known = new Set<string>()
    try {
      for (const [remote, entry] of Object.entries(readRegistry(this.registryFile).remotes)) {
        known.add(`${remote}@${entry.version}`)
        if (entry.previous) known.add(`${remote}@${entry.previous.version}`)
        if (entry.canary) known.add(`${remote}@${entry.canary.version}`)
      }
    } catch (error) {
      // A registry that is not one (a repair under way): the log still names every version released.
      console.error('[health]', error instanceof Error ? error.message : error)
    }
    for (const event of readReleaseEvents(this.cdnDir)) {
      known.add(`${event.remote}@${event.to}`)
      if (event.from) known.add(`${event.remote}@${event.from}`)
    }
    this.known = known
    this.stamp = stamp
  }
}
