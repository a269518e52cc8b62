import * as v from 'valibot'
import { list, object, parseLenient, record } from '../schema/schema'

/**
 * The release registry (`/registry.json`): which version of each remote the shell loads. The shell (the live
 * copy and the entry a page inlines) and the deploy tools (release, rollback, the page server) read it through
 * here.
 */
export interface RemotePointer {
  version: string
  /** URL of that version's `mf-manifest.json`. */
  entry: string
}

/**
 * A remote's canary (ADR 0058): a new version that `percent` of borrowers load while the rest keep the entry's
 * own (the control side). Only the release tools and the servers read it: each borrower gets a registry and pages
 * resolved to their side, never an entry with a canary.
 */
export interface CanaryPointer extends RemotePointer {
  /** The share of borrowers on the canary, in (0, 100), to the hundredth. */
  percent: number
  /** When the canary started (ms since the epoch); its steps keep it. */
  since: number
  /** When it took its current share. */
  stepSince: number
}

export interface RegistryEntry extends RemotePointer {
  previous: RemotePointer | null
  /** Every released version still on the CDN (newest last); used by the QA override. */
  available: string[]
  /** A canary of another version, while one runs. */
  canary?: CanaryPointer
}

export interface Registry {
  remotes: Record<string, RegistryEntry>
}

const pointerEntries = {
  version: v.pipe(v.string(), v.minLength(1)),
  entry: v.pipe(v.string(), v.minLength(1)),
}

const EntrySchema = object({
  ...pointerEntries,
  previous: v.optional(v.nullable(object(pointerEntries)), null),
  available: list(v.pipe(v.string(), v.minLength(1))),
})

const CanarySchema = object({
  ...pointerEntries,
  percent: v.pipe(v.number(), v.gtValue(0), v.ltValue(100)),
  since: v.pipe(v.number(), v.finite()),
  stepSince: v.pipe(v.number(), v.finite()),
})

const RegistrySchema = record({ remotes: v.optional(v.record(v.string(), v.unknown()), {}) })

/**
 * A federation name (`mf_site`). Anything else is no remote, and a name such as `__proto__` would otherwise
 * reach the prototype of the object the entries are collected in.
 */
const REMOTE_NAME = /^[a-z][a-z0-9_]*$/

/** Where every remote's files live: version folders under this path on the deployment's own origin. */
export const REMOTES_PATH = '/remotes'

/**
 * A placeholder for the page's origin. The URL parser is the browser's (WHATWG), so `//host`, `/\host`, tabs
 * and `..` resolve here exactly as they do in the shell.
 */
export const DEPLOYMENT_ORIGIN = 'https://deployment.invalid'

/** Whether `url`, resolved against `base`, stays under `folder` (both absolute). */
export function resolvesInside(url: string, base: string, folder: string): boolean {
  try {
    return new URL(url, base).href.startsWith(folder)
  } catch {
    return false
  }
}

/**
 * Why a registry entry (a manifest URL) is not this deployment's, or null when it is: a path that starts
 * with `/` and stays under /remotes/ on the page's own origin (ADR 0024). There is no CDN origin setting,
 * and the pages' CSP allows scripts from 'self' only. The shell never loads such an entry, and the release
 * tools read it as missing.
 */
export function entryProblem(entry: string): string | null {
  return entry.startsWith('/') &&
    resolvesInside(entry, `${DEPLOYMENT_ORIGIN}/`, `${DEPLOYMENT_ORIGIN}${REMOTES_PATH}/`)
    ? null
    : `${JSON.stringify(entry)} is outside this deployment (only ${REMOTES_PATH}/… on its own origin)`
}

/** A registry as read: its well-formed entries, and the remotes it lists with an entry that is not. */
export interface RegistryRead {
  registry: Registry
  /** Listed, but dropped from `registry`: released once, unusable now (the shell cannot load them). */
  malformed: string[]
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Reads a registry document entry by entry, so one bad entry cannot take the others down (each dropped one is
 * logged); an entry outside the deployment (`entryProblem`) counts as malformed, a `previous` outside it is
 * dropped. Null when it is no registry at all: not an object, or `remotes` present but not an object (the
 * release tools refuse such a file, ADR 0011). No `remotes` is a registry that lists nothing.
 */
export function inspectRegistry(raw: unknown): RegistryRead | null {
  if (!isObject(raw) || (raw.remotes !== undefined && !isObject(raw.remotes))) return null
  const parsed = parseLenient('registry', RegistrySchema, raw)
  if (!parsed.ok) return null
  const remotes: Record<string, RegistryEntry> = {}
  const malformed: string[] = []
  for (const [name, value] of Object.entries(parsed.value.remotes)) {
    if (!REMOTE_NAME.test(name)) {
      console.warn(`[registry] ignoring an entry that names no remote: ${JSON.stringify(name)}`)
      continue
    }
    const entry = parseLenient(`registry ${name}`, EntrySchema, value)
    if (!entry.ok) {
      malformed.push(name)
      continue
    }
    // An entry outside the deployment is as good as malformed: nothing of it may load (ADR 0024).
    const problem = entryProblem(entry.value.entry)
    if (problem) {
      console.warn(`[registry] ignoring ${name}: its entry ${problem}`)
      malformed.push(name)
      continue
    }
    const previous = entry.value.previous
    const previousProblem = previous && entryProblem(previous.entry)
    if (previousProblem) console.warn(`[registry] ignoring ${name}'s previous: its entry ${previousProblem}`)
    const read: RegistryEntry = previousProblem ? { ...entry.value, previous: null } : entry.value
    // A canary that cannot be used is no canary: every borrower stays on the entry's own version.
    const rawCanary = (value as Record<string, unknown>).canary
    const canary =
      rawCanary === undefined ? null : parseLenient(`registry ${name} canary`, CanarySchema, rawCanary)
    const canaryProblem = canary?.ok ? entryProblem(canary.value.entry) : null
    if (canaryProblem) console.warn(`[registry] ignoring ${name}'s canary: its entry ${canaryProblem}`)
    remotes[name] = canary?.ok && !canaryProblem ? { ...read, canary: canary.value } : read
  }
  return { registry: { remotes }, malformed }
}

/** The well-formed entries of a registry document; anything that is no registry at all is an empty one. */
export function parseRegistry(raw: unknown): Registry {
  return inspectRegistry(raw)?.registry ?? { remotes: {} }
}
