import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { expect, test, vi } from 'vitest'
import type { ApiResult } from '../schema/schema'
import { RenderedLoadsContext, useLoad, type LoadState, type RenderedLoads } from './use-load'

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

/** A page's rendered loads (ADR 0054) for `renderHook`: every `useLoad` under it takes `state`. */
function renderedAs(state: LoadState<unknown> | undefined, started: string[] = []) {
  const loads: RenderedLoads = {
    take: () => state,
    start: (id) => void started.push(id),
  }
  return ({ children }: { children: ReactNode }) => (
    <RenderedLoadsContext.Provider value={loads}>{children}</RenderedLoadsContext.Provider>
  )
}

test('data a server rendered is the first state, and its load is not called again; Try again is', async () => {
  const load = vi.fn<() => Promise<ApiResult<string>>>().mockResolvedValue({ ok: true, data: 'fresh' })
  const { result } = renderHook(() => useLoad(load), {
    wrapper: renderedAs({ status: 'ready', data: 'rendered' }),
    reactStrictMode: true,
  })
  expect(result.current.state).toEqual({ status: 'ready', data: 'rendered' })
  await act(() => Promise.resolve())
  expect(load).not.toHaveBeenCalled()
  act(() => result.current.retry())
  await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 'fresh' }))
  expect(load).toHaveBeenCalledTimes(1)
})

test('new inputs after rendered data are loaded', async () => {
  const first = vi.fn<() => Promise<ApiResult<string>>>().mockResolvedValue({ ok: true, data: 'a' })
  const second = vi.fn<() => Promise<ApiResult<string>>>().mockResolvedValue({ ok: true, data: 'b' })
  const { result, rerender } = renderHook(({ load }) => useLoad(load), {
    initialProps: { load: first },
    wrapper: renderedAs({ status: 'ready', data: 'rendered' }),
  })
  rerender({ load: second })
  await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 'b' }))
  expect(first).not.toHaveBeenCalled()
})

test('a render with nothing to take starts each load by its id (the server) and shows loading', () => {
  const started: string[] = []
  const load = vi.fn<() => Promise<ApiResult<string>>>(() => new Promise(() => undefined))
  const { result } = renderHook(() => [useLoad(load), useLoad(load)], {
    wrapper: renderedAs(undefined, started),
  })
  expect(result.current.map((loaded) => loaded.state)).toEqual([{ status: 'loading' }, { status: 'loading' }])
  expect(started).toHaveLength(2)
  expect(new Set(started).size).toBe(2)
})
