import { createRequire } from 'node:module'
import { expect, test } from '@playwright/test'
import { publicPaths } from 'deploy/route-pages'
import { lighthouseConfig, lighthousePaths, REPORTS_DIR } from '../lighthouse/lighthouse-config.ts'
import { scoreTable } from '../lighthouse/score-table.ts'

/** `pnpm lighthouse`'s own logic (e2e/lighthouse, #31 item 6): which pages, which assertions, its table. */

const config = lighthouseConfig(4999).ci

/** The assertions lhci applies to `url`: those of every matrix entry whose pattern matches it. */
const assertionsFor = (url: string) =>
  Object.assign(
    {},
    ...config.assert.assertMatrix
      .filter((entry) => new RegExp(entry.matchingUrlPattern).test(url))
      .map((entry) => entry.assertions),
  ) as Record<string, [string, { minScore: number }]>

test('every page of the release is measured, in-app routes with their query, in Debian’s Chromium', () => {
  const urls = config.collect.url
  expect(urls).toHaveLength(lighthousePaths().length)
  expect(urls.map((url) => new URL(url).pathname)).toEqual(lighthousePaths())
  expect(lighthousePaths()).toEqual(expect.arrayContaining(['/', '/loanDetails', '/standalone/promotion']))
  expect(urls).toContain('http://localhost:4999/loanDetails?productId=1&orderId=86')
  expect(config.collect.chromePath).toBe('/usr/bin/chromium')
  expect(config.collect.settings.chromeFlags).toContain('--headless=new')
  expect(config.collect.startServerCommand).toBe('PORT=4999 SKIP_BUILD=1 pnpm --filter deploy start')
  expect(config.upload).toEqual({ target: 'filesystem', outputDir: REPORTS_DIR })
})

test('accessibility 100 and performance ≥ 95 everywhere; best practices and SEO 100 on public pages only', () => {
  const everywhere = {
    'categories:accessibility': ['error', { minScore: 1 }],
    'categories:performance': ['error', { minScore: 0.95 }],
  }
  const publicOnly = {
    'categories:best-practices': ['error', { minScore: 1 }],
    'categories:seo': ['error', { minScore: 1 }],
  }
  for (const url of config.collect.url) {
    const path = new URL(url).pathname
    const expected = publicPaths().includes(path) ? { ...everywhere, ...publicOnly } : everywhere
    expect(assertionsFor(url), url).toEqual(expected)
  }
  // Each asserted score is the median run's (lhci's default would take the best of the runs).
  for (const entry of config.assert.assertMatrix) expect(entry.aggregationMethod).toBe('median-run')
  expect(config.collect.numberOfRuns).toBe(3)
  // A path that only begins like a public one is not public.
  expect(assertionsFor('http://localhost:4999/aboutUsX')).toEqual(everywhere)
})

test('the repo’s lighthouserc is this configuration', () => {
  const rc = createRequire(import.meta.url)('../lighthouserc.cjs') as ReturnType<typeof lighthouseConfig>
  expect(rc).toEqual(lighthouseConfig())
})

test("the table: each page's representative run, its four scores, FCP and LCP", () => {
  const reports: Record<string, string> = {
    'a.json': JSON.stringify({
      audits: {
        'first-contentful-paint': { numericValue: 812 },
        'largest-contentful-paint': { numericValue: 2349 },
      },
    }),
    'b.json': JSON.stringify({
      audits: {
        'first-contentful-paint': { numericValue: 1000 },
        'largest-contentful-paint': { numericValue: 1000 },
      },
    }),
  }
  const summary = { performance: 0.964, accessibility: 1, 'best-practices': 0.96, seo: 0.91 }
  const table = scoreTable(
    [
      { url: 'http://localhost:1/aboutUs', isRepresentativeRun: true, jsonPath: 'a.json', summary },
      { url: 'http://localhost:1/aboutUs', isRepresentativeRun: false, jsonPath: 'b.json', summary },
      {
        url: 'http://localhost:1/repay?orderId=86',
        isRepresentativeRun: true,
        jsonPath: 'a.json',
        summary: { ...summary, seo: 0.54 },
      },
    ],
    (path) => reports[path],
  )
  expect(table.split('\n')).toEqual([
    '| route | perf | a11y | best practices | SEO | FCP | LCP |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    '| `/aboutUs` (public) | 96 | 100 | 96 | 91 | 0.8 s | 2.3 s |',
    '| `/repay` | 96 | 100 | 96 | 54 | 0.8 s | 2.3 s |',
  ])
})
