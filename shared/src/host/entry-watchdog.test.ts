import { afterEach, expect, test, vi } from 'vitest'
import {
  ENTRY_STARTED,
  ENTRY_WATCHDOG_TEXT,
  ENTRY_WATCHDOG_WAIT_MS,
  entryWatchdogSource,
} from './entry-watchdog'

afterEach(() => {
  document.body.replaceChildren()
  vi.useRealTimers()
})

/** Runs the watchdog on this document with a window whose events and reload the test drives. */
function runWatchdog() {
  const listeners: Record<string, ((event: Event) => void)[]> = {}
  const win = {
    addEventListener: (type: string, listener: (event: Event) => void) =>
      (listeners[type] ??= []).push(listener),
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    location: { reload: vi.fn() },
  } as unknown as Window & Record<string, unknown> & { location: { reload: ReturnType<typeof vi.fn> } }
  document.body.innerHTML =
    '<div id="root"><div id="first-frame"><p>Loading your order…</p></div></div>' +
    '<script type="module" src="/assets/index-1.js"></script>'
  new Function('window', 'document', entryWatchdogSource())(win, document)
  const fire = (type: string, target: EventTarget | null = null) => {
    const event = new Event(type)
    Object.defineProperty(event, 'target', { value: target })
    for (const listener of listeners[type] ?? []) listener(event)
  }
  return { win, fire }
}

const entry = () => document.querySelector('script[type="module"]')

test('an entry that failed to download: the first frame gives way to a readable screen with Reload', () => {
  const { win, fire } = runWatchdog()
  fire('error', entry())
  const screen = document.querySelector('[role="alert"]')!
  expect(screen.querySelector('h1')?.textContent).toBe(ENTRY_WATCHDOG_TEXT.heading)
  expect(screen.textContent).toContain(ENTRY_WATCHDOG_TEXT.body)
  expect(document.getElementById('first-frame')).toBeNull()
  // The page's one main landmark (issue #31), the message announced inside it.
  expect(screen.parentElement?.tagName).toBe('MAIN')
  expect(document.querySelectorAll('main')).toHaveLength(1)
  screen.querySelector('button')!.click()
  expect(win.location.reload).toHaveBeenCalledTimes(1)
  // A second failure (another module of the same graph) shows it once.
  fire('error', entry())
  expect(document.querySelectorAll('[role="alert"]')).toHaveLength(1)
})

test('a failed picture or an entry that ran is none of its business', () => {
  const { win, fire } = runWatchdog()
  fire('error', document.createElement('img'))
  expect(document.querySelector('[role="alert"]')).toBeNull()
  win[ENTRY_STARTED] = true
  fire('error', entry())
  expect(document.querySelector('[role="alert"]')).toBeNull()
  expect(document.getElementById('first-frame')).not.toBeNull()
})

test('an entry that never started after load gets the screen after the wait; one that started does not', () => {
  vi.useFakeTimers()
  const late = runWatchdog()
  late.fire('load')
  vi.advanceTimersByTime(ENTRY_WATCHDOG_WAIT_MS - 1)
  expect(document.querySelector('[role="alert"]')).toBeNull()
  vi.advanceTimersByTime(1)
  expect(document.querySelector('[role="alert"]')).not.toBeNull()

  const started = runWatchdog()
  started.win[ENTRY_STARTED] = true
  started.fire('load')
  vi.advanceTimersByTime(ENTRY_WATCHDOG_WAIT_MS)
  expect(document.querySelector('[role="alert"]')).toBeNull()
})
