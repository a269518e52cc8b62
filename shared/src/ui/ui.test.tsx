import { act, render, screen } from '@testing-library/react'
import ErrorBlock from 'antd-mobile/es/components/error-block'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { clearToasts, showInfo, showLoading, showToast, toastNotifier, UiProvider } from './ui'

/** How long antd-mobile's close animation may take after a toast's time is up. */
const CLOSE_ANIMATION_MS = 600
/** Just before a toast's time is up. */
const EARLY_MS = 50

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })

  afterEach(async () => {
    act(() => clearToasts())
    for (let t = 0; t < CLOSE_ANIMATION_MS; t += 20) await act(() => vi.advanceTimersByTimeAsync(20))
    vi.useRealTimers()
  })

  /**
   * Advances fake time to `until` ms after the toast was shown, in small steps so React renders between
   * timers (the close animation starts only after the close has rendered).
   */
  function clock() {
    let elapsed = 0
    return async (until: number) => {
      while (elapsed < until) {
        const step = Math.min(20, until - elapsed)
        await act(() => vi.advanceTimersByTimeAsync(step))
        elapsed += step
      }
    }
  }

  const shown = (text: string) => screen.queryByText(text) !== null

  test('a toast shows its text in the page and lasts 3 s by default', async () => {
    const at = clock()
    act(() => showToast('Order not found'))
    await at(100)
    expect(shown('Order not found')).toBe(true)
    expect(document.body).toHaveTextContent('Order not found')
    await at(3000 - EARLY_MS)
    expect(shown('Order not found')).toBe(true)
    await at(3000 + CLOSE_ANIMATION_MS)
    expect(shown('Order not found')).toBe(false)
  })

  test('a custom duration above 300 ms applies', async () => {
    const at = clock()
    act(() => showToast('Saved', 1000))
    await at(1000 - EARLY_MS)
    expect(shown('Saved')).toBe(true)
    await at(1000 + CLOSE_ANIMATION_MS)
    expect(shown('Saved')).toBe(false)
  })

  test('a custom duration just above 300 ms applies', async () => {
    const at = clock()
    act(() => showToast('Quick', 400))
    await at(400 - EARLY_MS)
    expect(shown('Quick')).toBe(true)
    await at(400 + CLOSE_ANIMATION_MS)
    expect(shown('Quick')).toBe(false)
  })

  test.each([300, 100, 0, -5])('a duration of %i ms falls back to 3 s', async (duration) => {
    const at = clock()
    act(() => showToast('Try again', duration))
    // Well after the requested duration would have closed it.
    await at(Math.max(duration, 0) + CLOSE_ANIMATION_MS + 100)
    expect(shown('Try again')).toBe(true)
    await at(3000 - EARLY_MS)
    expect(shown('Try again')).toBe(true)
    await at(3000 + CLOSE_ANIMATION_MS)
    expect(shown('Try again')).toBe(false)
  })

  test('an info toast lasts 2 s', async () => {
    const at = clock()
    act(() => showInfo('Please open this page in the app.'))
    await at(2000 - EARLY_MS)
    expect(shown('Please open this page in the app.')).toBe(true)
    await at(2000 + CLOSE_ANIMATION_MS)
    expect(shown('Please open this page in the app.')).toBe(false)
  })

  test('a loading toast stays until it is closed', async () => {
    const at = clock()
    let close = () => {}
    act(() => {
      close = showLoading('uploading...')
    })
    await at(10_000)
    expect(shown('uploading...')).toBe(true)
    act(() => {
      close()
    })
    await at(10_000 + CLOSE_ANIMATION_MS)
    expect(shown('uploading...')).toBe(false)
  })

  test('the request helper notifier shows loading text and error messages as toasts', async () => {
    const at = clock()
    let close = () => {}
    act(() => {
      close = toastNotifier.loading('saving...')
    })
    await at(100)
    expect(shown('saving...')).toBe(true)
    act(() => {
      close()
    })
    act(() => toastNotifier.error('Card number is invalid'))
    await at(2000)
    expect(shown('saving...')).toBe(false)
    expect(shown('Card number is invalid')).toBe(true)
    await at(3000 + CLOSE_ANIMATION_MS)
    expect(shown('Card number is invalid')).toBe(false)
  })
  // so the close function of an earlier loading toast closes whatever toast is showing by then. With two
  // calls in flight, one call's failure message vanishes the moment the other call's loading toast closes.
  test('closing an earlier loading toast does not close a message shown after it', async () => {
    const at = clock()
    let close = () => {}
    act(() => {
      close = toastNotifier.loading('loading...')
    })
    await at(100)
    act(() => toastNotifier.error('Order not found'))
    await at(200)
    expect(shown('Order not found')).toBe(true)
    act(() => {
      close()
    })
    await at(200 + CLOSE_ANIMATION_MS)
    expect(shown('Order not found')).toBe(true)
  })

  // Same cause as above: a later call's loading toast disappears while that call is still running.
  test('closing an earlier loading toast keeps a later loading toast open', async () => {
    const at = clock()
    let closeFirst = () => {}
    act(() => {
      closeFirst = showLoading('loading...')
    })
    await at(100)
    act(() => {
      showLoading('saving...')
    })
    await at(200)
    act(() => {
      closeFirst()
    })
    await at(200 + CLOSE_ANIMATION_MS)
    expect(shown('saving...')).toBe(true)
  })
})

test('UiProvider renders antd-mobile texts in English for en', () => {
  render(
    <UiProvider locale="en">
      <ErrorBlock status="default" />
    </UiProvider>,
  )
  expect(screen.getByText('Oops, something went wrong')).toBeInTheDocument()
  expect(screen.queryByText('页面遇到一些小问题')).not.toBeInTheDocument()
})

test('UiProvider renders antd-mobile texts in Chinese for zh', () => {
  render(
    <UiProvider locale="zh">
      <ErrorBlock status="default" />
    </UiProvider>,
  )
  expect(screen.getByText('页面遇到一些小问题')).toBeInTheDocument()
  expect(screen.queryByText('Oops, something went wrong')).not.toBeInTheDocument()
})
