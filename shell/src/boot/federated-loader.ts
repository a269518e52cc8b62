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

/** Reads the live registry (or the baked copy) and loads remotes through Module Federation. */
export async function createFederatedLoader(win: Window): Promise<RemoteLoader> {
  const live = await fetchRegistry({
    url: new URL('registry.json', win.document.baseURI).href,
    timeoutMs: 3000,
  })
  const registry: Registry = live ?? parseRegistry(__BAKED_REGISTRY__)
  if (!live) console.warn('[registry] live registry unavailable; using the copy baked into this build')
  return createRemoteLoader({
    registry: () => registry,
    runtime: federationRuntime(),
    overrides: readOverrides(win),
    onFallback: (remote, from, to) =>
      console.warn(`[remotes] ${remote}@${from} failed to load; using previous version ${to}`),
  })
}
