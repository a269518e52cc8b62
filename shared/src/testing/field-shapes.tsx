import { act, cleanup } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { SetupServerApi } from 'msw/node'
import type { RemoteProps } from '../contract/contract'
import { clearToasts } from '../ui/ui'
import { expect, test, vi, type Mock } from 'vitest'
import { injectedMarkup } from './fuzz-spoil'
import { unformattedValues } from './rendered-values'
import { createTestProps } from './testing'

/*
 * Issue #25, item 9: the other plausible shapes of each field of each call. `./fuzz` spoils answers at
 * random; these are the shapes a real backend plausibly sends instead of ours, one field at a time, from a
 * call's realistic demo answer: a number as a string and a string as a number, null, the field missing, an
 * empty list, very long text, and for an enum a value the page does not know. Each must leave a screen that
 * shows something, with no error, no injected markup, no raw amount or date, and an unknown enum logged.
 */

/** Very long text: words, then one unbroken run (a layout must wrap or clip it, never widen the page). */
export const LONG_TEXT = `${'Lorem ipsum dolor sit amet '.repeat(150)}${'x'.repeat(2_000)}`
const MISSING = Symbol('missing')

type Path = (string | number)[]

export interface Shape {
  label: string
  data: unknown
  /** The enum field given a value the page does not know: it must be logged. */
  unknownEnum?: string
}

function describePath(path: Path): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${key}` : key),
    '',
  )
}

/** `data` with the place at `path` set to `value` (or removed for MISSING); `data` is not changed. */
function replaceAt(data: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value === MISSING ? undefined : value
  const copy = JSON.parse(JSON.stringify(data)) as Record<string | number, unknown>
  let holder = copy
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>
  const last = path[path.length - 1]
  if (value !== MISSING) holder[last] = value
  else if (Array.isArray(holder)) holder.splice(last as number, 1)
  else delete holder[last]
  return copy
}

/**
 * The two ways a server leaves a field out, which docs/api-assumptions.md reads alike ("`null` vs missing"):
 * a test of a row's default runs once with each (`test.each(ABSENT)`).
 */
export const ABSENT = ['left out', 'null'] as const
export type Absence = (typeof ABSENT)[number]

/** `data` with the field at `path` left out or sent as null (`how`); `data` is not changed. */
export function withAbsent<T>(data: T, path: Path, how: Absence): T {
  return replaceAt(data, path, how === 'null' ? null : MISSING) as T
}

/**
 * The shapes of every field of `data` (lists through their first item). `enums` names enum fields (by path,
 * as 'list[0].enabled') with values the page does not know.
 */
export function shapesOf(data: unknown, enums: Record<string, unknown[]> = {}): Shape[] {
  const shapes: Shape[] = []
  const visit = (value: unknown, path: Path) => {
    const where = describePath(path) || '(the whole data)'
    const add = (label: string, next: unknown, unknownEnum?: string) =>
      shapes.push({ label: `${where}: ${label}`, data: replaceAt(data, path, next), unknownEnum })
    add('null', null)
    add('missing', MISSING)
    if (Array.isArray(value)) {
      add('an empty list', [])
      if (value.length > 0) visit(value[0], [...path, 0])
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) visit(item, [...path, key])
    } else {
      if (typeof value === 'number') add('a string', String(value))
      else if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()))
        add('a number', Number(value))
      else if (typeof value === 'boolean') add('a number', Number(value))
      else add('a number', 7)
      add('very long text', LONG_TEXT)
    }
    const field = describePath(path)
    for (const unknown of enums[field] ?? [])
      add(`the unknown value ${JSON.stringify(unknown)}`, unknown, String(path[path.length - 1]))
  }
  visit(data, [])
  return shapes
}

export interface ShapedCall {
  /** The route, for the test's title. */
  route: string
  /** The remote's `screen` prop. */
  screen: string
  query: Record<string, string>
  method: 'GET' | 'POST'
  /** Where the call goes, as MSW matches it (`apiPath(…)`, `legacyPath(…)`: a leading `*` is this origin). */
  url: string
  /** What the screen sends: the demo answer is fetched with it. */
  params: Record<string, string>
  /** What the borrower does before the call is sent (the call answers an action). */
  act?: () => Promise<void>
  enums?: Record<string, unknown[]>
}

export interface FieldShapeSuite {
  server: SetupServerApi
  render: (props: RemoteProps) => void
  calls: readonly ShapedCall[]
  /** The test file's mock of shared/schema's `warnUnknown` (`vi.mock`): an unknown enum must reach it. */
  warnUnknown: Mock<(field: string, value: unknown) => void>
  /** The envelope's success code. */
  successCode?: string
  /** The raw amounts and dates on screen; `unformattedValues` unless the remote shows some on purpose. */
  rawValues?: () => string[]
}

const localUrl = (url: string) => new URL(url.replace(/^\*/, ''), window.location.origin)

/** The demo answer's data for a call, as the realistic screen gets it. */
async function demoData(call: ShapedCall): Promise<unknown> {
  const url = localUrl(call.url)
  const body = new URLSearchParams(call.params)
  if (call.method === 'GET') url.search = body.toString()
  const response = await fetch(url, {
    method: call.method,
    headers: call.method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {},
    body: call.method === 'POST' ? body : undefined,
  })
  return ((await response.json()) as { data: unknown }).data
}

const tick = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

/** Waits until `done`, no request is in flight and the page stopped changing (or about 2 s passed). */
async function settle(done: () => boolean, pending: () => number): Promise<void> {
  let last = ''
  for (let round = 0; round < 200; round++) {
    await tick(round < 3 ? 0 : 10)
    const now = document.body.innerHTML
    if (round >= 3 && done() && pending() === 0 && now === last) return
    last = now
  }
}

/** Renders the call's screen with `data` as that call's answer; the problems found. */
async function runShape(suite: FieldShapeSuite, call: ShapedCall, data: unknown): Promise<string[]> {
  const { server } = suite
  const target = localUrl(call.url).pathname
  let pending = 0
  let called = false
  const started = ({ request }: { request: Request }) => {
    pending++
    if (new URL(request.url).pathname === target) called = true
  }
  const ended = () => void pending--
  server.events.on('request:start', started)
  server.events.on('response:mocked', ended)
  server.events.on('request:unhandled', ended)
  const code = suite.successCode ?? '00'
  const answer = () =>
    HttpResponse.json(data === undefined ? { code, message: 'success' } : { code, message: 'success', data })
  server.use(call.method === 'GET' ? http.get(call.url, answer) : http.post(call.url, answer))
  const problems: string[] = []
  const errors = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    problems.push(`console.error: ${args.map(String).join(' ').slice(0, 200)}`)
  })
  const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const onError = (event: ErrorEvent) => problems.push(`uncaught: ${String(event.error ?? event.message)}`)
  window.addEventListener('error', onError)
  try {
    suite.render(createTestProps({ screen: call.screen, query: call.query }))
    // Before an action, the action's own queries wait for what it needs.
    await settle(
      () => !!call.act || called,
      () => pending,
    )
    if (call.act) {
      await call.act()
      await settle(
        () => called,
        () => pending,
      )
    }
    if (!called) problems.push(`the screen did not call ${target}`)
    if ((document.body.textContent ?? '').trim() === '') problems.push('the screen is blank')
    problems.push(...injectedMarkup(document.body).map((what) => `injected markup: ${what}`))
    const raw = suite.rawValues ? suite.rawValues() : unformattedValues(document.body)
    problems.push(...raw.map((value) => `a raw value on screen: ${value}`))
  } catch (error) {
    problems.push(`thrown: ${String(error)}`)
  } finally {
    cleanup()
    clearToasts()
    await tick(0)
    errors.mockRestore()
    warnings.mockRestore()
    window.removeEventListener('error', onError)
    server.events.removeAllListeners()
    server.resetHandlers()
  }
  return problems
}

/** One test per call: each field of its realistic answer, in each other plausible shape, leaves a usable screen. */
export function fuzzFieldShapes(suite: FieldShapeSuite): void {
  for (const call of suite.calls) {
    const title = `${call.route}?${new URLSearchParams(call.query)}: ${localUrl(call.url).pathname}`
    test(
      `${title}: each field in its other plausible shapes shows a usable screen`,
      { timeout: 120_000 },
      async () => {
        const shapes = shapesOf(await demoData(call), call.enums)
        const failures: string[] = []
        for (const shape of shapes) {
          suite.warnUnknown.mockClear()
          const problems = await runShape(suite, call, shape.data)
          if (
            shape.unknownEnum &&
            !suite.warnUnknown.mock.calls.some(([field]) => field === shape.unknownEnum)
          )
            problems.push(`${shape.unknownEnum} was not logged as unknown`)
          if (problems.length > 0) failures.push(`${shape.label}:\n  ${problems.join('\n  ')}`)
        }
        expect(failures).toEqual([])
      },
    )
  }
}
