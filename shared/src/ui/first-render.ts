import { useSyncExternalStore } from 'react'

const nothingChanges = () => () => undefined

/**
 * `value` once the screen is on the page, `firstFrame` in its first render: what a route's first frame (ADR
 * 0018) paints, rendered where no borrower's query is known, and what the borrower's own render hydrates.
 * For a detail only the address bar holds, such as the parameters a link carries: React re-renders with
 * `value` right after hydrating, and a screen rendered afresh gets `value` at once.
 */
export function useAfterFirstFrame<T>(value: T, firstFrame: T): T {
  return useSyncExternalStore(
    nothingChanges,
    () => value,
    () => firstFrame,
  )
}
