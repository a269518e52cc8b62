import { afterEach, expect, test, vi } from 'vitest'
import { withTimeout } from './schedule'

afterEach(() => vi.useRealTimers())

const timeout = (ms: number) => new Error(`timed out after ${ms} ms`)

test('without an idle limit, only the hard limit applies', async () => {
  vi.useFakeTimers()
  const watched = withTimeout(new Promise(() => undefined), { maxMs: 10_000 }, timeout)
  const outcome = watched.catch((error: Error) => error.message)
  await vi.advanceTimersByTimeAsync(9_999)
  expect(vi.getTimerCount()).toBe(1)
  await vi.advanceTimersByTimeAsync(1)
  expect(await outcome).toBe('timed out after 10000 ms')
})

test('progress restarts the idle timer but never the hard limit', async () => {
  vi.useFakeTimers()
  let progress = () => undefined as void
  const unsubscribe = vi.fn()
  const watched = withTimeout(
    new Promise(() => undefined),
    { maxMs: 5_000, idleMs: 1_000, subscribe: (onActivity) => ((progress = onActivity), unsubscribe) },
    timeout,
  )
  const outcome = watched.catch((error: Error) => error.message)
  for (let i = 0; i < 5; i++) {
    await vi.advanceTimersByTimeAsync(900)
    progress()
  }
  await vi.advanceTimersByTimeAsync(500)
  expect(await outcome).toBe('timed out after 5000 ms')
})

test('settling in time clears the timers and the subscription', async () => {
  vi.useFakeTimers()
  const unsubscribe = vi.fn()
  const value = await withTimeout(
    Promise.resolve('ok'),
    { maxMs: 5_000, idleMs: 1_000, subscribe: () => unsubscribe },
    timeout,
  )
  expect(value).toBe('ok')
  expect(vi.getTimerCount()).toBe(0)
  expect(unsubscribe).toHaveBeenCalledTimes(1)
})
