import { useCallback, useEffect, useRef } from 'react'

/**
 * How long after a tap's action ends a tap still counts as the same one: a double tap's second tap can come
 * after a quick answer, or while a navigation the first one started is still replacing the page.
 */
export const DOUBLE_TAP_MS = 600

/**
 * One tap, one thing: `tap(action)` runs `action` unless the last one is still running or ended less than
 * `DOUBLE_TAP_MS` ago, so a double tap pushes one history entry, sends one event, opens one page. One guard per
 * page: the page's ways out are alternatives, never two at once.
 */
export function useOneTap(): (action: () => unknown) => Promise<void> {
  const busy = useRef(false)
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])
  return useCallback(async (action: () => unknown) => {
    if (busy.current) return
    busy.current = true
    try {
      await action()
    } finally {
      timer.current = window.setTimeout(() => {
        busy.current = false
      }, DOUBLE_TAP_MS)
    }
  }, [])
}
