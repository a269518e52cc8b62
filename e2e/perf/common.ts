import { spawn } from 'node:child_process'
import { createHash, X509Certificate } from 'node:crypto'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { REMOTE_ROUTES, TEST_PREVIEW_PATH, type RemoteRouteDef } from 'shared/routes'
import { STANDALONE_PAGES } from 'deploy/standalone'
import { CHROMIUM } from '../playwright.config.ts'
import { RENDERED_REFERENCE, routeKind, type RouteKind } from './budgets.ts'
import { CDN_DIR, PERF_DIR, readRegistryFile, REGISTRY_FILE, ROOT_DIR, SHELL_DIST } from './serve-builds.ts'

/** The routes the issue names first; every other route of the route table follows. */
export const CORE_ROUTES = ['/', '/complaint', TEST_PREVIEW_PATH]

/**
 * A realistic query per route (the developer test page's defaults, and the ids the demo API seeds), so a
 * screen shows its data rather than an empty or error state. Session parameters are left out: the shell
 * would strip them from the address bar, which is a navigation neither build needs for this measurement.
 */
const AD_LINK_QUERY = 'id=7&app_from=demo&user_from=preview&utm_tag=test&links_id=1'
const APP_QUERY = 'productId=1&orderId=86'
const SAMPLE_QUERY: Record<string, string> = {
  '/complaint': APP_QUERY,
  '/complainPageNext': 'problemType=2&problemSonType=&orderNo=LN20241105001',
  '/complainDetails': 'problemId=2001',
  // An ad link, as the developer test page opens it: the channel's template (its banner title) and tracking.
  '/promotion': AD_LINK_QUERY,
  '/standalone/promotion': AD_LINK_QUERY,
  // The developer test page's pay-code link of order 86 (its store picture from the demo API under the
  // default apiBase): without a pay code or picture the page only says its link is incomplete.
  '/repaymentOfCode': `${APP_QUERY}&showType=1&payCode=7E860042&payCodeImg=${encodeURIComponent('/utilities/repay-demo-images/7-eleven.svg')}&repayAmount=1530.00`,
  // The legacy card repayment's link names the amount (without one: "link incomplete").
  '/legacyRepay': `${APP_QUERY}&amount=1530.00&userId=501`,
}

/**
 * Routes that show what another page left in the tab's sessionStorage: a borrower reaches them in a tab
 * that loaded that page first (`/repaymentOfCode2` shows what `/repay` stored under `repayInfo`; in a fresh
 * tab it only says no repayment was started). The benchmark loads `url` first, unthrottled and unmeasured,
 * and gives the measured page that tab's storage (load-visit.ts `tabStorageAfter`).
 */
const STORAGE_FROM: Record<string, StorageFrom> = {
  '/repaymentOfCode2': { url: `/repay?${APP_QUERY}`, key: 'repayInfo' },
}

export interface BenchRoute {
  /** The route as the report names it. */
  path: string
  /** Path and query loaded. */
  url: string
  /**
   * Federation name of the remote the shell mounts for it; null for the shell's own pages and for a
   * standalone entry (ADR 0017), which has no shell.
   */
  remote: RemoteRouteDef['remote'] | null
  kind: RouteKind
  /** The monolithic build has the same page (a standalone entry has no counterpart there). */
  monolith: boolean
  /** The page loaded first in the same tab, for a route that shows what it stored there. */
  storageFrom?: StorageFrom
  /**
   * Its page is a data page (its release wrote the marker, ADR 0055): the `rendered` configuration measures it
   * as the render service sends it. Set once the pages are written.
   */
  rendered?: boolean
}

/** A page whose sessionStorage a route reads (`STORAGE_FROM`), and the key that page leaves there. */
export interface StorageFrom {
  url: string
  key: string
}

function urlFor(route: RemoteRouteDef | null, path: string): string {
  const query =
    SAMPLE_QUERY[path] ??
    (route && route.remote !== 'mf_site' && route.remote !== 'mf_promotion' ? APP_QUERY : '')
  return query ? `${path}?${query}` : path
}

/** The address a page is loaded at: its path and the realistic query above (Lighthouse's too). */
export function sampleUrl(path: string): string {
  return urlFor(REMOTE_ROUTES.find((r) => r.path === path) ?? null, path)
}

/**
 * `/`, `/complaint`, `/testPreview`, then every route of the table whose remote is released (in the
 * registry), then the standalone entries of released remotes. Paths that render the same screen of the same
 * remote (`/order` = `/loanDetails`) count once. `BENCH_ROUTES=/,/aboutUs` restricts the list (a data route
 * brings `RENDERED_REFERENCE` with it).
 */
export function benchRoutes(registryFile = REGISTRY_FILE): BenchRoute[] {
  const released = new Set(Object.keys(readRegistryFile(registryFile)))
  const seen = new Set<string>()
  const out: BenchRoute[] = []
  const add = (path: string) => {
    if (path === TEST_PREVIEW_PATH) {
      if (!seen.has(path))
        out.push({ path, url: urlFor(null, path), remote: null, kind: routeKind(path, null), monolith: true })
      seen.add(path)
      return
    }
    const route = REMOTE_ROUTES.find((r) => r.path === path)
    if (!route || !released.has(route.remote)) return
    const screen = `${route.remote}:${route.screen}`
    if (seen.has(screen)) return
    seen.add(screen)
    out.push({
      path,
      url: urlFor(route, path),
      remote: route.remote,
      kind: routeKind(path, route.remote),
      monolith: true,
      ...(STORAGE_FROM[path] ? { storageFrom: STORAGE_FROM[path] } : {}),
    })
  }
  for (const path of CORE_ROUTES) add(path)
  for (const route of REMOTE_ROUTES) add(route.path)
  for (const [path, remote] of Object.entries(STANDALONE_PAGES)) {
    if (released.has(remote))
      out.push({ path, url: urlFor(null, path), remote: null, kind: routeKind(path, null), monolith: false })
  }
  const only = process.env.BENCH_ROUTES?.split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  if (!only?.length) return out
  // A data route's rendered lines are set against the run's static reference (ADR 0060): measured with it.
  const withReference = (picked: BenchRoute[]) =>
    picked.some((r) => r.kind === 'data') && !picked.some((r) => r.path === RENDERED_REFERENCE)
      ? [...picked, ...out.filter((r) => r.path === RENDERED_REFERENCE)]
      : picked
  const picked = withReference(out.filter((r) => only.includes(r.path)))
  const unknown = only.filter((p) => !out.some((r) => r.path === p))
  if (unknown.length)
    console.warn(`BENCH_ROUTES: not benchmarkable here (unknown or not released): ${unknown}`)
  return picked
}

/** Runs a command, streaming its output; rejects on a non-zero exit. */
export function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: process.env })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (exit ${code})`)),
    )
  })
}

/** The federated build as deployed: every remote built and released into deploy/cdn, then the shell. */
export async function buildFederated(): Promise<void> {
  console.log('\n› pnpm build (federated: remotes released into deploy/cdn, then the shell)')
  await run('pnpm', ['build'], ROOT_DIR)
}

/** The monolithic build of the same pages (e2e/perf/monolith) into e2e/perf/.build/monolith. */
export async function buildMonolith(): Promise<void> {
  console.log('\n› vite build e2e/perf/monolith (monolithic: same screens, no federation)')
  await run(
    join(PERF_DIR, '..', 'node_modules', '.bin', 'vite'),
    ['build', '--config', 'perf/monolith/vite.config.ts'],
    join(PERF_DIR, '..'),
  )
}

export function federatedBuildPresent(): boolean {
  return existsSync(join(SHELL_DIST, 'index.html')) && existsSync(REGISTRY_FILE) && existsSync(CDN_DIR)
}

/** System Chromium with the e2e suite's flags; the benchmark server's certificate is self-signed. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM.executablePath,
    args: [...CHROMIUM.args, '--ignore-certificate-errors'],
  })
}

/**
 * System Chromium that takes the benchmark's self-signed certificate as valid, by its public key
 * (`--ignore-certificate-errors-spki-list`), for the profiles that need the HTTP cache: with
 * `--ignore-certificate-errors` Chromium loads the pages but caches nothing from a site whose certificate
 * has an error, so every load would be cold.
 */
export function launchChromiumWithCache(certPem: Buffer): Promise<Browser> {
  const spki = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' })
  const hash = createHash('sha256').update(spki).digest('base64')
  return chromium.launch({
    executablePath: CHROMIUM.executablePath,
    args: [...CHROMIUM.args, `--ignore-certificate-errors-spki-list=${hash}`],
  })
}

export const VIEWPORT = { width: 412, height: 823 }

/**
 * Waits until the probe (metrics.ts) has seen the screen ready. Polls with `page.evaluate`, which runs
 * through DevTools and so is allowed by the pages' CSP (`waitForFunction` would need `unsafe-eval`).
 */
export async function waitForReady(page: Page, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs
  for (;;) {
    if (await page.evaluate('!!(window.__bench && window.__bench.readyAt !== null)')) return true
    if (Date.now() > end) return false
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Writes a text file, formatted with the repository's prettier settings so `prettier --check` passes. */
export async function writeFormatted(file: string, text: string): Promise<void> {
  mkdirSync(dirname(file), { recursive: true })
  let out = text
  try {
    const prettier = await import('prettier')
    const options = (await prettier.resolveConfig(file)) ?? {}
    out = await prettier.format(text, { ...options, filepath: file })
  } catch (error) {
    console.warn(`prettier could not format ${file}: ${error instanceof Error ? error.message : error}`)
  }
  writeFileSync(file, out)
}

export const KIB = 1024

export function kib(bytes: number): string {
  return Number.isFinite(bytes) ? `${(bytes / KIB).toFixed(1)} KiB` : '–'
}

/** A plain-text table with aligned columns (for the console). */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

/** A markdown table. */
export function mdTable(header: string[], rows: string[][], align?: ('l' | 'r')[]): string {
  const sep = header.map((_, i) => ((align?.[i] ?? (i === 0 ? 'l' : 'r')) === 'r' ? '---:' : '---'))
  return [header, sep, ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n')
}
