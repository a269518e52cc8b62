import { createContext, useContext, type ReactNode } from 'react'
import type { HostBridge } from 'shared/bridge'
import type { Settings } from 'shared/contract'
import type { Http } from 'shared/http'
import type { HealthReporter } from 'shared/health'
import type { SessionStore } from 'shared/session'
import type { RemoteLoader } from '../remote/remote-loader'

/** What the shell builds once at boot and hands to routes (and, as props, to remotes). */
export interface Platform {
  settings: Settings
  session: SessionStore
  http: Http
  bridge: HostBridge
  loader: RemoteLoader
  /** Field health reports (ADR 0033): the routes tell it what became of their remotes. */
  reporter: HealthReporter
}

const PlatformContext = createContext<Platform | null>(null)

export function PlatformProvider({ platform, children }: { platform: Platform; children: ReactNode }) {
  return <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>
}

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext)
  if (!platform) throw new Error('usePlatform outside PlatformProvider')
  return platform
}
