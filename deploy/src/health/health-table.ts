import { VITALS, type VitalName } from 'shared/health'
import type { EngineHealth, LoadHealth, StoredEngine, VersionHealth, VitalHealth } from './health-db'

/**
 * `pnpm remotes`' field health lines (ADR 0033) and the ops page's table cells (ADR 0047): per remote, its
 * current and previous version side by side over the last hour and the last day (page loads, mount success,
 * fallbacks, error rate, p75 LCP, INP and CLS), each followed by one line per engine its pages named. A vital
 * is the 75th percentile of the loads that reported it, with their count; an engine that cannot report it
 * shows "not reported (<engine>)", never a value.
 */
export const WINDOWS = [
  { label: 'last hour', ms: 3_600_000 },
  { label: 'last day', ms: 86_400_000 },
] as const

export const ENGINE_LABELS: Record<StoredEngine, string> = {
  webkit: 'WebKit',
  chromium: 'Chromium',
  gecko: 'Gecko',
  other: 'other',
  unknown: 'unknown',
}

/** The cells after the version's: what `healthCells` gives, in this order. */
export const HEALTH_COLUMNS = [
  'loads',
  'mounted',
  'fallbacks',
  'errors/load',
  ...VITALS.map((name) => `${name} p75 (loads)`),
]
/** A version no page has loaded in the window. */
export const NO_HEALTH_CELLS = ['0', ...HEALTH_COLUMNS.slice(1).map(() => '-')]

const percent = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : '-')
const millis = (value: number) =>
  value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`

/**
 * A vital's cell: its p75 over the loads that reported it and their count; else, when engines of these loads
 * cannot report it (`cannot`: their labels), "not reported (…)"; else (no load reported it yet) "-".
 */
export function vitalCell(name: VitalName, vital: VitalHealth, cannot: readonly string[]): string {
  if (vital.loads && vital.p75 !== null)
    return `${name === 'CLS' ? vital.p75.toFixed(2) : millis(vital.p75)} (${vital.loads})`
  return cannot.length ? `not reported (${cannot.join(', ')})` : '-'
}

function cells(health: LoadHealth, cannot: (name: VitalName) => string[]): string[] {
  return [
    String(health.loads),
    percent(health.mounted, health.loads),
    String(health.fallbacks),
    percent(health.errors, health.loads),
    ...VITALS.map((name) => vitalCell(name, health.vitals[name], cannot(name))),
  ]
}

/** A version's cells over all its loads: a vital none reported names the engines that cannot report it. */
export function versionCells(version: VersionHealth): string[] {
  return cells(version, (name) =>
    version.engines.filter((e) => e.vitals[name].unreported).map((e) => ENGINE_LABELS[e.engine]),
  )
}

/** One engine's cells for its loads of a version. */
export function engineCells(engine: EngineHealth): string[] {
  return cells(engine, (name) => (engine.vitals[name].unreported ? [ENGINE_LABELS[engine.engine]] : []))
}

const COLUMNS = ['', 'version', ...HEALTH_COLUMNS]
const WIDTHS = [22, 18, 6, 8, 10, 12, 24, 24, 24]

function row(cells: string[]): string {
  return cells
    .map((cell, i) => (i < 2 ? cell.padEnd(WIDTHS[i]) : cell.padStart(WIDTHS[i])))
    .join(' ')
    .trimEnd()
}

/** The lines for one remote; `byWindow` holds `HealthStore.versions(since)` for each of WINDOWS. */
export function healthLines(
  remote: string,
  current: string | null,
  previous: string | null,
  byWindow: readonly (readonly VersionHealth[])[],
  /** What the two rows are called: a running canary's are `control` and `canary` (ADR 0059). */
  names: readonly [string, string] = ['current', 'previous'],
): string[] {
  const lines = [`  ${row(COLUMNS)}`]
  WINDOWS.forEach((window, w) => {
    const versions = byWindow[w] ?? []
    for (const [i, version] of [current, previous].entries()) {
      if (!version) continue
      const v = versions.find((entry) => entry.remote === remote && entry.version === version)
      const label = `${(i === 0 ? window.label : '').padEnd(10)} ${names[i]}`
      lines.push(`  ${row([label, version, ...(v ? versionCells(v) : NO_HEALTH_CELLS)])}`)
      for (const engine of v?.engines ?? [])
        lines.push(`  ${row(['', `  ${ENGINE_LABELS[engine.engine]}`, ...engineCells(engine)])}`)
    }
  })
  return lines
}
