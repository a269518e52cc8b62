import * as v from 'valibot'

/**
 * What a remote's `src/api/` boundary parses server data with (ADR 0013): valibot schemas, read leniently.
 * A field the schema marks optional (the helpers below give each a default) that arrives malformed is
 * dropped and takes its default; a malformed item of a list is dropped from the list; only a malformed
 * required part fails the whole payload, so a screen shows what is valid and an error state for the rest.
 * What was dropped is logged by path and received type, never by value (it may be personal data).
 */

/** Text from a string or a number, trimmed; '' when missing or malformed. */
export const text = v.optional(
  v.pipe(
    v.union([v.string(), v.number()]),
    v.transform((value) => String(value).trim()),
  ),
  '',
)

/** Text that must be there: a string or number that is not blank. */
export const requiredText = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((value) => String(value).trim()),
  v.minLength(1),
)

const numeric = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^[+-]?\d+(?:\.\d+)?$/))]),
  v.transform(Number),
  v.finite(),
)

/** A finite number from a number or a numeric string; `fallback` (0) when missing or malformed. */
export const number = (fallback = 0) => v.optional(numeric, fallback)

/** A number the server may leave out (or send as null): null then. */
export const maybeNumber = v.optional(v.nullable(numeric), null)

/** A server flag ("nonzero"): true, or a number or numeric string other than 0; missing is off. */
export const flag = v.optional(
  v.pipe(
    v.union([v.boolean(), v.number(), v.pipe(v.string(), v.trim(), v.regex(/^[+-]?\d+(?:\.\d+)?$/))]),
    v.transform((value) => (typeof value === 'boolean' ? value : Number(value) !== 0)),
  ),
  false,
)

/**
 * A switch the spec turns on with 1 exactly ("only when isShowReyTop is 1", "if needValid is 1"): true for
 * 1 or "1", false for anything else the server sends (0, 2, -1, missing); not a `flag`, which is "nonzero".
 */
export const isOne = v.pipe(
  v.optional(v.unknown(), 0),
  v.transform((value) => (typeof value === 'number' || typeof value === 'string') && Number(value) === 1),
)

const isObject = (x: unknown): x is object => !!x && typeof x === 'object' && !Array.isArray(x)

/** An object with these fields; unlike valibot's own `object`, a list is no object. */
export const object = <T extends v.ObjectEntries>(entries: T) =>
  v.pipe(v.custom<object>(isObject, 'Invalid type: Expected an object'), v.object(entries))

/**
 * An object whose fields carry their own defaults; a payload of `null` or nothing counts as `{}` (a success
 * with no data shows the screen's empty state), anything else that is no object is unusable.
 */
export const record = <T extends v.ObjectEntries>(entries: T) =>
  v.pipe(
    v.optional(v.nullable(v.custom<object>(isObject)), {}),
    v.transform((value) => value ?? {}),
    v.object(entries),
  )

/** A list whose malformed items are dropped; [] when missing or not a list. */
export const list = <T extends v.GenericSchema>(item: T) => v.optional(v.array(item), [])

type PathKey = string | number

function keysOf(issue: v.BaseIssue<unknown>): PathKey[] {
  return (issue.path ?? []).map((item) => item.key as PathKey)
}

function describe(path: PathKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${key}` : key),
    '',
  )
}

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

/** The container `path` leads into, or undefined when the path does not lead anywhere. */
function parentOf(root: unknown, path: PathKey[]): Record<PathKey, unknown> | unknown[] | undefined {
  let node: unknown = root
  for (const key of path.slice(0, -1)) {
    if (!node || typeof node !== 'object') return undefined
    node = (node as Record<PathKey, unknown>)[key]
  }
  return node && typeof node === 'object' ? (node as Record<PathKey, unknown>) : undefined
}

/** Orders paths so that deeper places and higher list indices come first. */
function comparePaths(a: PathKey[], b: PathKey[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] === b[i]) continue
    if (typeof a[i] === 'number' && typeof b[i] === 'number') return (b[i] as number) - (a[i] as number)
    return String(a[i]) < String(b[i]) ? -1 : 1
  }
  return b.length - a.length
}

/** What an endpoint function resolves with; `notified`: the request helper already toasted the failure. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; message: string; notified: boolean }

export const MALFORMED_MESSAGE = 'The server sent an unexpected response. Please try again later.'

export type Lenient<T> = { ok: true; value: T; dropped: string[] } | { ok: false; dropped: string[] }

/**
 * Parses `data` with `schema`, dropping what does not match as the module comment says, and logs what was
 * dropped under `call` (the endpoint's name). `ok: false` when a required part is malformed or missing.
 */
export function parseLenient<S extends v.GenericSchema>(
  call: string,
  schema: S,
  data: unknown,
): Lenient<v.InferOutput<S>> {
  // A copy to mend: JSON data, so a JSON round trip is exact; anything else is not server data.
  let input: unknown
  try {
    input = data === undefined ? undefined : (JSON.parse(JSON.stringify(data)) as unknown)
  } catch {
    input = undefined
  }
  const dropped: string[] = []
  const done = (result: Lenient<v.InferOutput<S>>) => {
    if (dropped.length > 0 || !result.ok) {
      const what = dropped.join(', ') || 'the payload'
      console.warn(`[api] ${call}: ${result.ok ? 'ignored' : 'unusable; ignored'} ${what}`)
    }
    return result
  }
  // Each round mends every place the schema named; nested mistakes need a round per level.
  for (let round = 0; round < 50; round++) {
    const result = v.safeParse(schema, input)
    if (result.success) return done({ ok: true, value: result.output, dropped })
    // Deepest and last first, so removing a list item never moves a place still to be mended.
    const paths = [...new Map(result.issues.map((i) => [describe(keysOf(i)), keysOf(i)])).values()].sort(
      comparePaths,
    )
    // Places under a node removed this round now name something else: they wait for the next round.
    const removed: string[] = []
    const under = (where: string) =>
      removed.some((r) => where.startsWith(`${r}.`) || where.startsWith(`${r}[`))
    for (const path of paths) {
      const where = describe(path)
      if (path.length === 0) {
        dropped.push(`the payload (${typeOf(input)})`)
        return done({ ok: false, dropped })
      }
      if (under(where)) continue
      const parent = parentOf(input, path)
      const key = path[path.length - 1]
      const value = parent ? (parent as Record<PathKey, unknown>)[key] : undefined
      // A malformed value goes (an optional field then takes its default); a required field that is missing
      // takes the value holding it along: a list item, or an optional object that then takes its default.
      const target = parent && value !== undefined ? path : path.slice(0, -1)
      if (target.length === 0) {
        dropped.push(`${where} (missing)`)
        return done({ ok: false, dropped })
      }
      const holder = parentOf(input, target)
      const last = target[target.length - 1]
      if (!holder) continue
      const what = target === path ? `${where} (${typeOf(value)})` : `${describe(target)} (no ${where})`
      dropped.push(what)
      removed.push(describe(target))
      if (Array.isArray(holder) && typeof last === 'number') holder.splice(last, 1)
      else delete (holder as Record<PathKey, unknown>)[last]
    }
  }
  return done({ ok: false, dropped })
}

/**
 * A call's result at a remote's API boundary: a failed call keeps the helper's message; a successful one's
 * data is parsed with `schema` (`call` names it in the log), and data with a malformed required part is
 * reported as malformed (not toasted: the screen shows it).
 */
export function toApiResult<S extends v.GenericSchema>(
  result: { success: boolean; message: string; data: unknown },
  options: { silent?: boolean },
  call: string,
  schema: S,
): ApiResult<v.InferOutput<S>> {
  if (!result.success) return { ok: false, message: result.message, notified: !options.silent }
  const parsed = parseLenient(call, schema, result.data)
  return parsed.ok
    ? { ok: true, data: parsed.value }
    : { ok: false, message: MALFORMED_MESSAGE, notified: false }
}

const warned = new Set<string>()

/**
 * An enum value the screen does not know (an order status, a product type, a showType, a field type): the
 * screen shows its default for it and calls this, which logs the field and value once per page, so a new
 * value from the backend is seen in the console without flooding it on every render.
 */
export function warnUnknown(field: string, value: unknown): void {
  const key = `${field}\u0000${typeof value}\u0000${String(value)}`
  if (warned.has(key)) return
  warned.add(key)
  console.warn(`Unknown ${field}: ${JSON.stringify(value) ?? String(value)}; showing the default.`)
}

/** Forgets what was warned of, as a new page would: each unit test is a page of its own (shared/testing). */
export function forgetWarnings(): void {
  warned.clear()
}
