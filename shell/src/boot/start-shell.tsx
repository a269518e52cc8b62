import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createHostServices } from 'shared/host'
import type { Settings } from 'shared/contract'
import { belowSupportFloor, markEntryStarted } from 'shared/host/entry-watchdog'
import { applyTheme, readSettings } from 'shared/host/settings'
import { bootSession } from 'shared/session'
import { App, createAppNavigation } from '../app'
import type { RemoteLoader } from '../remote/remote-loader'
import { matchRoute, SHELL_SCREENS_ROUTE } from 'shared/routes'
import { showBootError } from './boot-error'
import { PlatformProvider, type Platform } from './platform'
import 'shared/ui/tokens.css'
import '../styles.css'

declare global {
  interface Window {
    LoanShell?: {
      setSession(params: Record<string, unknown>): void
      onNativeBack(): boolean
    }
  }
}

/**
 * Boot: session → settings → loader (the federated build reads the registry first) → route. The loader is
 * the only part that differs between the deployed build and the monolithic benchmark build. A failure on the
 * way, or one React cannot contain, shows the boot error screen rather than a blank page.
 */
export async function startShell(createLoader: (settings: Settings) => Promise<RemoteLoader>): Promise<void> {
  // Below the support floor the watchdog's update screen is the page: none of the app runs (ADR 0048).
  if (belowSupportFloor(window)) return
  // The page's entry ran: its watchdog leaves the page alone (a failure from here is the boot error's).
  markEntryStarted(window)
  try {
    const session = bootSession(window)
    const settings = readSettings(document)
    applyTheme(document, settings)
    const navigation = createAppNavigation()
    const navigate = navigation.navigate
    const { http, bridge, warmUp, reporter } = createHostServices({
      win: window,
      settings,
      session,
      navigate,
      health: {
        route: () => matchRoute(window.location.pathname)?.path ?? SHELL_SCREENS_ROUTE,
        expectsRemote: matchRoute(window.location.pathname) !== null,
      },
    })
    const loader = await createLoader(settings)
    const platform: Platform = { settings, session, http, bridge, loader, reporter }
    window.LoanShell = {
      setSession: (params) => void session.set(params),
      onNativeBack: () => bridge.emitNativeBack(),
    }
    // Start fetching the current route's remote while React renders the skeleton.
    const route = matchRoute(window.location.pathname)
    if (route) void loader.load(route.remote).catch(() => undefined)
    const root = document.getElementById('root')
    if (!root) throw new Error('#root is missing from the page')
    createRoot(root, { onUncaughtError: (error) => showBootError(document, error) }).render(
      <StrictMode>
        <PlatformProvider platform={platform}>
          <App navigation={navigation} />
        </PlatformProvider>
      </StrictMode>,
    )
    warmUp()
  } catch (error) {
    showBootError(document, error)
  }
}
