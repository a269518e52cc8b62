import { publicPaths } from 'deploy/route-pages'
import { median } from '../perf/metrics.ts'

/** An entry of the filesystem upload's manifest.json. */
export interface ManifestEntry {
  url: string
  isRepresentativeRun: boolean
  jsonPath: string
  summary: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>
}

const score = (value: number) => String(Math.round(value * 100))
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

/**
 * The report's table: per page, the median over its runs of each of the four scores (what the assertions
 * judge, `aggregationMethod: 'median'`), FCP and LCP, in the order lhci ran the pages.
 */
export function scoreTable(entries: readonly ManifestEntry[], readReport: (path: string) => string): string {
  const publicOnes = new Set(publicPaths())
  const byUrl = new Map<string, ManifestEntry[]>()
  for (const entry of entries) byUrl.set(entry.url, [...(byUrl.get(entry.url) ?? []), entry])
  const rows = [...byUrl.entries()].map(([address, runs]) => {
    const url = new URL(address)
    const audits = runs.map(
      (run) =>
        (JSON.parse(readReport(run.jsonPath)) as { audits: Record<string, { numericValue?: number }> })
          .audits,
    )
    const timing = (audit: string) => median(audits.map((a) => a[audit]?.numericValue ?? Number.NaN))
    return [
      `\`${url.pathname}\`${publicOnes.has(url.pathname) ? ' (public)' : ''}`,
      ...CATEGORIES.map((category) => score(median(runs.map((run) => run.summary[category])))),
      seconds(timing('first-contentful-paint')),
      seconds(timing('largest-contentful-paint')),
    ]
  })
  const head = ['route', 'perf', 'a11y', 'best practices', 'SEO', 'FCP', 'LCP']
  return [head, head.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n')
}
