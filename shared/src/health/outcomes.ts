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

/** Milliseconds of each load stage of `version` (the last attempt that loaded it), and of its mount. */
function stagePhases(records: readonly LoadAttempt[], remote: string, version: string, mountMs?: number) {
  const loaded = records.filter((r) => r.remote === remote && r.version === version && r.ok).at(-1)
  const phases: Record<string, number> = {}
  for (const [stage, ms] of Object.entries(loaded?.phases ?? {})) if (ms !== undefined) phases[stage] = ms
  if (loaded) phases.total = loaded.durationMs
  if (mountMs !== undefined) phases.mount = mountMs
  return phases
}

const why = (record: LoadAttempt | undefined) => record && `${record.stage}: ${record.error ?? 'failed'}`

/** A remote on screen: mounted, or mounted from `previous` after `fellBackFrom` failed (and why). */
export function mountedOutcome(
  remote: string,
  version: string,
  fellBackFrom: string | null,
  records: readonly LoadAttempt[],
  mountMs: number,
): Outcome {
  const failed = records.filter((r) => r.remote === remote && r.version === fellBackFrom && !r.ok).at(-1)
  const reason = why(failed)
  return {
    remote,
    version,
    outcome: fellBackFrom ? 'fallback' : 'mounted',
    ...(fellBackFrom ? { from: fellBackFrom } : {}),
    ...(reason ? { reason } : {}),
    phases: stagePhases(records, remote, version, mountMs),
  }
}

/** A remote that could not be loaded: not released, its contract refused, or the retry screen. */
export function failedOutcome(
  remote: string,
  notReleased: boolean,
  attempts: readonly LoadAttempt[],
  message: string,
): Outcome {
  const last = attempts.filter((r) => !r.ok).at(-1)
  const version = attempts.find((r) => r.version !== '-')?.version ?? '-'
  return {
    remote,
    version,
    outcome: notReleased ? 'not-released' : last?.stage === 'contract' ? 'contract-refused' : 'retry-screen',
    reason: why(last) ?? message,
    phases: {},
  }
}
