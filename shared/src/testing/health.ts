import { vi, type Mock } from 'vitest'
import type { HealthReporter } from '../health/deferred'
import type { HealthReport } from '../health/report'

/** A health reporter whose every method is a mock (the shell's fake platform, the deferred front's tests). */
export function fakeHealthReporter(): { [K in keyof HealthReporter]: Mock<HealthReporter[K]> } {
  return {
    remote: vi.fn<HealthReporter['remote']>(),
    mounted: vi.fn<HealthReporter['mounted']>(),
    failed: vi.fn<HealthReporter['failed']>(),
    call: vi.fn<HealthReporter['call']>(),
    uncaught: vi.fn<HealthReporter['uncaught']>(),
  }
}

/** A report with one of everything, as a page writes it: a fallback, a vital, an error, a failed call. */
export const SAMPLE_HEALTH_REPORT: HealthReport = {
  v: 1,
  route: '/loanDetails',
  phase: 'load',
  engine: { name: 'chromium', major: 120, unreported: [] },
  remotes: [
    {
      remote: 'mf_loan',
      version: '1.0.0-old',
      outcome: 'fallback',
      from: '1.0.1-new',
      reason: 'contract: 2',
      phases: { entry: 40 },
    },
  ],
  vitals: [{ name: 'LCP', value: 1900, remote: 'mf_loan', version: '1.0.0-old' }],
  errors: [{ remote: 'mf_loan', version: '1.0.1-new', kind: 'error', message: 'boom' }],
  calls: [{ path: '/utilities/loan/detail', kind: 'timeout', count: 2 }],
}
