import { createBridge, type HostBridge } from '../bridge/bridge'
import type { Settings } from '../contract/contract'
import { takeFirstCall } from '../http/first-call'
import { createHttp, type HostHttp } from '../http/http'
import { dial } from '../navigation/navigation'
import { afterFirstPaint, whenIdle } from '../schedule/schedule'
import { callQuery, type SessionStore } from '../session/session'
import { preloadToasts, showInfo, toastNotifier } from '../ui/toasts'

export interface HostServicesInput {
  win: Window
  settings: Settings
  session: SessionStore
  /** In-app navigation (the router's navigate). */
  navigate: (to: string, options?: { replace?: boolean }) => void
}

export const NEEDS_APP_MESSAGE = 'Please open this page in the app.'

/**
 * The request helper and the bridge exactly as a host wires them: the shell uses this, and so does each
 * remote's standalone entry, so a remote behaves the same alone as inside the shell.
 */
export function createHostServices({ win, settings, session, navigate }: HostServicesInput): {
  http: HostHttp
  bridge: HostBridge
  /**
   * Call once at boot: after the first contentful paint, when the browser is idle, loads axios, then (once the
   * screen's calls are answered) the toast code, so neither competes with the first screen or its data, and a
   * user's first call or toast does not wait.
   */
  warmUp(): void
} {
  const http = createHttp({
    baseURL: settings.apiBase,
    appOrigin: win.location.origin,
    query: () => callQuery(session.get()),
    // Failures and loading show as toasts, whose code loads on first use or in warmUp.
    notifier: toastNotifier,
    // A screen's first call may already be on its way, sent by the page itself (http/first-call.ts).
    firstCall: (key) => takeFirstCall(win, key),
  })
  const bridge = createBridge(win, {
    home: () => navigate('/'),
    back: () => win.history.back(),
    telephone: (phone) => {
      dial(win.location, phone || settings.servicePhone)
    },
    unsupported: (action, payload) => {
      console.info(`[bridge] "${action}" needs the app`, payload)
      showInfo(NEEDS_APP_MESSAGE)
    },
  })
  const warmUp = () =>
    afterFirstPaint(win, () => {
      const idle = (task: () => void) => void whenIdle(task, { win })
      // axios first, which the screen's own calls may be waiting for; the toast code once those calls are
      // answered, so it never shares the connection with a screen's data (ADR 0008).
      idle(() => {
        void http
          .preload()
          .then(() => http.quiet())
          .then(() => idle(() => void preloadToasts()))
      })
    })
  return { http, bridge, warmUp }
}
