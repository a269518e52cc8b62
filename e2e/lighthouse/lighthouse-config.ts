import { appPagePaths, publicPaths } from 'deploy/route-pages'
import { STANDALONE_PAGES } from 'deploy/standalone'
import { sampleUrl } from '../perf/common.ts'

/** Where `pnpm lighthouse` serves the build (`pnpm start`, SKIP_BUILD=1): LIGHTHOUSE_PORT, else 4380. */
export const LIGHTHOUSE_PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4380)

/**
 * Which check: `gate` (`pnpm lighthouse`, in `pnpm test` and so in CI) asserts the categories a run decides
 * alike on any machine, on one run a page; `release` (`pnpm lighthouse:release`, in `pnpm test:release`) adds
 * performance, judged on the median of five runs (ADR 0043). LIGHTHOUSE_CHECK, else `gate`.
 */
export type LighthouseCheck = 'gate' | 'release'

export const lighthouseCheck = (): LighthouseCheck =>
  process.env.LIGHTHOUSE_CHECK === 'release' ? 'release' : 'gate'

/**
 * Runs per page (LIGHTHOUSE_RUNS, else 1 for the gate and 5 for the release check): each score asserted is the
 * median of the runs' scores, so a page at 95 does not pass or fail by a run or two of noise (ADR 0030).
 */
export const lighthouseRuns = (check: LighthouseCheck) =>
  Number(process.env.LIGHTHOUSE_RUNS ?? (check === 'release' ? 5 : 1))

/**
 * How many pages are collected at once (LIGHTHOUSE_PARALLEL, else 3 for the gate and 1 for the release check;
 * ADR 0053). One Lighthouse run keeps this machine's two cores 40 % busy (it mostly waits for the page to go
 * quiet), three 83 %; the gate's categories read the page's DOM, not its timing. Performance is timed, so the
 * release check runs its pages one at a time.
 */
export const lighthouseParallel = (check: LighthouseCheck) =>
  Math.max(1, Number(process.env.LIGHTHOUSE_PARALLEL ?? (check === 'release' ? 1 : 3)))

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number]

/** What a check collects: the gate every category but performance, the release check all four. */
export const lighthouseCategories = (check: LighthouseCheck): LighthouseCategory[] =>
  LIGHTHOUSE_CATEGORIES.filter((category) => check === 'release' || category !== 'performance')

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
 * The Lighthouse CI configuration (`e2e/lighthouserc.cjs` reads it): each page with Debian's Chromium, never a
 * downloaded one, and #31's assertions (item 6) — accessibility 100 on every page, best practices 100 and SEO
 * 100 on the public pages (the route table's `public`: an in-app page's `noindex` fails SEO by design) and,
 * in the release check only, performance ≥ 95 on every page.
 */
export function lighthouseConfig(port = LIGHTHOUSE_PORT, check: LighthouseCheck = lighthouseCheck()) {
  const origin = `http://localhost:${port}`
  const publicPattern = `^${escapeRegex(origin)}(${publicPaths().map(escapeRegex).join('|')})(\\?.*)?$`
  return {
    ci: {
      collect: {
        // Served by `pnpm lighthouse` itself (SKIP_BUILD=1 pnpm --filter deploy start on LIGHTHOUSE_PORT, the
        // default `port`), once for every collector it runs side by side.
        url: lighthousePaths().map((path) => origin + sampleUrl(path)),
        numberOfRuns: lighthouseRuns(check),
        chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        settings: {
          chromeFlags: '--no-sandbox --headless=new --disable-gpu --disable-dev-shm-usage',
          // The gate does not compute what it does not judge: performance's audits and their page trace are
          // about half of a page's Lighthouse time (ADR 0050).
          onlyCategories: lighthouseCategories(check),
          // The picture of the whole page only illustrates the HTML report's elements: a second a page.
          disableFullPageScreenshot: check === 'gate',
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
              ...(check === 'release' && { 'categories:performance': ['error', { minScore: 0.95 }] }),
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
