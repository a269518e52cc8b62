import { readOverrides } from './overrides'
import type { Settings } from 'shared/contract'
import { parseRegistry, withFallback, type Registry } from 'shared/registry'
import { fetchRegistry } from './registry'
import type { FederationRuntime } from './load-stages'
import { createRemoteLoader, type RemoteLoader } from './remote-loader'
import { lazyFederationRuntime } from './federation-runtime'

declare const __BAKED_REGISTRY__: unknown

/** One federation runtime per page, downloaded when the first remote loads (never on shell-only pages). */
let runtime: FederationRuntime | null = null

export function federationRuntime(): FederationRuntime {
  runtime ??= lazyFederationRuntime()
  return runtime
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

/** The registry this shell was built with (the build defines `__BAKED_REGISTRY__`; tests do not). */
function bakedRegistry(): unknown {
  return typeof __BAKED_REGISTRY__ === 'undefined' ? null : __BAKED_REGISTRY__
}

/**
 * Loads remotes through Module Federation from the registry the server inlined (fresh: index.html is never
 * cached), else the live `/registry.json`; a remote that registry lacks or lists malformed (or all of them,
 * when there is none) comes from the copy baked into this build.
 */
export async function createFederatedLoader(
  win: Window,
  settings: Pick<Settings, 'versionOverrides'>,
  baked: unknown = bakedRegistry(),
): Promise<RemoteLoader> {
  const preload = readPreload(win.document)
  const live =
    preload.registry ??
    (await fetchRegistry({ url: new URL('registry.json', win.document.baseURI).href, timeoutMs: 3000 }))
  const registry: Registry = withFallback(live, parseRegistry(baked))
  const fromBaked = Object.keys(registry.remotes).filter(
    (name) => !live || !Object.hasOwn(live.remotes, name),
  )
  if (!live) console.warn('[registry] live registry unavailable; using the copy baked into this build')
  else if (fromBaked.length > 0) {
    console.warn(
      `[registry] no valid live entry for ${fromBaked.join(', ')}; using the copy baked into this build`,
    )
  }
  return createRemoteLoader({
    registry: () => registry,
    runtime: federationRuntime(),
    overrides: readOverrides(win, settings.versionOverrides),
    manifests: preload.manifests,
    onFallback: (remote, from, to) =>
      console.warn(`[remotes] ${remote}@${from} failed to load; using previous version ${to}`),
  })
}
