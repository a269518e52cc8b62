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

/** What the server inlined into this page (`#mf-preload`): the route remote's registry entry and manifest. */
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
 * Loads remotes through Module Federation. The page carries its own route's registry entry (inlined by the
 * server, fresh: pages are never cached), so the first screen needs no registry round trip; any other remote
 * waits for the live `/registry.json`, fetched once, when the borrower first goes there. Pages carry no more
 * than that so a release or rollback of one remote rewrites exactly that remote's pages (ADR 0016). A remote
 * the live registry lacks or lists malformed (or all of them, when there is none) comes from the copy baked
 * into this build.
 */
export function createFederatedLoader(
  win: Window,
  settings: Pick<Settings, 'versionOverrides'>,
  baked: unknown = bakedRegistry(),
): Promise<RemoteLoader> {
  const preload = readPreload(win.document)
  const fallback = parseRegistry(baked)
  let live: Promise<Registry | null> | null = null
  const liveRegistry = () => {
    live ??= fetchRegistry({
      url: new URL('registry.json', win.document.baseURI).href,
      timeoutMs: 3000,
    }).then((registry) => {
      if (!registry)
        console.warn('[registry] live registry unavailable; using the copy baked into this build')
      return registry
    })
    return live
  }
  const registryFor = async (remote: string): Promise<Registry> => {
    const inlined = preload.registry
    if (inlined && Object.hasOwn(inlined.remotes, remote)) return withFallback(inlined, fallback)
    const fetched = await liveRegistry()
    if (fetched && !Object.hasOwn(fetched.remotes, remote) && Object.hasOwn(fallback.remotes, remote)) {
      console.warn(`[registry] no valid live entry for ${remote}; using the copy baked into this build`)
    }
    return withFallback(fetched, fallback)
  }
  return Promise.resolve(
    createRemoteLoader({
      registry: registryFor,
      runtime: federationRuntime(),
      overrides: readOverrides(win, settings.versionOverrides),
      manifests: preload.manifests,
      onFallback: (remote, from, to) =>
        console.warn(`[remotes] ${remote}@${from} failed to load; using previous version ${to}`),
    }),
  )
}
