import { publicPaths } from 'deploy/route-pages'

/** An entry of the filesystem upload's manifest.json. */
export interface ManifestEntry {
  url: string
  isRepresentativeRun: boolean
  jsonPath: string
  summary: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>
}

const score = (value: number) => String(Math.round(value * 100))
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** The report's table: each page's representative run, its four scores, FCP and LCP. */
export function scoreTable(entries: readonly ManifestEntry[], readReport: (path: string) => string): string {
  const publicOnes = new Set(publicPaths())
  const rows = entries
    .filter((entry) => entry.isRepresentativeRun)
    .map((entry) => {
      const url = new URL(entry.url)
      const lhr = JSON.parse(readReport(entry.jsonPath)) as {
        audits: Record<string, { numericValue?: number }>
      }
      const fcp = lhr.audits['first-contentful-paint']?.numericValue ?? NaN
      const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN
      const s = entry.summary
      return [
        `\`${url.pathname}\`${publicOnes.has(url.pathname) ? ' (public)' : ''}`,
        score(s.performance),
        score(s.accessibility),
        score(s['best-practices']),
        score(s.seo),
        seconds(fcp),
        seconds(lcp),
      ]
    })
  const head = ['route', 'perf', 'a11y', 'best practices', 'SEO', 'FCP', 'LCP']
  return [head, head.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n')
}
