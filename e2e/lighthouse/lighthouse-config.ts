import { appPagePaths, publicPaths } from 'deploy/route-pages'
import { STANDALONE_PAGES } from 'deploy/standalone'
import { sampleUrl } from '../perf/common.ts'

/** Where `pnpm lighthouse` serves the build (`pnpm start`, SKIP_BUILD=1): LIGHTHOUSE_PORT, else 4380. */
export const LIGHTHOUSE_PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4380)

/**
 * Runs per page (LIGHTHOUSE_RUNS, default 5): each score asserted is the median of the runs' scores, so a page
 * at 95 does not pass or fail by a run or two of noise on a busy machine (three were too few: ADR 0030).
 */
export const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5)

/** The filesystem upload target: every report and a manifest of their scores (gitignored). */
export const REPORTS_DIR = '.lighthouseci/reports'

/**
 * Every page the release writes (each loaded with the query a borrower's link carries: in-app routes need
 * theirs). `LIGHTHOUSE_ROUTES=/,/complaint` restricts the list.
 */
export function lighthousePaths(): string[] {
  const all = [...appPagePaths(), ...Object.keys(STANDALONE_PAGES)]
  const only = process.env.LIGHTHOUSE_ROUTES?.split(',').map((path) => path.trim())
  return only?.length ? all.filter((path) => only.includes(path)) : all
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The Lighthouse CI configuration (`e2e/lighthouserc.cjs` reads it): LIGHTHOUSE_RUNS of each page with Debian's
 * Chromium, never a downloaded one, and the assertions (#31, item 6) — accessibility 100 and
 * performance ≥ 95 on every page; best practices 100 and SEO 100 on the public pages (the route table's
 * `public`), since an in-app page's `noindex` fails SEO by design.
 */
export function lighthouseConfig(port = LIGHTHOUSE_PORT) {
  const origin = `http://localhost:${port}`
  const publicPattern = `^${escapeRegex(origin)}(${publicPaths().map(escapeRegex).join('|')})(\\?.*)?$`
  return {
    ci: {
      collect: {
        url: lighthousePaths().map((path) => origin + sampleUrl(path)),
        startServerCommand: `PORT=${port} SKIP_BUILD=1 pnpm --filter deploy start`,
        startServerReadyPattern: 'CashLoan is running',
        startServerReadyTimeout: 120_000,
        numberOfRuns: LIGHTHOUSE_RUNS,
        chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        settings: {
          chromeFlags: '--no-sandbox --headless=new --disable-gpu --disable-dev-shm-usage',
        },
      },
      assert: {
        // Each category is asserted on the median of its runs' scores (the table shows the same medians).
        // Not 'median-run': lhci 0.15 passes a category assertion every run's score and, for any method but
        // 'median' and 'pessimistic', takes the best one, so 'median-run' asserted the best of three.
        // lhci refuses an aggregationMethod beside assertMatrix.
        assertMatrix: [
          {
            matchingUrlPattern: '.*',
            aggregationMethod: 'median',
            assertions: {
              'categories:accessibility': ['error', { minScore: 1 }],
              'categories:performance': ['error', { minScore: 0.95 }],
            },
          },
          {
            matchingUrlPattern: publicPattern,
            aggregationMethod: 'median',
            assertions: {
              'categories:best-practices': ['error', { minScore: 1 }],
              'categories:seo': ['error', { minScore: 1 }],
            },
          },
        ],
      },
      upload: { target: 'filesystem', outputDir: REPORTS_DIR },
    },
  }
}
