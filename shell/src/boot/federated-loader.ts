import { getInstance, loadRemote, registerRemotes } from '@module-federation/runtime'
import { readOverrides } from '../remote/overrides'
import { fetchRegistry, parseRegistry, type Registry } from '../remote/registry'
import { createRemoteLoader, type FederationRuntime, type RemoteLoader } from '../remote/remote-loader'

declare const __BAKED_REGISTRY__: unknown

/** The federation runtime the plugin created at boot (the shell declares no static remotes). */
export function federationRuntime(): FederationRuntime {
  if (!getInstance()) throw new Error('Module Federation runtime is not initialised')
  return {
    registerRemotes: (remotes, options) => registerRemotes(remotes, options),
    loadRemote: (id) => loadRemote(id),
  }
}

/** What the server inlined into this page (`#mf-preload`): the registry and the route remote's manifest. */
export function readPreload(doc: Document): {
  registry: Registry | null
  manifests: Record<string, unknown>
} {
  const text = doc.getElementById('mf-preload')?.textContent
  if (!text) return { registry: null, manifests: {} }
  try {
    const raw = JSON.parse(text) as { registry?: unknown; manifests?: unknown }
    const manifests =
      raw.manifests && typeof raw.manifests === 'object' ? (raw.manifests as Record<string, unknown>) : {}
    return { registry: raw.registry ? parseRegistry(raw.registry) : null, manifests }
  } catch {
    return { registry: null, manifests: {} }
  }
}

/**
 * Loads remotes through Module Federation from the registry the server inlined (fresh: index.html is never
 * cached), else the live `/registry.json`, else the copy baked into this build.
 */
export async function createFederatedLoader(win: Window): Promise<RemoteLoader> {
  const preload = readPreload(win.document)
  const live =
    preload.registry ??
    (await fetchRegistry({ url: new URL('registry.json', win.document.baseURI).href, timeoutMs: 3000 }))
  const registry: Registry = live ?? parseRegistry(__BAKED_REGISTRY__)
  if (!live) console.warn('[registry] live registry unavailable; using the copy baked into this build')
  return createRemoteLoader({
    registry: () => registry,
    runtime: federationRuntime(),
    overrides: readOverrides(win),
    manifests: preload.manifests,
    onFallback: (remote, from, to) =>
      console.warn(`[remotes] ${remote}@${from} failed to load; using previous version ${to}`),
  })
}
