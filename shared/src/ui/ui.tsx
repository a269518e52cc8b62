import { ConfigProvider, Toast, unstableSetRender } from 'antd-mobile'
import enUS from 'antd-mobile/es/locales/en-US'
import zhCN from 'antd-mobile/es/locales/zh-CN'
import type { ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import './ui.css'
import type { Locale } from '../contract/contract'
import type { LoadingText, Notifier } from '../http/http'

export const TOAST_DEFAULT_MS = 3000
export const TOAST_INFO_MS = 2000
/** A custom toast duration must exceed this, else the default applies. */
export const TOAST_MIN_MS = 300

type Container = (Element | DocumentFragment) & { __loanRoot?: Root }

/**
 * antd-mobile 5 renders toasts and dialogs with ReactDOM.render, which React 19 removed; each bundle
 * that uses antd-mobile calls this once with its own react-dom (calling again is harmless).
 */
export function setupUi(): void {
  unstableSetRender((node, container: Container) => {
    container.__loanRoot ??= createRoot(container)
    const root = container.__loanRoot
    root.render(node)
    return async () => {
      // Unmounting synchronously inside a render pass warns in React 19.
      await new Promise((resolve) => setTimeout(resolve, 0))
      root.unmount()
      delete container.__loanRoot
    }
  })
}

export function UiProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <ConfigProvider locale={locale === 'zh' ? zhCN : enUS}>{children}</ConfigProvider>
}

/**
 * Which show call owns antd-mobile's single toast. antd-mobile keeps one global toast with one shared handle,
 * so a loading toast's close must not close a newer toast shown over it (this mirrors that global state).
 */
let toastOwner: object | null = null

/** Default toast: 3 s; a custom duration applies only above 300 ms. */
export function showToast(content: ReactNode, durationMs?: number): void {
  toastOwner = {}
  const duration = durationMs !== undefined && durationMs > TOAST_MIN_MS ? durationMs : TOAST_DEFAULT_MS
  Toast.show({ content, duration })
}

/** Info toasts last 2 s. */
export function showInfo(content: ReactNode): void {
  toastOwner = {}
  Toast.show({ content, duration: TOAST_INFO_MS })
}

/** A loading toast that stays until closed; returns the close function. */
export function showLoading(text: LoadingText): () => void {
  const owner = {}
  toastOwner = owner
  const handler = Toast.show({ icon: 'loading', content: text, duration: 0, maskClickable: false })
  return () => {
    if (toastOwner !== owner) return
    toastOwner = null
    handler.close()
  }
}

/** The notifier the request helper uses. */
export const toastNotifier: Notifier = {
  loading: showLoading,
  error: (message) => showToast(message),
}
