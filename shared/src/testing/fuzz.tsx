import { act, cleanup, screen as page } from '@testing-library/react'
import fc from 'fast-check'
import { http, HttpHandler, HttpResponse, type RequestHandler } from 'msw'
import type { SetupServerApi } from 'msw/node'
import { beforeAll, expect, test, vi } from 'vitest'
import type { RemoteProps } from '../contract/contract'
import { CRASH_MESSAGE } from '../remote/remote'
import { localeFor, routesOf, type RemoteName } from '../routes/route-table'
import { clearToasts } from '../ui/ui'
import { createTestProps } from './testing'

/**
 * Property-based fuzzing of server answers (issue #17): every call a screen makes is answered with malformed
 * payloads derived from its demo answer (the remote's MSW handler, which answers what the schema accepts),
 * and the screen must neither crash, nor go blank, nor let injected markup or links into the page.
 */

/** Runs per call: the issue asks for at least 50 malformed payloads per call. */
export const FUZZ_RUNS = 50

/** Fixed so a failure replays; `FUZZ_SEED=<n>` explores another sequence. fast-check prints it on failure. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 17_2026)

const KEEP = 'keep-as-sent'
const DELETE = 'delete-field'
const FOREIGN_HOST = 'evil.example'

/** Text that would run script or leave the app if a screen put it into markup or followed it as a link. */
export const HOSTILE_TEXTS = [
  '<script>alert("fuzz")</script>',
  '<img src=x onerror="alert(\'fuzz\')">',
  '"><img src=x onerror=alert(1)>',
  '<svg onload=alert(1)></svg>',
  '<a href="javascript:alert(1)">tap</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(document.cookie)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  `https://${FOREIGN_HOST}/phish`,
  `//${FOREIGN_HOST}/x`,
  `http://${FOREIGN_HOST}`,
  '{{constructor.constructor("alert(1)")()}}',
  '\u202e\u0000\u200b',
  '',
  '   ',
  'NaN',
  '-1',
  '1e309',
  'null',
  '__proto__',
] as const

const hugeText = fc.constantFrom(
  'x'.repeat(100_000),
  'Lorem ipsum '.repeat(10_000),
  '\u{1d54f}'.repeat(20_000),
  `<b>${'9'.repeat(50_000)}</b>`,
)

/** A hostile string: one of the known attacks, a huge one, or any string. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 1, arbitrary: hugeText },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
)

/** A value of any JSON type, hostile where it is text. */
const garbage: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileText },
  {
    weight: 3,
    arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1),
  },
  { weight: 1, arbitrary: fc.integer() },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>([], {}, [null], [{}], { length: 3 }, [['<script>alert(1)</script>']]),
  },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileText, { maxKeys: 3 }) },
)

/** Where the answer's data goes wrong. */
type DataPlan =
  /** The data is replaced whole. */
  | { kind: 'replace'; value: unknown }
  /** Some places of the demo data (picked by index over all its places) get a wrong value or go missing. */
  | { kind: 'edit'; edits: { at: number; value: unknown }[] }
  /** Every text of the demo data becomes this one (the structure stays valid, so the screen renders it). */
  | { kind: 'texts'; value: string }
  /** Every text of the demo data gets markup and a link around it, so it still reads as what it was. */
  | { kind: 'wrap-texts'; before: string; after: string }

/** One malformed answer: what the test's server sends instead of the demo answer. */
export type AnswerPlan =
  | { kind: 'envelope'; code: unknown; message: unknown; data: DataPlan }
  | { kind: 'http-status'; status: number; body: unknown }
  | { kind: 'not-json'; body: string }

const dataPlan: fc.Arbitrary<DataPlan> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace' as const), value: garbage }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      edits: fc.array(fc.record({ at: fc.nat(), value: fc.oneof(garbage, fc.constant<unknown>(DELETE)) }), {
        minLength: 1,
        maxLength: 6,
      }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('texts' as const), value: hostileText }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('wrap-texts' as const),
      before: fc.constantFrom('<img src=x onerror=alert(1)>', '<script>alert(1)</script>', 'javascript:'),
      after: fc.constantFrom('<b onclick=alert(1)>', `"><a href="https://${FOREIGN_HOST}">`, ''),
    }),
  },
)

/** The arbitrary of malformed answers every call is fuzzed with. */
export const answerPlan: fc.Arbitrary<AnswerPlan> = fc.oneof(
  {
    // The call's own success code mostly, so the data reaches the screen's parser and render.
    weight: 7,
    arbitrary: fc.record({
      kind: fc.constant('envelope' as const),
      code: fc.constant<unknown>(KEEP),
      message: fc.oneof(fc.constant<unknown>(KEEP), garbage),
      data: dataPlan,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('envelope' as const),
      code: fc.oneof(
        fc.constantFrom<unknown>('01', '500', '9999', '-1', 'abc', '', null, 7, -1, 1.5, true, {}, []),
        fc.constant<unknown>(DELETE),
      ),
      message: fc.oneof(fc.constant<unknown>(KEEP), garbage),
      data: dataPlan,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('http-status' as const),
      status: fc.constantFrom(204, 301, 400, 401, 403, 404, 418, 429, 500, 502, 503, 599),
      body: garbage,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('not-json' as const),
      body: fc.oneof(
        hostileText,
        fc.constantFrom('<!doctype html><script>alert(1)</script>', '{"code":"00","data":', 'undefined'),
      ),
    }),
  },
)

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** Every place in `value` (object fields and list items, at any depth) as its container and key. */
function placesOf(value: unknown): { holder: Record<string, unknown> | unknown[]; key: string | number }[] {
  const out: { holder: Record<string, unknown> | unknown[]; key: string | number }[] = []
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        out.push({ holder: node, key: index })
        walk(item)
      })
    } else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        out.push({ holder: node as Record<string, unknown>, key })
        walk(item)
      }
    }
  }
  walk(value)
  return out
}

function mapTexts(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value)
  if (Array.isArray(value)) return value.map((item) => mapTexts(item, change))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapTexts(item, change)]))
  }
  return value
}

/** The demo data as `plan` spoils it (the demo data is not changed). */
export function spoil(data: unknown, plan: DataPlan): unknown {
  const copy = data === undefined ? undefined : (JSON.parse(JSON.stringify(data)) as Json)
  switch (plan.kind) {
    case 'replace':
      return plan.value
    case 'texts':
      return copy === null || typeof copy !== 'object' ? plan.value : mapTexts(copy, () => plan.value)
    case 'wrap-texts':
      return mapTexts(copy, (text) => `${plan.before}${text}${plan.after}`)
    case 'edit': {
      if (copy === null || typeof copy !== 'object')
        return plan.edits[0].value === DELETE ? undefined : plan.edits[0].value
      for (const edit of plan.edits) {
        const places = placesOf(copy)
        if (places.length === 0) break
        const { holder, key } = places[edit.at % places.length]
        if (edit.value !== DELETE) (holder as Record<string | number, unknown>)[key] = edit.value
        else if (Array.isArray(holder)) holder.splice(key as number, 1)
        else delete holder[key]
      }
      return copy
    }
  }
}

/** The malformed answer for `plan`, built from the demo answer the remote's handler gave. */
export async function spoilAnswer(demo: Response, plan: AnswerPlan): Promise<Response> {
  if (plan.kind === 'http-status') {
    return plan.status === 204
      ? new HttpResponse(null, { status: 204 })
      : HttpResponse.json(plan.body as Json, { status: plan.status })
  }
  if (plan.kind === 'not-json') {
    return new HttpResponse(plan.body, { status: 200, headers: { 'Content-Type': 'application/json' } })
  }
  let body: unknown
  try {
    body = JSON.parse(await demo.clone().text())
  } catch {
    body = undefined
  }
  const isEnvelope = !!body && typeof body === 'object' && !Array.isArray(body) && 'code' in body
  if (!isEnvelope) return HttpResponse.json(spoil(body, plan.data) as Json)
  const envelope = { ...(body as Record<string, unknown>) }
  for (const field of ['code', 'message'] as const) {
    const value = plan[field]
    if (value === DELETE) delete envelope[field]
    else if (value !== KEEP) envelope[field] = value
  }
  const data = spoil(envelope.data, plan.data)
  if (data === undefined) delete envelope.data
  else envelope.data = data
  return HttpResponse.json(envelope as Json, { status: 200 })
}

/** What the page must never contain, whatever the server said. */
export function injectedMarkup(root: ParentNode): string[] {
  const found: string[] = []
  const linkAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcdoc', 'data']
  for (const element of root.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase()
    if (['script', 'iframe', 'object', 'embed', 'frame', 'base'].includes(tag)) found.push(`<${tag}>`)
    for (const { name, value } of element.attributes) {
      if (/^on/i.test(name)) found.push(`<${tag} ${name}>`)
      // An image's address is the CSP's img-src to police (deploy's imageHosts): no browser runs a javascript:
      // image, and a foreign one is blocked there, not followed by the borrower.
      if (tag === 'img' || !linkAttributes.includes(name.toLowerCase())) continue
      // eslint-disable-next-line no-control-regex
      const link = value.replace(/[\u0000-\u0020]/g, '').toLowerCase()
      if (/^(javascript|vbscript|data:text\/html)/.test(link) || link.includes(FOREIGN_HOST)) {
        found.push(`<${tag} ${name}="${value.slice(0, 40)}">`)
      }
    }
  }
  return found
}

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

function httpHandlers(handlers: RequestHandler[]): HttpHandler[] {
  return handlers.filter((h): h is HttpHandler => h instanceof HttpHandler && typeof h.info.path === 'string')
}

const pathOf = (handler: HttpHandler) => String(handler.info.path)

interface Traffic {
  /** Requests seen per handler path. */
  seen: Map<string, number>
  /** Answers sent per handler path. */
  answered: Map<string, number>
  pending: () => number
}

/**
 * The remote's handlers again, counting their traffic; the answers of `spoiled` paths are replaced by
 * `plan`'s. Put first with `server.use`, so they answer before the originals.
 */
function instrumented(handlers: HttpHandler[], spoiled: string[], plan: AnswerPlan | null) {
  const traffic: Traffic = {
    seen: new Map(),
    answered: new Map(),
    pending: () =>
      [...traffic.seen.values()].reduce((a, b) => a + b, 0) -
      [...traffic.answered.values()].reduce((a, b) => a + b, 0),
  }
  const bump = (map: Map<string, number>, path: string) => map.set(path, (map.get(path) ?? 0) + 1)
  const wrapped = handlers.map((original) => {
    const path = pathOf(original)
    const method = String(original.info.method).toLowerCase() as 'get' | 'post'
    return http[method](path, async (info) => {
      bump(traffic.seen, path)
      try {
        const demo = (await original.run({ request: info.request, requestId: info.requestId }))?.response
        if (!demo || !plan || !spoiled.includes(path)) return demo
        return await spoilAnswer(demo, plan)
      } finally {
        bump(traffic.answered, path)
      }
    })
  })
  return { wrapped, traffic }
}

const tick = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

/**
 * Waits until the `expected` calls were made, none is in flight and the page stopped changing (or about 2 s
 * passed): a screen may start its calls a few ticks after it mounts.
 */
async function settle(traffic: Traffic, expected: string[]): Promise<void> {
  let last = ''
  for (let round = 0; round < 200; round++) {
    await tick(round < 3 ? 0 : 10)
    const now = document.body.innerHTML
    const made = expected.every((path) => traffic.seen.has(path))
    if (round >= 3 && made && traffic.pending() === 0 && now === last) return
    last = now
  }
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

async function runScreen(
  suite: FuzzSuite,
  screenDef: FuzzScreen,
  plan: AnswerPlan | null,
): Promise<{ problems: string[]; traffic: Traffic }> {
  const { wrapped, traffic } = instrumented(httpHandlers(suite.handlers), screenDef.calls, plan)
  suite.server.use(...wrapped)
  const watching = watch()
  if (screenDef.fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true })
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
