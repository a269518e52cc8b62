/** Native bridge: the actions the web view's host understands (DESIGN.md §4). */
export const BRIDGE_ACTIONS = [
  'to',
  'closeWebview',
  'toP',
  'toHome',
  'toMine',
  'offToLogin',
  'callTelephone',
  'toRate',
  'confirmBurialPoint',
  'startBank',
  'endBank',
] as const

export type BridgeAction = (typeof BRIDGE_ACTIONS)[number]

/**
 * Actions a screen sends on its own, not on the borrower's tap (analytics, bank-flow markers). In a plain
 * browser there is nothing to tell the borrower about them, so they are skipped with a console note and never
 * reach the web fallback's `unsupported` (which asks the borrower to open the app).
 */
export const BACKGROUND_ACTIONS = [
  'confirmBurialPoint',
  'startBank',
  'endBank',
] as const satisfies readonly BridgeAction[]

export function isBackgroundAction(action: BridgeAction): boolean {
  return (BACKGROUND_ACTIONS as readonly string[]).includes(action)
}

export type BridgeChannel = 'ios' | 'android' | 'web'

export interface Bridge {
  /** Which native host is present. */
  readonly channel: BridgeChannel
  /** Sends an action; in a plain browser the web fallback runs. Unknown actions are ignored. */
  call(action: BridgeAction, payload?: unknown[]): void
  /**
   * Listens for the app's back action (`window.LoanShell.onNativeBack()`); a listener returns true when it
   * handled the back itself (e.g. by showing a pop-up). Returns the unsubscribe function.
   */
  onNativeBack(listener: () => boolean): () => void
}

/** The shell's side of the bridge: also delivers native events. */
export interface HostBridge extends Bridge {
  /** Runs the newest back listener; false when none handled it (the app then goes back itself). */
  emitNativeBack(): boolean
}

interface IosHandlers {
  webkit?: { messageHandlers?: Record<string, { postMessage(payload: unknown): void } | undefined> }
}
interface AndroidHost {
  AndroidBridge?: Record<string, unknown>
}

export interface WebFallback {
  home(): void
  back(): void
  telephone(phone: string): void
  /**
   * A native-only action the borrower tapped, in a plain browser (e.g. `to` with a native page key); never
   * called for BACKGROUND_ACTIONS.
   */
  unsupported(action: BridgeAction, payload: unknown[]): void
}

export function detectChannel(win: object): BridgeChannel {
  const ios = (win as IosHandlers).webkit?.messageHandlers
  if (ios && typeof ios === 'object') return 'ios'
  const android = (win as AndroidHost).AndroidBridge
  if (android && typeof android === 'object') return 'android'
  return 'web'
}

export function createBridge(win: object, fallback: WebFallback): HostBridge {
  const channel = detectChannel(win)
  const backListeners: (() => boolean)[] = []
  return {
    channel,
    onNativeBack(listener) {
      backListeners.push(listener)
      return () => {
        const index = backListeners.lastIndexOf(listener)
        if (index >= 0) backListeners.splice(index, 1)
      }
    },
    emitNativeBack() {
      for (let i = backListeners.length - 1; i >= 0; i--) if (backListeners[i]()) return true
      return false
    },
    call(action, payload = ['']) {
      if (!(BRIDGE_ACTIONS as readonly string[]).includes(action)) {
        console.warn(`[bridge] unknown action ignored: ${String(action)}`)
        return
      }
      if (channel === 'ios') {
        const handler = (win as IosHandlers).webkit?.messageHandlers?.[action]
        if (handler) handler.postMessage(payload)
        else console.warn(`[bridge] the app has no handler for ${action}`)
        return
      }
      if (channel === 'android') {
        const method = (win as AndroidHost).AndroidBridge?.[action]
        if (typeof method === 'function') {
          ;(method as (json: string) => void).call(
            (win as AndroidHost).AndroidBridge,
            JSON.stringify(payload),
          )
        } else console.warn(`[bridge] the app has no handler for ${action}`)
        return
      }
      switch (action) {
        case 'toHome':
          fallback.home()
          return
        case 'closeWebview':
          fallback.back()
          return
        case 'callTelephone':
          fallback.telephone(typeof payload[0] === 'string' ? payload[0] : '')
          return
        default:
          if (isBackgroundAction(action)) {
            console.info(`[bridge] "${action}" runs in the app only; skipped`, payload)
          } else fallback.unsupported(action, payload)
      }
    },
  }
}
