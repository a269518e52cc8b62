import type { UserOptions } from '@module-federation/runtime/types'
import * as React from 'react'
import * as ReactDOM from 'react-dom'
import * as ReactDOMClient from 'react-dom/client'
import * as ReactJsxRuntime from 'react/jsx-runtime'
import { SHARED_REACT_RANGE } from 'shared/contract'
import { loadOnce } from 'shared/schedule'
import type { FederationRuntime } from './load-stages'
// Types only: the module itself is imported on first use (`lazyFederationRuntime`).
import type * as FederationHost from './federation-host'

type SharedOptions = NonNullable<UserOptions['shared']>

/**
 * The shell's own, already loaded React modules, offered to remotes as singletons (the versions are the
 * installed packages'): with `loaded-first` a remote takes these and never fetches its fallback copy. The same
 * four modules the federation plugin shared when the shell was built with it.
 */
export function hostShared(): SharedOptions {
  const shareConfig = { singleton: true, requiredVersion: SHARED_REACT_RANGE }
  const entry = (module: object, version: string) => ({ version, shareConfig, lib: () => module })
  return {
    react: entry(React, React.version),
    'react/jsx-runtime': entry(ReactJsxRuntime, React.version),
    'react-dom': entry(ReactDOM, ReactDOM.version),
    'react-dom/client': entry(ReactDOMClient, ReactDOM.version),
  }
}

type HostModule = typeof FederationHost

/**
 * The federation runtime, downloaded and initialised on first use (the first remote to load). Pages that
 * render no remote, such as `/testPreview`, never download it.
 */
export function lazyFederationRuntime(
  importHost: () => Promise<HostModule> = () => import('./federation-host'),
): FederationRuntime {
  let failed = false
  // A failed import or init is forgotten, so the next use tries again.
  const ready = loadOnce(() =>
    importHost().then(
      (module) => {
        failed = false
        return module.createFederationHost(hostShared())
      },
      (error: unknown) => {
        // The browser may keep the failed import for the document's lifetime: see `failed`.
        failed = true
        throw error
      },
    ),
  )
  return {
    ready: async () => void (await ready()),
    registerRemotes: async (remotes, options) => (await ready()).registerRemotes(remotes, options),
    loadRemote: async <T>(id: string) => (await ready()).loadRemote<T>(id),
    failed: () => failed,
  }
}
