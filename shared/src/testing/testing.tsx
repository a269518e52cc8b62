import { cleanup, fireEvent, render, type RenderResult } from '@testing-library/react'
import userEvent, { type Options as UserEventOptions, type UserEvent } from '@testing-library/user-event'
import { reduceMotion } from 'antd-mobile/es/utils/reduce-and-restore-motion'
import type { RequestHandler } from 'msw'
import { setupServer, type SetupServerApi } from 'msw/node'
import type { ReactElement } from 'react'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import type { BridgeAction } from '../bridge/bridge'
import type { RemoteProps, Settings } from '../contract/contract'
import { startFirstCalls, takeFirstCall, type FirstCall, type FirstCalls } from '../http/first-call'
import { createHttp, type HostHttp } from '../http/http'
import type { Registry } from '../registry/registry'
import type { RoutePath } from '../routes/route-table'
import { callQuery, mergeSessions, readParams, type SessionSnapshot } from '../session/session'
import { forgetWarnings } from '../schema/schema'
import { setupUi } from '../ui/setup'
import { clearToasts, preloadToasts, toastNotifier, UiProvider } from '../ui/ui'

export { DueScreen, renderedDueFrame } from './data-screen'
export { unformattedValues } from './rendered-values'
export { TEST_TIMEOUT_MS, UNKNOWN_OUTCOME_ANSWERS, withShortTimeouts } from './unknown-answers'

export const TEST_SETTINGS: Settings = {
  name: 'CashLoan',
  backgroundColor: '#1677ff',
  fontColor: '#ffffff',
  servicePhone: '+63 2 8888 0000',
  serviceEmail: 'support@cashloan.example',
  productSchemeUrl: 'cashloan://',
  rupee: false,
  apiBase: '/utilities',
  allowedHosts: ['pay.example.com'],
  imageHosts: [],
  versionOverrides: false,
  androidDownloadUrl: 'https://play.google.com/store/apps/details?id=ph.cashloan.test',
  iosDownloadUrl: 'https://apps.apple.com/ph/app/cashloan-test/id100',
  // Screens' tests send no health reports; the reporter's own tests turn them on.
  healthEndpoint: '',
  healthSample: 1,
}

export const TEST_SESSION: SessionSnapshot = {
  session: { appVersion: '1.0.0', sessionId: 'test-session', deviceId: 'test-device' },
  globals: { productId: '1', orderId: '86' },
  tracking: {},
}

/** A well-formed registry: one remote, with the version before it and the versions published. */
export const TEST_REGISTRY: Registry = {
  remotes: {
    mf_site: {
      version: '1.2.0-abc',
      entry: '/remotes/mf_site/1.2.0-abc/mf-manifest.json',
      previous: { version: '1.1.0-def', entry: '/remotes/mf_site/1.1.0-def/mf-manifest.json' },
      available: ['1.0.0-aaa', '1.1.0-def', '1.2.0-abc'],
    },
  },
}

export interface TestProps extends RemoteProps {
  navigate: ReturnType<typeof vi.fn> & RemoteProps['navigate']
  bridgeCalls: { action: BridgeAction; payload: unknown[] }[]
}

/** Props as the shell would pass them, with a real request helper and recording fakes for the rest. */
export function createTestProps(overrides: Partial<RemoteProps> = {}): TestProps {
  const session = overrides.session ?? TEST_SESSION
  const settings = overrides.settings ?? TEST_SETTINGS
  const bridgeCalls: TestProps['bridgeCalls'] = []
  const navigate = vi.fn() as TestProps['navigate']
  return {
    screen: 'home',
    query: {},
    hash: '',
    locale: 'en',
    http: createHttp({
      baseURL: settings.apiBase,
      appOrigin: window.location.origin,
      query: () => ({ ...session.session, ...session.tracking }) as Record<string, string>,
      notifier: toastNotifier,
    }),
    bridge: {
      channel: 'web',
      call: (action, payload = ['']) => {
        bridgeCalls.push({ action, payload })
      },
      onNativeBack: () => () => undefined,
    },
    session,
    settings,
    navigate,
    bridgeCalls,
    ...overrides,
  } as TestProps
}

/** Renders a screen element inside the UI provider the shell uses. */
export function renderWithUi(element: ReactElement, locale: RemoteProps['locale'] = 'en'): RenderResult {
  return render(<UiProvider locale={locale}>{element}</UiProvider>)
}

export interface StartedPage {
  /** The host's request helper on that page (it takes the started answers). */
  http: HostHttp
  /** The session the shell boots with on that page: `session` overridden by the page's query, as at boot. */
  session: SessionSnapshot
  /** How many of the declared calls the page started. */
  started: number
  /** How many started answers the screen's calls have taken so far. */
  taken(): Promise<number>
  /** How many requests the server received for `path` (started or not). */
  requestsTo(path: string): number
  /** Stops counting requests. */
  stop(): void
}

/**
 * A page as the server sends it for `path` (with `query`): it has started the route's declared first `calls`
 * (shared/http/first-call). Mount the route's screen with `http` and `session` and check, with `taken` and
 * `requestsTo`, that the screen made exactly those calls (so the server was asked once).
 */
export function startedPage(
  server: SetupServerApi,
  path: string,
  query: Record<string, string>,
  calls: FirstCall[],
  session: SessionSnapshot = TEST_SESSION,
): StartedPage {
  const href = `${window.location.origin}${path}?${new URLSearchParams(query)}`
  const win = {
    location: { href },
    document,
    performance: { now: () => 0 },
    fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
  } as unknown as Window
  const seen: string[] = []
  const record = ({ request }: { request: Request }) => void seen.push(new URL(request.url).pathname)
  server.events.on('request:start', record)
  const endpoint = { baseURL: TEST_SETTINGS.apiBase, appOrigin: window.location.origin }
  const booted = mergeSessions(session, readParams(new URLSearchParams(query)))
  const started = startFirstCalls(win, calls, endpoint, booted).length
  const answers: Promise<unknown>[] = []
  const http = createHttp({
    ...endpoint,
    query: () => callQuery(booted),
    notifier: toastNotifier,
    firstCall: (key) => {
      const answer = takeFirstCall(win, key)
      if (answer) answers.push(answer)
      return answer
    },
  })
  return {
    http,
    session: booted,
    started,
    taken: async () => (await Promise.all(answers)).filter(Boolean).length,
    requestsTo: (p) => seen.filter((seenPath) => seenPath.endsWith(p)).length,
    stop: () => void server.events.removeListener('request:start', record),
  }
}

/**
 * The timeout of a test that drives a demo store past its cap (hundreds of requests through MSW, one after
 * another): about 2 s on an idle machine, over vitest's 5 s when other work shares its two cores.
 */
export const BULK_TIMEOUT_MS = 60_000

/**
 * An MSW server for a test file: unhandled requests fail the test; the handlers a test adds
 * (`server.use`) and the listeners it adds to count its requests (`server.events.on`) end with it.
 */
export function setupMswServer(...handlers: RequestHandler[]): SetupServerApi {
  const server = setupServer(...handlers)
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => {
    server.resetHandlers()
    server.events.removeAllListeners()
  })
  afterAll(() => server.close())
  return server
}

/**
 * One fake clock for the whole test file, which advances with real time (so MSW and user-event run as in the
 * app) and which a test drives past a delay the screen waits for. Per-test clocks would reuse timer ids, and
 * antd-mobile's toast keeps the previous toast's timer id across tests and clears it on its next show.
 * Returns `userEvent.setup` for this clock.
 */
export function setupFileClock(): (options?: UserEventOptions) => UserEvent {
  beforeAll(() => vi.useFakeTimers({ shouldAdvanceTime: true }))
  afterAll(() => vi.useRealTimers())
  return (options = {}) => userEvent.setup({ advanceTimers: vi.advanceTimersByTime, ...options })
}

/**
 * A tap on the picture at `index` in antd-mobile's image viewer, which closes on a tap: it recognises one from
 * touch events (a start, then an end a moment later), not from a click.
 */
export async function tapViewerImage(index: number): Promise<void> {
  const control = document.querySelectorAll('.adm-image-viewer-control')[index]
  const touch = { identifier: 0, clientX: 10, clientY: 10, pageX: 10, pageY: 10, target: control }
  fireEvent.touchStart(control, { touches: [touch], changedTouches: [touch], targetTouches: [touch] })
  await new Promise((resolve) => setTimeout(resolve, 30))
  fireEvent.touchEnd(control, { touches: [], changedTouches: [touch], targetTouches: [] })
}

/**
 * The vitest setup every package uses: antd-mobile rendering under React 19, popups settled at once (they
 * ignore pointer events while animating), antd's px tester styled (tests load no CSS), and no toast or DOM
 * carried from one test into the next. The toast code (loaded on first use in the app) is loaded up front so a
 * toast shows within the same fake-timer step as in the app once it is warm.
 */
export function setupTestUi(): void {
  setupUi()
  beforeAll(async () => {
    await preloadToasts()
  })
  reduceMotion()
  const pxTesterStyle = document.createElement('style')
  pxTesterStyle.textContent = '.adm-px-tester { position: fixed; }'
  document.head.append(pxTesterStyle)
  afterEach(() => {
    cleanup()
    clearToasts()
    // Test files share one page (vitest.ts in config/): what a page keeps for its lifetime ends with each test.
    forgetWarnings()
    performance.clearMarks()
  })
  // A toast closed by the last test unmounts its React root on a later task (shared/ui/setup), and React
  // then flushes effects on another: let that finish before the file's DOM is torn down.
  afterAll(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20))
  })
}

export interface DeclaredFirstCallsCheck {
  server: SetupServerApi
  route: string
  screen: string
  query: Record<string, string>
  declared: FirstCall[]
  /** Renders the remote with these props (the host's helper, with the page's started calls). */
  render: (props: RemoteProps) => void
  /** Resolves once the screen shows what its first calls brought. */
  shows: () => Promise<unknown>
}

/**
 * The page (as the server sends it) starts the route's declared calls; the screen, mounted with the host's
 * helper, must make exactly those calls, so it takes their answers and the server is asked once per call. A
 * declaration that drifts from its screen fails here (ADR 0010).
 */
export async function expectDeclaredFirstCalls(check: DeclaredFirstCallsCheck): Promise<void> {
  const started = startedPage(check.server, check.route, check.query, check.declared)
  try {
    expect(started.started).toBe(check.declared.length)
    check.render(
      createTestProps({
        screen: check.screen,
        query: check.query,
        http: started.http,
        session: started.session,
      }),
    )
    await check.shows()
    expect(await started.taken()).toBe(check.declared.length)
    for (const call of check.declared) expect(started.requestsTo(call.path)).toBe(1)
  } finally {
    started.stop()
  }
}

/** A route's page in a remote's first-calls test. */
export interface FirstCallsPage {
  /** The remote's screen for the route; by default the route without its slash. */
  screen?: string
  query: Record<string, string>
  /** Finds what the screen shows from its first calls' answers. */
  shows: () => Promise<HTMLElement>
}

export interface FirstCallsSuite {
  server: SetupServerApi
  /** The remote's declared first calls (its app/first-calls.ts). */
  declared: FirstCalls
  /** A page for each route that declares calls. */
  pages: Record<string, FirstCallsPage>
  /** Renders the remote with these props. */
  render: (props: RemoteProps) => void
  /** The same pages reached another way: a test title (`%s` the route) and the page's query as it comes. */
  variants?: { title: string; query: (query: Record<string, string>) => Record<string, string> }[]
}

/**
 * A remote's first-calls tests: every route that declares calls has a page here, and each page's screen makes
 * exactly its declared calls (`expectDeclaredFirstCalls`), also when the page is reached in each of `variants`.
 */
export function testDeclaredFirstCalls(suite: FirstCallsSuite): void {
  test('every route with first calls is checked here', () => {
    expect(Object.keys(suite.declared).sort()).toEqual(Object.keys(suite.pages).sort())
  })
  const asIs = {
    title: '%s: the screen makes exactly its declared first calls',
    query: (query: Record<string, string>) => query,
  }
  for (const variant of [asIs, ...(suite.variants ?? [])]) {
    test.each(Object.entries(suite.pages))(variant.title, (route, page) =>
      expectDeclaredFirstCalls({
        server: suite.server,
        route,
        screen: page.screen ?? route.slice(1),
        query: variant.query(page.query),
        declared: suite.declared[route as RoutePath] ?? [],
        render: suite.render,
        shows: async () => expect(await page.shows()).toBeInTheDocument(),
      }),
    )
  }
}
