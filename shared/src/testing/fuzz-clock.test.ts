import { expect, test, vi } from 'vitest'
import { FUZZ_FAKE_TIMERS } from './fuzz'

/**
 * The page's own requestAnimationFrame, kept as an animation library keeps it when it loads (react-spring's
 * frame loop, under antd-mobile's toasts and popups): fake timers installed later do not replace it.
 */
const pageFrame = window.requestAnimationFrame.bind(window)

/** Whether the page runs an animation frame asked for now, within `ms` of real time. */
function frameRuns(ms = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    pageFrame(() => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

test("a screen run's fake timers leave the page's animation frames running after them", async () => {
  vi.useFakeTimers(FUZZ_FAKE_TIMERS)
  // A toast or popup opening as the run ends: its frame is asked for while the clock is fake.
  pageFrame(() => undefined)
  vi.useRealTimers()
  expect(await frameRuns()).toBe(true)
})

// Last in the file: it leaves this file's page without frames, which is what it shows.
test('with every timer faked, a frame asked for then is dropped and the page never runs another', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  pageFrame(() => undefined)
  vi.useRealTimers()
  expect(await frameRuns()).toBe(false)
})
