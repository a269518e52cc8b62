import { act, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { preloadToasts, showLoading, showToast } from './ui'

// The toast chunk cannot be fetched (offline after the page loaded).
vi.mock('./toast', () => {
  throw new Error('Failed to fetch dynamically imported module')
})

afterEach(() => {
  vi.useRealTimers()
  document.body.innerHTML = ''
})

test('preloading the toast code that cannot load resolves to null instead of failing', async () => {
  await expect(preloadToasts()).resolves.toBeNull()
})

test('a toast still shows its text when the toast code cannot load, and goes after its time', async () => {
  vi.useFakeTimers()
  act(() => showToast('Network error, please try again'))
  await act(() => vi.advanceTimersByTimeAsync(10))
  expect(screen.getByRole('status')).toHaveTextContent('Network error, please try again')
  await act(() => vi.advanceTimersByTimeAsync(3000))
  expect(screen.queryByRole('status')).toBeNull()
})

test('a newer toast replaces an older one, and a loading toast stays until closed', async () => {
  vi.useFakeTimers()
  let close = () => {}
  act(() => {
    close = showLoading('loading...')
  })
  await act(() => vi.advanceTimersByTimeAsync(10_000))
  expect(screen.getByRole('status')).toHaveTextContent('loading...')
  act(() => showToast('Order not found'))
  await act(() => vi.advanceTimersByTimeAsync(10))
  expect(screen.getAllByRole('status')).toHaveLength(1)
  expect(screen.getByRole('status')).toHaveTextContent('Order not found')
  act(() => close())
  expect(screen.getByRole('status')).toHaveTextContent('Order not found')
})
