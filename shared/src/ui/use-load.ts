import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from 'react'
import type { ApiResult } from '../schema/schema'

export type LoadState<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T }

const LOADING = { status: 'loading' } as const

/**
 * The loads of a screen rendered with the borrower's data (a render per request, ADR 0054), each by its
 * `useLoad`'s `useId` (the same on the server and in the hydrating browser, which render the same tree).
 *
 * - On the server, a first render `start`s every load it reaches (the request helper answers from the calls
 *   the service already made); a second render `take`s their data.
 * - In the browser, the page's rendered loads are `take`n by the hydrating screen: it renders the data the
 *   server did, and does not call again.
 */
export interface RenderedLoads {
  /** The state a `useLoad` renders first, or undefined when this render has none for it. */
  take(id: string): LoadState<unknown> | undefined
  /** Server only: a load the first render reached. */
  start?(id: string, load: () => Promise<ApiResult<unknown>>): void
}

export const RenderedLoadsContext = createContext<RenderedLoads | null>(null)

/**
 * Runs a screen's load call and keeps its state; `retry` calls it again. Wrap `load` in `useCallback`
 * with the inputs it uses: a new function means a new call. Under `RenderedLoadsContext`, the first state
 * may be the data a server rendered: then that `load` is not called again (a retry or new inputs are).
 */
export function useLoad<T>(load: () => Promise<ApiResult<T>>): { state: LoadState<T>; retry: () => void } {
  const id = useId()
  const rendered = useContext(RenderedLoadsContext)
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<LoadState<T>>(() => {
    const taken = rendered?.take(id) as LoadState<T> | undefined
    if (taken) return taken
    rendered?.start?.(id, load)
    return LOADING
  })
  // The load whose answer the first state already is: its first run is not sent again (even when React runs
  // the effect twice, as StrictMode does).
  const answered = useRef<(() => Promise<ApiResult<T>>) | null>(state.status === 'loading' ? null : load)

  useEffect(() => {
    if (attempt === 0 && load === answered.current) return
    answered.current = null
    let live = true
    void load().then((result) => {
      if (!live) return
      setState(
        result.ok ? { status: 'ready', data: result.data } : { status: 'error', message: result.message },
      )
    })
    return () => {
      live = false
    }
  }, [load, attempt])

  const retry = useCallback(() => {
    setState(LOADING)
    setAttempt((n) => n + 1)
  }, [])

  return { state, retry }
}
