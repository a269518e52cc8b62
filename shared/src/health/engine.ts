import { ENGINE_MAJOR_MAX, VITALS, type ReportEngine, type VitalName } from './report'

/**
 * The page's engine for its health reports (ADR 0047), in the reporter's lazy chunk. The class and major
 * version come from the user agent, read as little as needed: every iOS browser and web view is WebKit (an iOS
 * web view carries `iPhone OS 15_4` and no `Version/`), Chromium's builds (Chrome, Android WebView, Samsung
 * Internet, Edge) carry `Chrome/<major>`, Firefox `Firefox/<major>`, Safari and other WebKit browsers
 * `Version/<major>`. Which vitals the engine cannot report is the browser's own answer, never a table.
 */
export function engineOf(userAgent: string): Pick<ReportEngine, 'name' | 'major'> {
  const ios = /\b(?:iPhone|CPU) OS (\d+)_/.exec(userAgent)
  const found: [ReportEngine['name'], RegExpExecArray | null] = ios
    ? ['webkit', /Version\/(\d+)/.exec(userAgent) || ios]
    : /Firefox\/\d/.test(userAgent)
      ? ['gecko', /Firefox\/(\d+)/.exec(userAgent)]
      : /Chrome\/\d/.test(userAgent)
        ? ['chromium', /Chrome\/(\d+)/.exec(userAgent)]
        : /AppleWebKit\//.test(userAgent)
          ? ['webkit', /Version\/(\d+)/.exec(userAgent)]
          : ['other', null]
  return { name: found[0], major: Math.min(Number(found[1]?.[1] || 0), ENGINE_MAJOR_MAX) }
}

/** The entry type each vital is measured from (Web Vitals' own observers). */
const ENTRY_TYPES: Record<VitalName, string> = {
  LCP: 'largest-contentful-paint',
  INP: 'event',
  CLS: 'layout-shift',
}

/**
 * The vitals this browser cannot report: those whose entry type it does not support, and INP without
 * interaction ids, which Web Vitals needs to measure it.
 */
export function unreportedVitals(win: Window): VitalName[] {
  const scope = win as Window & {
    PerformanceObserver?: { supportedEntryTypes?: readonly string[] }
    PerformanceEventTiming?: { prototype: object }
  }
  const types = scope.PerformanceObserver?.supportedEntryTypes || []
  const timing = scope.PerformanceEventTiming
  return VITALS.filter(
    (name) =>
      types.indexOf(ENTRY_TYPES[name]) < 0 ||
      (name === 'INP' && !(timing && 'interactionId' in timing.prototype)),
  )
}
