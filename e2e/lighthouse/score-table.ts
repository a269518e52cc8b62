import { publicPaths } from 'deploy/route-pages'
import { median } from '../perf/metrics.ts'
import { lighthouseCategories, type LighthouseCategory, type LighthouseCheck } from './lighthouse-config.ts'

/** An entry of the filesystem upload's manifest.json. */
export interface ManifestEntry {
  url: string
  isRepresentativeRun: boolean
  jsonPath: string
  summary: Partial<Record<LighthouseCategory, number>>
}

const score = (value: number) => String(Math.round(value * 100))
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

const HEADS: Record<LighthouseCategory, string> = {
  performance: 'perf',
  accessibility: 'a11y',
  'best-practices': 'best practices',
  seo: 'SEO',
}

/**
 * The report's table: per page, the median over its runs of each score the check collected (what the
 * assertions judge, `aggregationMethod: 'median'`), and with performance FCP and LCP, in the order lhci ran
 * the pages.
 */
export function scoreTable(
  entries: readonly ManifestEntry[],
  readReport: (path: string) => string,
  check: LighthouseCheck = 'release',
): string {
  const categories = lighthouseCategories(check)
  const timed = categories.includes('performance')
  const publicOnes = new Set(publicPaths())
  const byUrl = new Map<string, ManifestEntry[]>()
  for (const entry of entries) byUrl.set(entry.url, [...(byUrl.get(entry.url) ?? []), entry])
  const rows = [...byUrl.entries()].map(([address, runs]) => {
    const url = new URL(address)
    const scores = categories.map((category) =>
      score(median(runs.map((run) => run.summary[category] ?? Number.NaN))),
    )
    if (!timed) return [`\`${url.pathname}\`${publicOnes.has(url.pathname) ? ' (public)' : ''}`, ...scores]
    const audits = runs.map(
      (run) =>
        (JSON.parse(readReport(run.jsonPath)) as { audits: Record<string, { numericValue?: number }> })
          .audits,
    )
    const timing = (audit: string) => median(audits.map((a) => a[audit]?.numericValue ?? Number.NaN))
    return [
      `\`${url.pathname}\`${publicOnes.has(url.pathname) ? ' (public)' : ''}`,
      ...scores,
      seconds(timing('first-contentful-paint')),
      seconds(timing('largest-contentful-paint')),
    ]
  })
  const head = ['route', ...categories.map((category) => HEADS[category]), ...(timed ? ['FCP', 'LCP'] : [])]
  return [head, head.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n')
}
