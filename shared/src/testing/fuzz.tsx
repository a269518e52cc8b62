import { cleanup, screen as page } from '@testing-library/react'
import fc from 'fast-check'
import type { RequestHandler } from 'msw'
import type { SetupServerApi } from 'msw/node'
import { beforeAll, expect, test, vi } from 'vitest'
import type { RemoteProps } from '../contract/contract'
import { CRASH_MESSAGE } from '../remote/remote'
import { localeFor, routesOf, type RemoteName } from '../routes/route-table'
import { clearToasts } from '../ui/ui'
import { createTestProps } from './testing'
import { answerPlan, FUZZ_RUNS, FUZZ_SEED, garbage, type AnswerPlan } from './fuzz-arbitraries'
import { injectedMarkup } from './fuzz-spoil'
import { httpHandlers, instrumented, pathOf, settle, tick, type Traffic } from './fuzz-traffic'

export {
  answerPlan,
  FUZZ_RUNS,
  FUZZ_SEED,
  HOSTILE_TEXTS,
  type AnswerPlan,
  type DataPlan,
} from './fuzz-arbitraries'
export { injectedMarkup, spoil, spoilAnswer } from './fuzz-spoil'
export {
  ABSENT,
  fuzzFieldShapes,
  LONG_TEXT,
  shapesOf,
  withAbsent,
  type Absence,
  type FieldShapeSuite,
  type Shape,
  type ShapedCall,
} from './field-shapes'

/**
 * Property-based fuzzing of server answers (issue #17): every call a screen makes is answered with malformed
 * payloads derived from its demo answer (the remote's MSW handler, which answers what the schema accepts),
 * and the screen must neither crash, nor go blank, nor let injected markup or links into the page.
 */

/** One screen of a remote as the fuzz suite drives it. */
export interface FuzzScreen {
  /** The route (shared/routes) whose screen this is. */
  route: string
  /** Its query: what makes the screen load (an order id…). */
  query?: Record<string, string>
  /** Its hash, for a remote whose screen has pages of its own there (the promotion landing). */
  hash?: string
  /** What the test says about it, when one route is fuzzed in more than one way. */
  name?: string
  /** Handler paths (as in the remote's handlers: `apiPath(…)`) whose answers are spoiled here. */
  calls: string[]
  /** Calls the screen makes before `act` that other entries fuzz: here they answer as the demo does. */
  demoCalls?: string[]
  /** For calls the borrower's action makes: what they do once the screen has loaded (demo answers). */
  act?: () => Promise<void>
  /**
   * Fake timers that still run in real time, for an action that waits for a timer (a dialog shown 3 s
   * after load): the action advances them rather than making every run wait.
   */
  fakeTimers?: boolean
}

/** A handler path the remote's API code never reads (say, an image the browser loads), with why. */
export interface UnreadPath {
  path: string
  why: string
}

export interface FuzzSuite {
  remote: RemoteName
  server: SetupServerApi
  /** The remote's demo handlers (`src/mocks/handlers.ts`): their answers are what is spoiled. */
  handlers: RequestHandler[]
  /** Renders the remote's root with these props (inside the UI provider, like `renderWithUi`). */
  render: (props: RemoteProps) => void
  screens: FuzzScreen[]
  unread?: UnreadPath[]
  /** Clears what the demo handlers keep (their store), so each run starts from the same demo data. */
  reset?: () => void
}

interface Watch {
  problems: () => string[]
  stop: () => void
}

/** Records what must not happen while a screen runs: errors logged or thrown, dialogs opened. */
function watch(): Watch {
  const problems: string[] = []
  const errors = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    problems.push(`console.error: ${args.map(String).join(' ').slice(0, 300)}`)
  })
  // parseLenient logs every field it drops: expected here, and thousands of lines would slow the run.
  const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  // The demo handlers' own notes (the SMS code they "sent"), once per run.
  const notes = vi.spyOn(console, 'info').mockImplementation(() => undefined)
  const dialogs = (['alert', 'confirm', 'prompt'] as const).map((name) =>
    vi.spyOn(window, name).mockImplementation(() => {
      problems.push(`window.${name} was called`)
      return null as never
    }),
  )
  const opened = vi.spyOn(window, 'open').mockImplementation((url) => {
    problems.push(`window.open(${String(url).slice(0, 60)})`)
    return null
  })
  const onError = (event: ErrorEvent) => problems.push(`uncaught: ${String(event.error ?? event.message)}`)
  const onRejection = (event: PromiseRejectionEvent) =>
    problems.push(`unhandled rejection: ${String(event.reason)}`)
  window.addEventListener('error', onError)
  window.addEventListener('unhandledrejection', onRejection)
  return {
    problems: () => problems,
    stop: () => {
      for (const spy of [errors, warnings, notes, opened, ...dialogs]) spy.mockRestore()
      window.removeEventListener('error', onError)
      window.removeEventListener('unhandledrejection', onRejection)
    },
  }
}

/** What is wrong with the page as it stands (empty when it is fine). */
function pageProblems(): string[] {
  const problems = injectedMarkup(document.body).map((what) => `injected markup on the page: ${what}`)
  if (page.queryByText(CRASH_MESSAGE)) problems.push('the crash screen is shown')
  if ((document.body.textContent ?? '').trim() === '') problems.push('the screen is blank')
  return problems
}

/**
 * The fake timers a screen's run may ask for (`fakeTimers`): timeouts and the date, never the intervals or
 * animation frames. jsdom runs animation frames on one interval, started by the first frame a page asks for;
 * an interval or frame faked when the run ends is dropped, and that page (shared by every file of a module
 * graph) never runs a frame again: antd-mobile's toasts and popups, which open and close on frames, then stop
 * appearing and closing in the files after it.
 */
export const FUZZ_FAKE_TIMERS = {
  shouldAdvanceTime: true,
  toFake: ['setTimeout', 'clearTimeout', 'Date'],
} satisfies Parameters<typeof vi.useFakeTimers>[0]

async function runScreen(
  suite: FuzzSuite,
  screenDef: FuzzScreen,
  plan: AnswerPlan | null,
): Promise<{ problems: string[]; traffic: Traffic }> {
  const { wrapped, traffic } = instrumented(httpHandlers(suite.handlers), screenDef.calls, plan)
  suite.server.use(...wrapped)
  const watching = watch()
  if (screenDef.fakeTimers) vi.useFakeTimers(FUZZ_FAKE_TIMERS)
  try {
    const screenName = routesOf(suite.remote)[screenDef.route]
    suite.render(
      createTestProps({
        screen: screenName,
        query: screenDef.query ?? {},
        hash: screenDef.hash ?? '',
        locale: localeFor(suite.remote),
      }),
    )
    // Before an action, the action's own queries wait for what it needs.
    await settle(traffic, screenDef.act ? [] : screenDef.calls)
    if (screenDef.act) {
      await screenDef.act()
      await settle(traffic, screenDef.calls)
    }
    return { problems: [...watching.problems(), ...pageProblems()], traffic }
  } catch (error) {
    return { problems: [...watching.problems(), `thrown: ${String(error)}`], traffic }
  } finally {
    cleanup()
    clearToasts()
    await tick(0)
    watching.stop()
    if (screenDef.fakeTimers) vi.useRealTimers()
    suite.server.resetHandlers()
    suite.reset?.()
  }
}

/**
 * Runs `check` on `FUZZ_RUNS` malformed values of any JSON type (the ones spoiled answers are made of), with
 * the suite's fixed seed: for a host that hands server data on without a remote's parser (the shell's test).
 */
export async function forMalformedValues(
  name: string,
  check: (value: unknown) => Promise<void>,
): Promise<void> {
  await fc.assert(fc.asyncProperty(garbage, check), {
    numRuns: FUZZ_RUNS,
    seed: seedFor(name),
    endOnFailure: true,
    reporter: report,
  })
}

/** fast-check's report, with the payload cut short: a huge string would bury the reason. */
function report<T>(details: fc.RunDetails<[T]>): void {
  if (!details.failed) return
  const plan = JSON.stringify(details.counterexample?.[0], (_key, value: unknown) =>
    typeof value === 'string' && value.length > 80 ? `${value.slice(0, 60)}…(${value.length} chars)` : value,
  )
  throw new Error(
    `Fuzzing failed after ${details.numRuns} runs; replay with FUZZ_SEED or seed ${details.seed}, path "${details.counterexamplePath}"\n` +
      `answer: ${plan}\n${String(details.errorInstance).slice(0, 3000)}`,
  )
}

function seedFor(name: string): number {
  let hash = FUZZ_SEED
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0
  return hash
}

/**
 * The remote's fuzz suite: for every screen, every call it names gets `FUZZ_RUNS` malformed answers (the
 * other calls answer as the demo does) and each run must leave no error, no dialog, no injected markup, no
 * crash screen and no blank screen. Also checks that every route of the remote and every handler path is
 * fuzzed, and that each screen makes no call it does not name, so a new call cannot go unfuzzed.
 */
export function fuzzRemote(suite: FuzzSuite): void {
  const handlerPaths = [...new Set(httpHandlers(suite.handlers).map(pathOf))]
  const unread = new Set((suite.unread ?? []).map((u) => u.path))
  // The request helper loads axios on its first call: loaded up front, a screen's calls start within a tick.
  beforeAll(async () => {
    await import('axios')
  })

  test('every route of the remote is fuzzed', () => {
    const fuzzed = new Set(suite.screens.map((s) => s.route))
    expect(Object.keys(routesOf(suite.remote)).filter((route) => !fuzzed.has(route))).toEqual([])
  })

  test('every call in the demo handlers is fuzzed on some screen', () => {
    const fuzzed = new Set(suite.screens.flatMap((s) => s.calls))
    expect(handlerPaths.filter((path) => !fuzzed.has(path) && !unread.has(path))).toEqual([])
    const named = suite.screens.flatMap((s) => s.demoCalls ?? [])
    expect([...fuzzed, ...unread, ...named].filter((path) => !handlerPaths.includes(path))).toEqual([])
  })

  for (const screenDef of suite.screens) {
    const title = screenDef.name ? `${screenDef.route} (${screenDef.name})` : screenDef.route
    test(`${title}: the demo answers show the screen, and it makes only the calls named`, async () => {
      const { problems, traffic } = await runScreen(suite, screenDef, null)
      expect(problems).toEqual([])
      const made = [...traffic.seen.keys()].filter((path) => !unread.has(path))
      const named = [...screenDef.calls, ...(screenDef.demoCalls ?? [])]
      expect(made.filter((path) => !named.includes(path))).toEqual([])
      expect(screenDef.calls.filter((path) => !traffic.seen.has(path))).toEqual([])
    })

    for (const call of screenDef.calls) {
      const name = `${title}: ${FUZZ_RUNS} malformed answers to ${call}`
      test(name, { timeout: 240_000 }, async () => {
        await fc.assert(
          fc.asyncProperty(answerPlan, async (plan) => {
            const only = { ...screenDef, calls: [call] }
            const { problems, traffic } = await runScreen(suite, only, plan)
            if (!traffic.seen.has(call)) problems.push(`the screen did not call ${call}`)
            if (problems.length > 0) throw new Error(problems.join('\n'))
          }),
          { numRuns: FUZZ_RUNS, seed: seedFor(name), endOnFailure: true, reporter: report },
        )
      })
    }
  }
}
