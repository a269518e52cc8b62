import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createSessionStore } from '../session/session'
import { fakeHealthReporter } from '../testing/health'
import { deferredHealthReporter, NO_HEALTH_REPORTS, type HealthReporter } from './deferred'

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const ON = { healthEndpoint: '/health/reports', healthSample: 1 }
const fake = fakeHealthReporter
const session = createSessionStore({ storage: null })
const front = (
  settings: typeof ON,
  load: () => Promise<HealthReporter>,
  random?: () => number,
): HealthReporter => deferredHealthReporter(window, settings, undefined, session, load, random)

test('reporting off, or a page load outside the sample, never loads the reporter', async () => {
  const load = vi.fn(async () => fake())
  expect(front({ ...ON, healthEndpoint: '' }, load)).toBe(NO_HEALTH_REPORTS)
  expect(front({ ...ON, healthSample: 0.1 }, load, () => 0.5)).toBe(NO_HEALTH_REPORTS)
  expect(front({ ...ON, healthSample: 0.1 }, load, () => 0.05)).not.toBe(NO_HEALTH_REPORTS)
  await vi.advanceTimersByTimeAsync(10_000)
  expect(load).toHaveBeenCalledTimes(1)
})

test('nothing loads before the first paint; what was noted meanwhile, early errors included, reaches the reporter in order', async () => {
  const real = fake()
  const load = vi.fn(async () => real)
  const reporter = front(ON, load)
  reporter.remote({ remote: 'mf_loan', version: '1', outcome: 'mounted' })
  reporter.call('/utilities/a', 'timeout')
  const early = new ErrorEvent('error', { message: 'early' })
  window.dispatchEvent(early)
  expect(load).not.toHaveBeenCalled()
  // jsdom has no paint timing: the page waits its longest for a first paint, then an idle moment.
  await vi.advanceTimersByTimeAsync(5000 + 3000)
  expect(load).toHaveBeenCalledTimes(1)
  expect(real.remote).toHaveBeenCalledWith({ remote: 'mf_loan', version: '1', outcome: 'mounted' })
  expect(real.call).toHaveBeenCalledWith('/utilities/a', 'timeout')
  expect(real.uncaught).toHaveBeenCalledWith(early)
  // From now on calls go straight through, uncaught errors too.
  reporter.call('/utilities/b', 'network')
  expect(real.call).toHaveBeenLastCalledWith('/utilities/b', 'network')
  const late = new ErrorEvent('error', { message: 'late' })
  window.dispatchEvent(late)
  expect(real.uncaught).toHaveBeenLastCalledWith(late)
  expect(real.uncaught).toHaveBeenCalledTimes(2)
})

test('a reporter chunk that does not arrive leaves the page reporting nothing, and keeping nothing', async () => {
  const load = vi.fn(() => Promise.reject(new Error('chunk failed')))
  const reporter = front(ON, load)
  await vi.advanceTimersByTimeAsync(8000)
  expect(() => reporter.call('/a', 'network')).not.toThrow()
  expect(load).toHaveBeenCalledTimes(1)
})
