import type { VersionHealth } from './health-db'

/**
 * `pnpm remotes`' field health lines (ADR 0033): per remote, its current and previous version side by side
 * over the last hour and the last day: page loads, mount success, fallbacks, error rate, p75 LCP and INP.
 */
export const WINDOWS = [
  { label: 'last hour', ms: 3_600_000 },
  { label: 'last day', ms: 86_400_000 },
] as const

const percent = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : '-')
const millis = (value: number | null) =>
  value === null ? '-' : value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`

const COLUMNS = ['', 'version', 'loads', 'mounted', 'fallbacks', 'errors/load', 'LCP p75', 'INP p75']
const WIDTHS = [22, 18, 6, 8, 10, 12, 8, 8]

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
): string[] {
  const lines = [`  ${row(COLUMNS)}`]
  WINDOWS.forEach((window, w) => {
    const versions = byWindow[w] ?? []
    for (const [which, version] of [
      ['current', current],
      ['previous', previous],
    ] as const) {
      if (!version) continue
      const v = versions.find((entry) => entry.remote === remote && entry.version === version)
      lines.push(
        `  ${row([
          `${(which === 'current' ? window.label : '').padEnd(10)} ${which}`,
          version,
          String(v?.loads ?? 0),
          v ? percent(v.mounted, v.loads) : '-',
          v ? String(v.fallbacks) : '-',
          v ? percent(v.errors, v.loads) : '-',
          millis(v?.lcpP75 ?? null),
          millis(v?.inpP75 ?? null),
        ])}`,
      )
    }
  })
  return lines
}
