import { init } from '@module-federation/runtime'
import * as runtimeCore from '@module-federation/runtime/core'
import type { UserOptions } from '@module-federation/runtime/types'
import type { FederationRuntime } from './load-stages'

/**
 * Remotes are built with `experiments.externalRuntime`: instead of bundling the federation runtime they read
 * this global (the plugin's shim, on every call). Published as soon as this chunk evaluates, so it is there
 * before any remote entry runs; it is the same runtime-core `init` below uses, so the page has one copy.
 * (The plugin's `injectExternalRuntimeCorePlugin` does the same, but bundles the runtime's package.json for
 * its version string; ADR 0009.)
 */
const federationGlobal = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown }
federationGlobal._FEDERATION_RUNTIME_CORE ??= runtimeCore

/**
 * The Module Federation host, in its own chunk: only a page that loads a remote downloads the runtime
 * (`federation-runtime.ts` imports this module on first use; the server preloads it on remote routes).
 */
export function createFederationHost(shared: NonNullable<UserOptions['shared']>): FederationRuntime {
  const instance = init({
    name: 'shell',
    // No static remotes: they come from registry.json at runtime, so one offline remote cannot blank the app.
    remotes: [],
    shared,
    shareStrategy: 'loaded-first',
  })
  return {
    registerRemotes: (remotes, options) => instance.registerRemotes(remotes, options),
    loadRemote: (id) => instance.loadRemote(id),
  }
}
