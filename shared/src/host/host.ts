import { createBridge, type HostBridge } from '../bridge/bridge'
import type { Settings } from '../contract/contract'
import { createHttp, type HostHttp, type Notifier } from '../http/http'
import { dial } from '../navigation/navigation'
import { callQuery, type SessionStore } from '../session/session'
import { preloadToasts } from '../ui/toasts'

export interface HostServicesInput {
  win: Window
  settings: Settings
  session: SessionStore
  /** In-app navigation (the router's navigate). */
  navigate: (to: string, options?: { replace?: boolean }) => void
  /** How failures and loading show (toasts); the shell loads them lazily, a standalone remote directly. */
  toasts: { notifier: Notifier; info(text: string): void }
}

export const NEEDS_APP_MESSAGE = 'Please open this page in the app.'

/**
 * The request helper and the bridge exactly as a host wires them: the shell uses this, and so does each
 * remote's standalone entry, so a remote behaves the same alone as inside the shell.
 */
export function createHostServices({ win, settings, session, navigate, toasts }: HostServicesInput): {
  http: HostHttp
  bridge: HostBridge
  /** Call once the first screen is rendering: when the browser is idle, loads axios and the toast code. */
  warmUp(): void
} {
  const http = createHttp({
    baseURL: settings.apiBase,
    appOrigin: win.location.origin,
    query: () => callQuery(session.get()),
    notifier: toasts.notifier,
  })
  const bridge = createBridge(win, {
    home: () => navigate('/'),
    back: () => win.history.back(),
    telephone: (phone) => {
      dial(win.location, phone || settings.servicePhone)
    },
    unsupported: (action, payload) => {
      console.info(`[bridge] "${action}" needs the app`, payload)
      toasts.info(NEEDS_APP_MESSAGE)
    },
  })
  const warmUp = () => {
    const idle = win.requestIdleCallback?.bind(win) ?? ((run: () => void) => win.setTimeout(run, 1500))
    idle(() => {
      http.preload()
      void preloadToasts()
    })
  }
  return { http, bridge, warmUp }
}
