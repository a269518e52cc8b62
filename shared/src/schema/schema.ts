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

/** A finite number from a number or a numeric string; `fallback` (0) when missing or malformed. */
export const number = (fallback = 0) =>
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^[+-]?\d+(?:\.\d+)?$/))]),
      v.transform(Number),
      v.finite(),
    ),
    fallback,
  )

/** A server flag: 1 / '1' / true are on; 0 / '0' / false (and missing) are off. */
export const flag = v.optional(
  v.pipe(
    v.union([v.literal(1), v.literal(0), v.literal('1'), v.literal('0'), v.boolean()]),
    v.transform((value) => value === true || value === 1 || value === '1'),
  ),
  false,
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
  for (let round = 0; round < 20; round++) {
    const result = v.safeParse(schema, input)
    if (result.success) return done({ ok: true, value: result.output, dropped })
    // Deepest and last first, so removing a list item never moves a place still to be mended.
    const paths = [...new Map(result.issues.map((i) => [describe(keysOf(i)), keysOf(i)])).values()].sort(
      comparePaths,
    )
    for (const path of paths) {
      const where = describe(path)
      const parent = path.length > 0 ? parentOf(input, path) : undefined
      const key = path[path.length - 1]
      const value = parent ? (parent as Record<PathKey, unknown>)[key] : undefined
      if (path.length === 0) {
        dropped.push(`the payload (${typeOf(input)})`)
        return done({ ok: false, dropped })
      }
      if (parent && value !== undefined) {
        // A malformed value: without it an optional field takes its default (a required one is then missing).
        dropped.push(`${where} (${typeOf(value)})`)
        if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1)
        else delete (parent as Record<PathKey, unknown>)[key]
        continue
      }
      // A required field is missing: drop the nearest list item that holds it, or the payload is unusable.
      const index = path.map((k) => typeof k === 'number').lastIndexOf(true)
      const items = index >= 0 ? parentOf(input, path.slice(0, index + 1)) : undefined
      if (!Array.isArray(items)) {
        dropped.push(`${where} (missing)`)
        return done({ ok: false, dropped })
      }
      dropped.push(`${describe(path.slice(0, index + 1))} (no ${where})`)
      items.splice(path[index] as number, 1)
    }
  }
  return done({ ok: false, dropped })
}
