import { afterEach, expect, test, vi } from 'vitest'
import {
  BELOW_FLOOR_TEXT,
  belowSupportFloor,
  ENTRY_STARTED,
  ENTRY_WATCHDOG_TEXT,
  ENTRY_WATCHDOG_WAIT_MS,
  entryWatchdogSource,
} from './entry-watchdog'
import { DEFAULT_SETTINGS, parseSettings } from './settings'

afterEach(() => {
  document.body.replaceChildren()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/**
 * The built-ins and CSS the watchdog tests, as every engine of the support floor has them (ADR 0048). jsdom
 * has neither `CSS.supports` nor an engine to take built-ins from, so each test's window carries its own.
 */
const floorEngine = () => ({
  Promise: { any: () => undefined },
  WeakRef: function WeakRef() {},
  CSS: { supports: (property: string, value: string) => property === 'aspect-ratio' && value === '1 / 1' },
})

/** Runs the watchdog on this document with a window whose engine, events and reload the test drives. */
function runWatchdog(engine: Record<string, unknown> = floorEngine(), settings = '{}') {
  const listeners: Record<string, ((event: Event) => void)[]> = {}
  const win = {
    ...engine,
    addEventListener: (type: string, listener: (event: Event) => void) =>
      (listeners[type] ??= []).push(listener),
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    location: { reload: vi.fn() },
  } as unknown as Window & Record<string, unknown> & { location: { reload: ReturnType<typeof vi.fn> } }
  document.body.innerHTML =
    `<script type="application/json" id="app-settings">${settings}</script>` +
    '<div id="root"><div id="first-frame"><p>Loading your order…</p></div></div>' +
    '<script type="module" src="/assets/index-1.js"></script>'
  new Function('window', 'document', entryWatchdogSource())(win, document)
  const fire = (type: string, target: EventTarget | null = null, init: Record<string, unknown> = {}) => {
    const event = new Event(type)
    Object.defineProperty(event, 'target', { value: target })
    for (const [key, value] of Object.entries(init)) Object.defineProperty(event, key, { value })
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

/** What the borrower reads on the page, the update screen's or the connection screen's. */
const alertText = () => document.querySelector('[role="alert"]')?.textContent ?? ''

test('an engine of the support floor is left alone: the first frame stays and the entry may run', () => {
  const { win } = runWatchdog()
  expect(document.querySelector('[role="alert"]')).toBeNull()
  expect(document.getElementById('first-frame')).not.toBeNull()
  expect(belowSupportFloor(win)).toBe(false)
})

const withoutIt = (change: (engine: Record<string, unknown>) => void) => {
  const engine: Record<string, unknown> = floorEngine()
  change(engine)
  return engine
}

test.each([
  ['Promise.any (iOS 14, Chrome 85)', withoutIt((e) => (e.Promise = {}))],
  ['WeakRef (iOS 14.5, Chrome 84)', withoutIt((e) => delete e.WeakRef)],
  ["CSS 'aspect-ratio' (iOS 15, Chrome 88)", withoutIt((e) => (e.CSS = { supports: () => false }))],
  ['CSS.supports', withoutIt((e) => delete e.CSS)],
])(
  'an engine without %s is below the floor: the update screen at once, with the service phone',
  (_, engine) => {
    const { win, fire } = runWatchdog(engine)
    const screen = document.querySelector('[role="alert"]')!
    expect(screen.querySelector('h1')?.textContent).toBe(BELOW_FLOOR_TEXT.heading)
    expect(alertText()).toContain(BELOW_FLOOR_TEXT.body)
    expect(alertText()).toContain(`${BELOW_FLOOR_TEXT.call} ${DEFAULT_SETTINGS.servicePhone}`)
    expect(alertText()).not.toMatch(/connection/i)
    expect(screen.querySelector('button')).toBeNull()
    expect(document.getElementById('first-frame')).toBeNull()
    expect(document.querySelectorAll('main')).toHaveLength(1)
    // The entry reads this as its first act and does nothing.
    expect(belowSupportFloor(win)).toBe(true)
    // Its modules failing to load or to run later changes nothing: no "check your connection".
    fire('error', entry())
    fire('error', window, { error: new SyntaxError("Unexpected token '?'"), filename: '/assets/index-1.js' })
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(1)
    expect(alertText()).not.toMatch(/connection/i)
  },
)

test('a script of the page that fails to parse before the entry started means an engine below the floor', () => {
  const { win, fire } = runWatchdog()
  fire('error', window, {
    error: new SyntaxError("Unexpected token '?'"),
    message: "Uncaught SyntaxError: Unexpected token '?'",
    filename: 'https://cdn.example.ph/remotes/mf-loan/1.0.0/assets/app-1.js',
  })
  expect(document.querySelector('h1')?.textContent).toBe(BELOW_FLOOR_TEXT.heading)
  expect(alertText()).toContain(DEFAULT_SETTINGS.servicePhone)
  expect(belowSupportFloor(win)).toBe(true)
  // A download failure after it keeps the update screen.
  fire('error', entry())
  expect(alertText()).not.toMatch(/connection/i)
})

test('a parse failure reported by its message alone, as Firefox words it, is one too', () => {
  // A report may carry no error object, only the message.
  runWatchdog().fire('error', window, {
    message: "SyntaxError: expected expression, got '?'",
    filename: 'https://cdn.example.ph/assets/index-1.js?retry=1',
  })
  expect(document.querySelector('h1')?.textContent).toBe(BELOW_FLOOR_TEXT.heading)
})

test("a SyntaxError is none of the watchdog's business once the entry ran, or when no script file reported it", () => {
  const started = runWatchdog()
  started.win[ENTRY_STARTED] = true
  started.fire('error', window, { error: new SyntaxError('Unexpected token'), filename: '/assets/app-1.js' })
  expect(document.querySelector('[role="alert"]')).toBeNull()
  // A SyntaxError thrown by code (a JSON.parse) or from a script the page did not load (a web view's own).
  const other = runWatchdog()
  other.fire('error', window, { error: new SyntaxError('Unexpected token'), filename: '' })
  expect(document.querySelector('[role="alert"]')).toBeNull()
  expect(belowSupportFloor(other.win)).toBe(false)
  // A real download failure still says what it is.
  other.fire('error', entry())
  expect(document.querySelector('h1')?.textContent).toBe(ENTRY_WATCHDOG_TEXT.heading)
})

test.each([
  ['{}'],
  ['{"servicePhone":" +63 2 8123 4567 "}'],
  ['{"servicePhone":"   "}'],
  ['{"servicePhone":8123}'],
  ['[]'],
  ['null'],
  ['{not json'],
])('the update screen reads the service phone as the settings do (%s)', (settings) => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  runWatchdog(
    withoutIt((e) => delete e.WeakRef),
    settings,
  )
  expect(document.querySelector('strong')?.textContent).toBe(parseSettings(settings).servicePhone)
})
