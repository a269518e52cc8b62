import { useCallback, useEffect, useState } from 'react'

/** The spec's resend wait: 60 s in 1 s steps. */
export const SMS_COUNTDOWN_SECONDS = 60
const TICK_MS = 1000

/** Seconds left of a countdown (0: not counting); `start` begins one from `seconds`. */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [remaining, setRemaining] = useState(0)
  const counting = remaining > 0
  useEffect(() => {
    if (!counting) return
    const timer = window.setInterval(() => setRemaining((left) => Math.max(left - 1, 0)), TICK_MS)
    return () => window.clearInterval(timer)
  }, [counting])
  const start = useCallback((seconds: number) => setRemaining(seconds), [])
  return { remaining, start }
}
