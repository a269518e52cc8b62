import { afterEach, expect, test, vi } from 'vitest'
import { whenIdle } from './schedule'

afterEach(() => {
  vi.useRealTimers()
})

test('runs the task in an idle callback, with the timeout when one is given, and can be cancelled', () => {
  const calls: { task: () => void; options: unknown }[] = []
  const cancelled: number[] = []
  const win = {
    requestIdleCallback: (task: () => void, options: unknown) => calls.push({ task, options }),
    cancelIdleCallback: (id: number) => cancelled.push(id),
  } as unknown as Window
  const task = vi.fn()
  whenIdle(task, { win })
  const cancel = whenIdle(task, { win, timeoutMs: 3000 })
  expect(calls.map((c) => c.options)).toEqual([undefined, { timeout: 3000 }])
  expect(task).not.toHaveBeenCalled()
  calls[0].task()
  expect(task).toHaveBeenCalledTimes(1)
  cancel()
  expect(cancelled).toEqual([2])
})

test('without requestIdleCallback the task runs on the next task, unless cancelled', () => {
  vi.useFakeTimers()
  const win = { setTimeout, clearTimeout } as unknown as Window
  const task = vi.fn()
  whenIdle(task, { win })
  const skipped = vi.fn()
  whenIdle(skipped, { win })()
  expect(task).not.toHaveBeenCalled()
  vi.advanceTimersByTime(0)
  expect(task).toHaveBeenCalledTimes(1)
  expect(skipped).not.toHaveBeenCalled()
})
