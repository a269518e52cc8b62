import * as v from 'valibot'
import { list, object, parseLenient, record } from '../schema/schema'

/**
 * The release registry (`/registry.json`): which version of each remote the shell loads. The shell (live,
 * inlined and baked copies) and the deploy tools (release, rollback, the page server) read it through here.
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

/**
 * Keeps every well-formed entry and drops the rest (each logged), so one bad entry cannot take the others
 * down; anything that is no registry at all is an empty one.
 */
export function parseRegistry(raw: unknown): Registry {
  const remotes: Record<string, RegistryEntry> = {}
  const parsed = parseLenient('registry', RegistrySchema, raw)
  if (!parsed.ok) return { remotes }
  for (const [name, value] of Object.entries(parsed.value.remotes)) {
    if (!REMOTE_NAME.test(name)) {
      console.warn(`[registry] ignoring an entry that names no remote: ${JSON.stringify(name)}`)
      continue
    }
    const entry = parseLenient(`registry ${name}`, EntrySchema, value)
    if (entry.ok) remotes[name] = entry.value
  }
  return { remotes }
}

/**
 * The live registry over a fallback (the copy baked into the shell build), remote by remote: a remote the
 * live copy lacks, or listed malformed (`parseRegistry` dropped it), keeps the fallback's entry, so a
 * partial or corrupt live registry cannot take down remotes it says nothing valid about. A live entry wins
 * whole (its `previous` and `available` too). No live registry at all is the fallback.
 */
export function withFallback(live: Registry | null, fallback: Registry): Registry {
  const remotes: Record<string, RegistryEntry> = {}
  for (const [name, entry] of Object.entries(fallback.remotes)) remotes[name] = entry
  for (const [name, entry] of Object.entries(live?.remotes ?? {})) remotes[name] = entry
  return { remotes }
}
