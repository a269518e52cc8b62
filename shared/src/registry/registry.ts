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

export interface RegistryEntry extends RemotePointer {
  previous: RemotePointer | null
  /** Every released version still on the CDN (newest last); used by the QA override. */
  available: string[]
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

const RegistrySchema = record({ remotes: v.optional(v.record(v.string(), v.unknown()), {}) })

/**
 * A federation name (`mf_site`). Anything else is no remote, and a name such as `__proto__` would otherwise
 * reach the prototype of the object the entries are collected in.
 */
const REMOTE_NAME = /^[a-z][a-z0-9_]*$/

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
 * logged). Null when it is no registry at all: not an object, or `remotes` present but not an object (the
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
    if (entry.ok) remotes[name] = entry.value
    else malformed.push(name)
  }
  return { registry: { remotes }, malformed }
}

/** The well-formed entries of a registry document; anything that is no registry at all is an empty one. */
export function parseRegistry(raw: unknown): Registry {
  return inspectRegistry(raw)?.registry ?? { remotes: {} }
}
