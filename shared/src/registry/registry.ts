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

function pointer(value: unknown): RemotePointer | null {
  if (!value || typeof value !== 'object') return null
  const { version, entry } = value as Record<string, unknown>
  if (typeof version !== 'string' || !version || typeof entry !== 'string' || !entry) return null
  return { version, entry }
}

/**
 * A federation name (`mf_site`). Anything else is no remote, and a name such as `__proto__` would otherwise
 * reach the prototype of the object the entries are collected in.
 */
const REMOTE_NAME = /^[a-z][a-z0-9_]*$/

/** Keeps every well-formed entry and drops the rest, so one bad entry cannot take the others down. */
export function parseRegistry(raw: unknown): Registry {
  const remotes: Record<string, RegistryEntry> = {}
  const source = raw && typeof raw === 'object' ? (raw as { remotes?: unknown }).remotes : undefined
  if (!source || typeof source !== 'object') return { remotes }
  for (const [name, value] of Object.entries(source as Record<string, unknown>)) {
    const current = REMOTE_NAME.test(name) ? pointer(value) : null
    if (!current) {
      console.warn(`[registry] ignoring malformed entry for ${name}`)
      continue
    }
    const record = value as Record<string, unknown>
    const available = Array.isArray(record.available)
      ? record.available.filter((v): v is string => typeof v === 'string' && v !== '')
      : []
    remotes[name] = { ...current, previous: pointer(record.previous), available }
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
