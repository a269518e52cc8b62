import { readRegistry } from '../registry-file'
import { judgeCanary, type CanaryJudgement, type CanaryReads, type CanarySettings } from './canary-judge'
import type { HealthStore } from './health-store'
import type { WatchSettings } from './release-watch'

/**
 * The server's canary watch (ADR 0059): every `check()` judges each running canary at its current step
 * against its control group over the same minutes (`judgeCanary`); a failing one is aborted with the figures
 * as its reason, a healthy one promoted to its next step (whose loads are judged anew), and one still undecided
 * when its step's window (`RELEASE_WATCH_WINDOW_MINUTES`) has passed is held where it is, logged once.
 */

export interface CanaryWatcherOptions {
  reads: CanaryReads
  registryFile: string
  settings: WatchSettings & CanarySettings
  /** The share after `percent`: the next of CANARY_STEPS (100: every borrower). */
  nextStep: (percent: number) => number
  /** Ends `remote`'s canary of `version`, only if that canary still runs. */
  abort: (remote: string, version: string, reason: string) => void
  /** Gives `remote`'s canary of `version` the share `to`, only if that canary still runs. */
  promote: (remote: string, version: string, to: number, reason: string) => void
  log?: (line: string) => void
  now?: () => number
}

/** The judge's last word on a remote's canary, for the ops page. */
export interface CanaryState {
  remote: string
  version: string
  control: string
  percent: number
  stepSince: number
  /** `held`: its step's window passed undecided; it stays at this share until ops promote or abort it. */
  status: CanaryJudgement['status'] | 'held'
  judgement: CanaryJudgement
  at: number
}

export function createCanaryWatcher(options: CanaryWatcherOptions): {
  check(): Promise<void>
  /** The latest judgement of each running canary, by remote. */
  states(): CanaryState[]
} {
  const now = options.now ?? Date.now
  const log = options.log ?? ((line: string) => console.log(line))
  const states = new Map<string, CanaryState>()
  const held = new Set<string>()
  const checkAll = async () => {
    const t = now()
    const running = Object.entries(readRegistry(options.registryFile).remotes).filter(
      ([, entry]) => entry.canary,
    )
    for (const remote of states.keys()) if (!running.some(([name]) => name === remote)) states.delete(remote)
    for (const [remote, entry] of running) {
      const canary = entry.canary!
      const key = `${remote}@${canary.version}@${canary.stepSince}`
      if (held.has(key)) continue
      const judgement = await judgeCanary(options.reads, remote, canary, entry.version, options.settings, t)
      const expired = judgement.status === 'waiting' && t - canary.stepSince > options.settings.windowMs
      const state: CanaryState = {
        remote,
        version: canary.version,
        control: entry.version,
        percent: canary.percent,
        stepSince: canary.stepSince,
        status: expired ? 'held' : judgement.status,
        judgement,
        at: t,
      }
      states.set(remote, state)
      const at = `${remote}@${canary.version} at ${canary.percent}%`
      if (expired) {
        held.add(key)
        log(`[canary] ${at} is undecided after its window; held at ${canary.percent}%: ${judgement.reason}`)
      } else if (judgement.status === 'failing') {
        log(`[canary] ${at} is failing: ${judgement.reason}; aborting`)
        options.abort(remote, canary.version, `canary judge: ${judgement.reason}`)
      } else if (judgement.status === 'healthy') {
        const to = options.nextStep(canary.percent)
        log(`[canary] ${at} is healthy: ${judgement.reason}; promoting to ${to}%`)
        options.promote(remote, canary.version, to, `canary judge: ${judgement.reason}`)
      }
    }
  }
  let checking: Promise<void> | null = null
  return {
    check() {
      checking ??= checkAll().finally(() => (checking = null))
      return checking
    },
    states: () => [...states.values()],
  }
}

/** The canary judge's reads over the store: the same indexes as the release judge's, never cached. */
export function canaryStoreReads(store: HealthStore): CanaryReads {
  return {
    firstLoads: (remote, version, since, limit) => store.firstLoads(remote, version, since, limit),
    counts: (remote, version, since, until) => store.baseline(remote, version, since, until),
  }
}
