import { afterEach, expect, test, vi } from 'vitest'
import { createSessionStore } from '../session/session'
import { TEST_SETTINGS } from '../testing/testing'
import type * as Toasts from '../ui/toasts'
import { preloadToasts, showInfo } from '../ui/toasts'
import { afterFirstPaint, FIRST_PAINT_WAIT_MS } from '../schedule/schedule'
import { PAINT_WAIT_MS } from '../http/http'
import { REMOTE_MOUNTED_MARK } from '../remote/first-frame'
import { createHostServices, NEEDS_APP_MESSAGE, SCREEN_WAIT_MS } from './host'

vi.mock('../ui/toasts', async (importOriginal) => ({
  ...(await importOriginal<typeof Toasts>()),
  preloadToasts: vi.fn(async () => null),
  showInfo: vi.fn(),
}))

type PaintCallback = (list: { getEntriesByName(name: string): unknown[] }) => void

/** A window whose Paint Timing observer is driven by the test. */
function fakeWindow() {
  const observers: { callback: PaintCallback; disconnected: boolean }[] = []
  class FakeObserver {
    entry: { callback: PaintCallback; disconnected: boolean }
    constructor(callback: PaintCallback) {
      this.entry = { callback, disconnected: false }
      observers.push(this.entry)
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true
    }
  }
  const win = {
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    clearTimeout: (id: number) => clearTimeout(id),
    PerformanceObserver: FakeObserver,
  } as unknown as Window
  const paint = (name: string) =>
    observers.forEach((o) => o.callback({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }))
  return { win, observers, paint }
}

afterEach(() => {
  vi.useRealTimers()
})

test('runs after the first contentful paint, once, and stops observing', () => {
  vi.useFakeTimers()
  const { win, observers, paint } = fakeWindow()
  const run = vi.fn()
  afterFirstPaint(win, run)
  paint('first-paint')
  expect(run).not.toHaveBeenCalled()
  paint('first-contentful-paint')
  paint('first-contentful-paint')
  expect(run).toHaveBeenCalledTimes(1)
  expect(observers[0].disconnected).toBe(true)
  vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS)
  expect(run).toHaveBeenCalledTimes(1)
})

test('runs after FIRST_PAINT_WAIT_MS when no contentful paint is observed, or Paint Timing is missing', () => {
  vi.useFakeTimers()
  const { win } = fakeWindow()
  const run = vi.fn()
  afterFirstPaint(win, run)
  vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1)
  expect(run).not.toHaveBeenCalled()
  vi.advanceTimersByTime(1)
  expect(run).toHaveBeenCalledTimes(1)

  const old = { ...win, PerformanceObserver: undefined } as unknown as Window
  const late = vi.fn()
  afterFirstPaint(old, late)
  vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS)
  expect(late).toHaveBeenCalledTimes(1)
})

/** Host services on a fake window whose paints, marks, axios load and calls the test drives. */
function warmUpHarness() {
  const { win, paint } = fakeWindow()
  Object.assign(win, {
    location: window.location,
    history: window.history,
    requestIdleCallback: (run: () => void) => setTimeout(run, 1),
  })
  const session = createSessionStore({ storage: null })
  const services = createHostServices({ win, settings: TEST_SETTINGS, session, navigate: () => {} })
  let axiosLoaded = () => {}
  const preload = vi
    .spyOn(services.http, 'preload')
    .mockImplementation(() => new Promise<void>((resolve) => (axiosLoaded = resolve)))
  let callsAnswered = () => {}
  vi.spyOn(services.http, 'quiet').mockImplementation(
    () => new Promise<void>((resolve) => (callsAnswered = resolve)),
  )
  services.warmUp()
  return { paint, preload, axiosLoaded: () => axiosLoaded(), callsAnswered: () => callsAnswered() }
}

test("warm-up waits for the screen's data (first paint, its remote mounted, its calls answered), then loads axios, then the toast code", async () => {
  vi.useFakeTimers()
  const page = warmUpHarness()
  await vi.advanceTimersByTimeAsync(100)
  page.paint('first-contentful-paint')
  await vi.advanceTimersByTimeAsync(500)
  expect(page.preload).not.toHaveBeenCalled()
  page.paint(REMOTE_MOUNTED_MARK)
  await vi.advanceTimersByTimeAsync(500)
  // Mounted, but its data is still on the way: nothing shares the connection with it.
  expect(page.preload).not.toHaveBeenCalled()
  page.callsAnswered()
  await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS + 10)
  expect(page.preload).toHaveBeenCalledTimes(1)
  expect(preloadToasts).not.toHaveBeenCalled()
  page.axiosLoaded()
  await vi.advanceTimersByTimeAsync(10)
  expect(preloadToasts).toHaveBeenCalledTimes(1)
})

test('a page without a remote (no mount mark) warms up SCREEN_WAIT_MS after its first paint', async () => {
  vi.useFakeTimers()
  const page = warmUpHarness()
  page.paint('first-contentful-paint')
  await vi.advanceTimersByTimeAsync(SCREEN_WAIT_MS - 1)
  page.callsAnswered()
  await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS + 10)
  expect(page.preload).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(1)
  page.callsAnswered()
  await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS + 10)
  expect(page.preload).toHaveBeenCalledTimes(1)
})

test('in a plain browser, a tapped native-only action asks for the app; background actions stay silent', () => {
  const info = vi.spyOn(console, 'info').mockImplementation(() => undefined)
  const session = createSessionStore({ storage: null })
  const { bridge } = createHostServices({ win: window, settings: TEST_SETTINGS, session, navigate: () => {} })
  expect(bridge.channel).toBe('web')
  for (const action of ['confirmBurialPoint', 'startBank', 'endBank'] as const) bridge.call(action)
  expect(showInfo).not.toHaveBeenCalled()
  expect(info).toHaveBeenCalledTimes(3)
  for (const action of ['to', 'toP', 'toMine', 'offToLogin', 'toRate'] as const) bridge.call(action, ['mine'])
  expect(vi.mocked(showInfo).mock.calls).toEqual(Array.from({ length: 5 }, () => [NEEDS_APP_MESSAGE]))
  info.mockRestore()
})
