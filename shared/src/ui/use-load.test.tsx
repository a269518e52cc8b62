import { act, renderHook, waitFor } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import type { ApiResult } from '../schema/schema'
import { useLoad } from './use-load'

test('loading, then the data; a failure keeps its message and retry calls again', async () => {
  const load = vi
    .fn<() => Promise<ApiResult<string>>>()
    .mockResolvedValueOnce({ ok: false, message: 'Service is busy', notified: false })
    .mockResolvedValueOnce({ ok: true, data: 'list' })
  const { result } = renderHook(() => useLoad(load))
  expect(result.current.state).toEqual({ status: 'loading' })
  await waitFor(() => expect(result.current.state).toEqual({ status: 'error', message: 'Service is busy' }))
  act(() => result.current.retry())
  expect(result.current.state).toEqual({ status: 'loading' })
  await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 'list' }))
  expect(load).toHaveBeenCalledTimes(2)
})

test('an answer that arrives after the screen is gone is dropped', async () => {
  let answer!: (result: ApiResult<string>) => void
  const load = () => new Promise<ApiResult<string>>((resolve) => (answer = resolve))
  const { result, unmount } = renderHook(() => useLoad(load))
  unmount()
  answer({ ok: true, data: 'late' })
  await Promise.resolve()
  expect(result.current.state).toEqual({ status: 'loading' })
})
