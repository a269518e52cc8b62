import type { LoadingText, Notifier } from '../http/http'
import type * as Ui from './ui'

type UiModule = typeof Ui

export interface LazyToasts {
  notifier: Notifier
  info(text: string): void
  /** Starts loading the toast code (call once the first screen is up). */
  preload(): void
}

/**
 * Toasts for a host that renders no antd-mobile component itself (the shell): antd-mobile's toast code is
 * loaded on first use (or on `preload`), so it is not part of the host's first paint.
 */
export function createLazyToasts(load: () => Promise<UiModule> = () => import('./ui')): LazyToasts {
  let ui: Promise<UiModule> | null = null
  const get = () =>
    (ui ??= load().then((module) => {
      module.setupUi()
      return module
    }))
  return {
    notifier: {
      loading(text: LoadingText) {
        let closed = false
        let close: (() => void) | null = null
        void get().then((module) => {
          if (!closed) close = module.showLoading(text)
        })
        return () => {
          closed = true
          close?.()
        }
      },
      error(message) {
        void get().then((module) => module.showToast(message))
      },
    },
    info(text) {
      void get().then((module) => module.showInfo(text))
    },
    preload() {
      void get()
    },
  }
}
