import { createBridge, type HostBridge } from '../bridge/bridge'
import type { Settings } from '../contract/contract'
import { takeFirstCall } from '../http/first-call'
import { deferredHealthReporter, type HealthPage, type HealthReporter } from '../health/deferred'
import { createHttp, PAINT_WAIT_MS, type HostHttp } from '../http/http'
import { dial } from '../navigation/navigation'
import { REMOTE_MOUNTED_MARK } from '../remote/first-frame'
import { afterEntry, afterFirstPaint, afterNextPaint, whenIdle } from '../schedule/schedule'
import { callQuery, type SessionStore } from '../session/session'
import { preloadToasts, showInfo, toastNotifier } from '../ui/toasts'

export interface HostServicesInput {
  win: Window
  settings: Settings
  session: SessionStore
  /**
   * What the page's health reports say of it (ADR 0033): the route table's path of the page now shown, and
   * whether the page's route shows a remote whose outcome the load report waits for.
   */
  health?: HealthPage
  /** In-app navigation (the router's navigate). */
  navigate: (to: string, options?: { replace?: boolean }) => void
}

export const NEEDS_APP_MESSAGE = 'Please open this page in the app.'

/** How long warm-up waits for the route's remote to mount (a page without one never says so). */
export const SCREEN_WAIT_MS = 5000

/**
 * The request helper and the bridge exactly as a host wires them: the shell uses this, and so does each
 * remote's standalone entry, so a remote behaves the same alone as inside the shell.
 */
export function createHostServices({ win, settings, session, navigate, health }: HostServicesInput): {
  http: HostHttp
  bridge: HostBridge
  /** Field health: the page's reports of its remotes, vitals, errors and failed calls. */
  reporter: HealthReporter
  /**
   * Call once at boot: once the screen's data has painted (first contentful paint, the remote mounted, its
   * calls answered, a frame painted), when the browser is idle, loads axios, then the toast code, so neither
   * competes with the first screen or its data, and a user's later call or toast does not wait.
   */
  warmUp(): void
} {
  const reporter = deferredHealthReporter(win, settings, health, session)
  const http = createHttp({
    baseURL: settings.apiBase,
    appOrigin: win.location.origin,
    query: () => callQuery(session.get()),
    // Failures and loading show as toasts, whose code loads on first use or in warmUp.
    notifier: toastNotifier,
    // A screen's first call may already be on its way, sent by the page itself (http/first-call.ts).
    firstCall: (key) => takeFirstCall(win, key),
    onFailure: (path, kind) => reporter.call(path, kind),
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
    afterFirstPaint(win, () =>
      // The screen first: its remote mounted (or, on a page without one, a while later) and its calls
      // answered, so its data has painted. Until then neither axios nor the toast code shares the connection
      // with what the borrower waits for (issue #26); a call made earlier loads axios itself.
      afterEntry(win, { type: 'mark', name: REMOTE_MOUNTED_MARK }, SCREEN_WAIT_MS, () => {
        void http
          .quiet()
          .then(() => afterNextPaint(PAINT_WAIT_MS, win))
          .then(() => {
            const idle = (task: () => void) => void whenIdle(task, { win })
            idle(() => void http.preload().then(() => idle(() => void preloadToasts())))
          })
      }),
    )
  return { http, bridge, warmUp, reporter }
}
