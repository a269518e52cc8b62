import type { HealthReport } from './report'

/** A remote loader's record of one load attempt (the shell's `LoadRecord`), as far as reports read it. */
export interface LoadAttempt {
  remote: string
  version: string
  stage: string
  ok: boolean
  durationMs: number
  error?: string
  phases?: Partial<Record<string, number>>
}

type Outcome = HealthReport['remotes'][number]

/** The last record of `remote` at `version` that loaded (`ok`) or failed. */
const lastRecord = (records: readonly LoadAttempt[], remote: string, version: string | null, ok: boolean) =>
  records.filter((r) => r.remote === remote && r.version === version && r.ok === ok).pop()

const why = (record: LoadAttempt | undefined) => record && `${record.stage}: ${record.error ?? 'failed'}`

/**
 * A remote on screen: mounted, or mounted from `previous` after `fellBackFrom` failed (and why), with the
 * milliseconds of each load stage of the version on screen, its total and its mount.
 */
export function mountedOutcome(
  remote: string,
  version: string,
  fellBackFrom: string | null,
  records: readonly LoadAttempt[],
  mountMs: number,
): Outcome {
  const loaded = lastRecord(records, remote, version, true)
  return {
    remote,
    version,
    outcome: fellBackFrom ? 'fallback' : 'mounted',
    // Undefined fields are left out of the report's JSON.
    from: fellBackFrom ?? undefined,
    reason: why(lastRecord(records, remote, fellBackFrom, false)),
    phases: { ...loaded?.phases, total: loaded?.durationMs, mount: mountMs } as Outcome['phases'],
  }
}

/** A remote that could not be loaded: not released, its contract refused, or the retry screen. */
export function failedOutcome(
  remote: string,
  notReleased: boolean,
  attempts: readonly LoadAttempt[],
  message: string,
): Outcome {
  const last = attempts.filter((r) => !r.ok).pop()
  return {
    remote,
    version: attempts.find((r) => r.version !== '-')?.version ?? '-',
    outcome: notReleased ? 'not-released' : last?.stage === 'contract' ? 'contract-refused' : 'retry-screen',
    reason: why(last) ?? message,
    phases: {},
  }
}
