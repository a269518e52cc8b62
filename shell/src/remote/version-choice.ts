import type { RegistryEntry, RemotePointer } from 'shared/registry'

/**
 * The versions of a remote to try, in order: the QA pin when it names a released version, else the current
 * version, then `previous` (the automatic fallback). None when the registry does not list the remote.
 */
export function versionsToTry(
  entry: RegistryEntry | undefined,
  override: string | undefined,
): RemotePointer[] {
  if (!entry) return []
  if (override && entry.available.includes(override)) {
    const base = entry.entry.replace(/[^/]+\/mf-manifest\.json(\?.*)?$/, '')
    return [{ version: override, entry: `${base}${override}/mf-manifest.json` }]
  }
  return entry.previous ? [entry, entry.previous] : [entry]
}
