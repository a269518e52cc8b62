import { readOverrides } from './overrides'
import type { Settings } from 'shared/contract'
import { parseRegistry, type Registry, type RegistryRead } from 'shared/registry'
import { fetchRegistry } from './registry'
import type { FederationRuntime } from './load-stages'
import { createRemoteLoader, type RemoteLoader } from './remote-loader'
import { lazyFederationRuntime } from './federation-runtime'

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

/**
 * Loads remotes through Module Federation. The page carries its own route's registry entry (inlined by the
 * server, fresh: pages are never cached, and a release or rollback rewrites them), so the first screen needs no
 * registry round trip; any other remote waits for the live `/registry.json`, read once, when the borrower first
 * goes there. Pages carry no more than that so a release or rollback of one remote rewrites exactly that
 * remote's pages (ADR 0016). Those two are the only sources of versions (ADR 0023): a remote the live registry
 * cannot give (it cannot be read after its retries, or lists the remote malformed) fails to load, and its
 * route shows the retry screen, whose button reads the registry again.
 */
export function createFederatedLoader(
  win: Window,
  settings: Pick<Settings, 'versionOverrides'>,
): Promise<RemoteLoader> {
  const preload = readPreload(win.document)
  const url = new URL('registry.json', win.document.baseURI).href
  // Shared by every remote while it is read and kept once read; a failed read is not kept (not loadOnce: a
  // read that lists the wanted remote malformed is dropped too), so the next load reads again.
  let reading: Promise<RegistryRead> | null = null
  const liveRegistry = () => {
    if (reading) return reading
    const started = fetchRegistry({ url })
    reading = started
    started.catch((error: Error) => {
      if (reading === started) reading = null
      console.warn(`[registry] ${error.message}; remotes this page does not carry show the retry screen`)
    })
    return started
  }
  const registryFor = async (remote: string): Promise<Registry> => {
    const inlined = preload.registry
    if (inlined && Object.prototype.hasOwnProperty.call(inlined.remotes, remote)) return inlined
    const live = liveRegistry()
    const read = await live
    if (read.malformed.includes(remote)) {
      if (reading === live) reading = null
      throw new Error(`${url} lists ${remote} with an entry that cannot be used`)
    }
    return read.registry
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
