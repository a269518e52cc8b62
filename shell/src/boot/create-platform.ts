import { getInstance, loadRemote, registerRemotes } from '@module-federation/runtime'
import type { Settings } from 'shared/contract'
import { createHostServices } from 'shared/host'
import type { SessionStore } from 'shared/session'
import { createRemoteLoader, type FederationRuntime } from '../remote/remote-loader'
import type { Registry } from '../remote/registry'
import type { Platform } from './platform'

export interface PlatformInput {
  win: Window
  settings: Settings
  session: SessionStore
  registry: () => Registry
  overrides: Record<string, string>
  /** The router's navigate, bound once the router exists. */
  navigate: (to: string, options?: { replace?: boolean }) => void
}

/** The federation runtime the plugin created at boot (the shell declares no static remotes). */
export function federationRuntime(): FederationRuntime {
  if (!getInstance()) throw new Error('Module Federation runtime is not initialised')
  return {
    registerRemotes: (remotes, options) => registerRemotes(remotes, options),
    loadRemote: (id) => loadRemote(id),
  }
}

export function createPlatform(
  input: PlatformInput,
  runtime: FederationRuntime = federationRuntime(),
): Platform {
  const { win, settings, session } = input
  const { http, bridge } = createHostServices({ win, settings, session, navigate: input.navigate })
  const loader = createRemoteLoader({
    registry: input.registry,
    runtime,
    overrides: input.overrides,
    onFallback: (remote, from, to) =>
      console.warn(`[remotes] ${remote}@${from} failed to load; using previous version ${to}`),
  })
  return { settings, session, http, bridge, loader }
}
