import { afterEach, expect, test, vi } from 'vitest'
import { afterNextPaint, loadOnce, whenIdle } from './schedule'

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

test('afterNextPaint resolves just after the frame being prepared is painted, not before', async () => {
  vi.useFakeTimers()
  const frames: (() => void)[] = []
  const win = {
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
  } as unknown as Window
  const done = vi.fn()
  void afterNextPaint(500, win).then(done)
  await vi.advanceTimersByTimeAsync(100)
  expect(done).not.toHaveBeenCalled()
  frames[0]()
  await vi.advanceTimersByTimeAsync(0)
  expect(done).toHaveBeenCalledTimes(1)
})

test('afterNextPaint gives up waiting after maxWaitMs on a page that paints no frames', async () => {
  vi.useFakeTimers()
  const win = {
    requestAnimationFrame: () => 1,
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
  } as unknown as Window
  const done = vi.fn()
  void afterNextPaint(500, win).then(done)
  await vi.advanceTimersByTimeAsync(499)
  expect(done).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(1)
  expect(done).toHaveBeenCalledTimes(1)
})

test('loadOnce runs the load once for every use, and again after a rejection', async () => {
  const load = vi
    .fn<() => Promise<string>>()
    .mockRejectedValueOnce(new Error('offline'))
    .mockResolvedValue('code')
  const get = loadOnce(load)
  const [first, second] = [get(), get()]
  await expect(first).rejects.toThrow('offline')
  await expect(second).rejects.toThrow('offline')
  expect(load).toHaveBeenCalledTimes(1)
  expect(await get()).toBe('code')
  expect(await get()).toBe('code')
  expect(load).toHaveBeenCalledTimes(2)
})
