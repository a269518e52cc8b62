import { useCallback, useEffect, useState } from 'react'
import type { ApiResult } from '../schema/schema'

export type LoadState<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T }

/**
 * Runs a screen's load call and keeps its state; `retry` calls it again. Wrap `load` in `useCallback`
 * with the inputs it uses: a new function means a new call.
 */
export function useLoad<T>(load: () => Promise<ApiResult<T>>): { state: LoadState<T>; retry: () => void } {
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' })

  useEffect(() => {
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
    setState({ status: 'loading' })
    setAttempt((n) => n + 1)
  }, [])

  return { state, retry }
}
