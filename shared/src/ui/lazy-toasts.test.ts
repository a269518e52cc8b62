import { expect, test, vi } from 'vitest'
import { createLazyToasts } from './lazy-toasts'

import type * as Ui from './ui'

type UiModule = typeof Ui

function fakeUi() {
  const calls: string[] = []
  const close = vi.fn()
  const module = {
    setupUi: vi.fn(() => calls.push('setup')),
    showToast: vi.fn((text: string) => calls.push(`toast:${text}`)),
    showInfo: vi.fn((text: string) => calls.push(`info:${text}`)),
    showLoading: vi.fn((text: string) => {
      calls.push(`loading:${text}`)
      return close
    }),
  } as unknown as UiModule
  return { module, calls, close }
}

test('nothing is loaded until a toast is needed; then the UI is set up once', async () => {
  const ui = fakeUi()
  const load = vi.fn(async () => ui.module)
  const toasts = createLazyToasts(load)
  expect(load).not.toHaveBeenCalled()
  toasts.notifier.error('Network error')
  toasts.info('Please open this page in the app.')
  await vi.waitFor(() => expect(ui.calls).toHaveLength(3))
  expect(load).toHaveBeenCalledTimes(1)
  expect(ui.calls).toEqual(['setup', 'toast:Network error', 'info:Please open this page in the app.'])
})

test('a loading toast closed before the code arrived never shows', async () => {
  const ui = fakeUi()
  const toasts = createLazyToasts(async () => ui.module)
  const close = toasts.notifier.loading('saving...')
  close()
  toasts.preload()
  await vi.waitFor(() => expect(ui.module.setupUi).toHaveBeenCalled())
  await Promise.resolve()
  expect(ui.module.showLoading).not.toHaveBeenCalled()
})

test('a loading toast shown once loaded is closed by its close function', async () => {
  const ui = fakeUi()
  const toasts = createLazyToasts(async () => ui.module)
  const close = toasts.notifier.loading('uploading...')
  await vi.waitFor(() => expect(ui.module.showLoading).toHaveBeenCalledWith('uploading...'))
  close()
  expect(ui.close).toHaveBeenCalledTimes(1)
})
