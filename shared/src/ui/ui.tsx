// antd-mobile by component path, never its root: the root module is marked side-effectful, so importing it
// keeps every component's CommonJS dependencies in the first screen's bundle (ADR 0008).
import 'antd-mobile/es/global'
import ConfigProvider from 'antd-mobile/es/components/config-provider'
import enUS from 'antd-mobile/es/locales/en-US'
import zhCN from 'antd-mobile/es/locales/zh-CN'
import type { ReactNode } from 'react'
import type { Locale } from '../contract/contract'

export function UiProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <ConfigProvider locale={locale === 'zh' ? zhCN : enUS}>{children}</ConfigProvider>
}

export * from './toasts'
export { copyAndTell, type CopyMessages } from './copy-text'
export { useAfterFirstFrame } from './first-render'
export { ModalBox, useModalFocus } from './modal-focus'
export { ViewerDialog } from './viewer-dialog'
export { ServerImage, showablePicture, usePageOrigin } from './server-image'
