import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import Database from 'better-sqlite3'
import type { HealthReport } from 'shared/health'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { appendReleaseEvent } from '../release/release-log'
import { createAppServer } from '../serve/server'
import { createHealthCollector, HEALTH_REPORT_PATH } from './health-collector'
import { HealthStore } from './health-store'
import { OpsLogins } from './ops-page'
import { closeServer, listenLocally } from '../testing/local-server'
import { VersionHistory } from './version-history'

/**
 * The collector under the load issue #41 froze it with, through the server as borrowers and ops reach it:
 * forged reports naming many versions, an ops read of them, and a reader of the store killed mid-read. The
 * evidence check (ADR 0040) would refuse made-up versions and reports without a page load before the store;
 * here every report has a page load of its own and its versions are in the release log, so that all of them
 * reach the store: the worst a forger could do.
 */
const TOKEN = 'ops-token-for-tests-0123456789'
const STORE_MODULE = fileURLToPath(new URL('./health-store.ts', import.meta.url))
/** Node runs the reader's TypeScript with tsx's loader, in one process a kill ends whole. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href
let work: string
let store: HealthStore
let server: Server
let base: string

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  work = mkdtempSync(join(tmpdir(), 'collector-load-'))
  const shellDir = join(work, 'shell')
  const cdnDir = join(work, 'cdn')
  mkdirSync(join(shellDir, '.vite'), { recursive: true })
  mkdirSync(cdnDir)
  writeFileSync(
    join(shellDir, 'index.html'),
    '<!doctype html><html><head><script type="application/json" id="app-settings">{}</script></head>' +
      '<body><div id="root"></div></body></html>',
  )
  writeFileSync(join(shellDir, '.vite', 'manifest.json'), '{}')
  const registryFile = join(cdnDir, 'registry.json')
  writeFileSync(registryFile, JSON.stringify({ remotes: {} }))
  const released = (to: string) =>
    appendReleaseEvent(cdnDir, { at: 1, kind: 'release', remote: 'mf_loan', from: null, to })
  for (let i = 0; i < 300; i++) for (let j = 0; j < 10; j++) released(forgedVersion(i, j))
  for (let i = 0; i <= 20; i++) released(`1.0.${i}`)
  released('1.0.0-after')
  store = new HealthStore(join(work, 'health.db'))
  server = createAppServer({
    shellDir,
    cdnDir,
    registryFile,
    health: createHealthCollector({
      store,
      keys: { secret: 'collector-load-secret-0123456789abcdef', maxAgeSeconds: 3600 },
      history: new VersionHistory(cdnDir, registryFile),
      perMinute: 100_000,
    }),
    ops: { token: TOKEN, store, cdnDir, registryFile, logins: new OpsLogins() },
  })
  base = `http://127.0.0.1:${await listenLocally(server)}`
})

afterEach(async () => {
  vi.restoreAllMocks()
  await closeServer(server)
  await store.close()
  rmSync(work, { recursive: true, force: true })
})

const forgedVersion = (i: number, j: number) => `9.9.${i}-forged${j}`

/** A report as a forger sends it: every list full, each outcome, vital and error naming another version. */
function forged(i: number): HealthReport {
  const version = (j: number) => forgedVersion(i, j)
  return {
    v: 1,
    route: '/loanDetails',
    phase: 'load',
    remotes: Array.from({ length: 10 }, (_, j) => ({
      remote: 'mf_loan',
      version: version(j),
      outcome: 'mounted' as const,
      phases: { entry: 10 },
    })),
    vitals: Array.from({ length: 12 }, (_, j) => ({
      name: (['LCP', 'INP', 'CLS'] as const)[j % 3],
      value: 100 + j,
      remote: 'mf_loan',
      version: version(j % 10),
    })),
    errors: Array.from({ length: 10 }, (_, j) => ({
      remote: 'mf_loan',
      version: version(j),
      kind: 'error' as const,
      message: `forged ${j}`,
    })),
    calls: [],
  }
}

/** The page-load token of a page of `/loanDetails` the server sent. */
const pageLoad = async () => (await fetch(`${base}/loanDetails`)).headers.get('set-cookie')!.split(';')[0]

/** A report of a page load of its own (`cookie`: the token of one fetched already). */
const post = async (body: string, cookie?: string) =>
  fetch(`${base}${HEALTH_REPORT_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie ?? (await pageLoad()) },
    body,
    signal: AbortSignal.timeout(10_000),
  })

const opsRead = () =>
  fetch(`${base}/ops/api/health`, { headers: { Authorization: `Bearer ${TOKEN}` } }).then(async (r) => ({
    status: r.status,
    data: (await r.json()) as { windows: { versions: { version: string; loads: number }[] }[] },
  }))

async function borrowerPage(): Promise<{ status: number; ms: number }> {
  const started = performance.now()
  const response = await fetch(`${base}/aboutUs`)
  await response.text()
  return { status: response.status, ms: performance.now() - started }
}

async function flood(): Promise<void> {
  for (let i = 0; i < 300; i++) expect((await post(JSON.stringify(forged(i)))).ok).toBe(true)
}

test('300 reports with 10 made-up versions each, then an ops read: a borrower’s page is answered meanwhile', async () => {
  const alone = await borrowerPage()
  expect(alone.status).toBe(200)
  await flood()
  const ops = opsRead()
  // The ops request reaches the server first; the borrower asks while it is being answered.
  await new Promise((resolve) => setTimeout(resolve, 50))
  const during = await borrowerPage()
  expect((await ops).status).toBe(200)
  expect(during.status).toBe(200)
  // Before: the read ran on the request thread, and the page waited for all of it (34 s in the issue).
  expect(during.ms, `the page took ${during.ms.toFixed(0)} ms during the ops read`).toBeLessThan(1000)
}, 120_000)

test('a reader of the store killed mid-read leaves the server storing reports and answering malformed ones', async () => {
  await flood()
  // What `pnpm remotes` does, in a loop, so that the kill lands inside a read.
  const script = join(work, 'reader.mts')
  writeFileSync(
    script,
    `import { HealthStore } from ${JSON.stringify(STORE_MODULE)}\n` +
      `const store = new HealthStore(${JSON.stringify(join(work, 'health.db'))}, { readOnly: true })\n` +
      `for (;;) { await store.versions(0); process.stdout.write('.') }\n`,
  )
  const reader = spawn(process.execPath, ['--import', TSX, script], { stdio: ['ignore', 'pipe', 'ignore'] })
  await new Promise<void>((resolve, reject) => {
    reader.stdout.once('data', () => resolve())
    reader.once('exit', (code) => reject(new Error(`the reader ended (${code}) before reading`)))
  })
  reader.kill('SIGKILL')
  await new Promise((resolve) => reader.once('exit', resolve))

  const good: HealthReport = {
    v: 1,
    route: '/loanDetails',
    phase: 'load',
    remotes: [{ remote: 'mf_loan', version: '1.0.0-after', outcome: 'mounted', phases: {} }],
    vitals: [],
    errors: [],
    calls: [],
  }
  // Before, the reader left its lock behind: a malformed report got no answer, a good one 503 after 0.55 s.
  const answer = (response: Promise<Response>) =>
    response.then(
      (r) => r.status,
      (error: Error) => `no answer (${String(error.cause ?? error.message)})`,
    )
  expect.soft(await answer(post('{"v":1,'))).toBe(400)
  expect.soft(await answer(post(JSON.stringify(good)))).toBe(202)
  const { data } = await opsRead()
  expect(data.windows[0].versions.find((v) => v.version === '1.0.0-after')?.loads).toBe(1)
}, 120_000)

test('while another connection holds the store’s file locked, reports are still answered 202 at once, and stored after', async () => {
  const report = (i: number): HealthReport => ({
    v: 1,
    route: '/loanDetails',
    phase: 'load',
    remotes: [{ remote: 'mf_loan', version: `1.0.${i}`, outcome: 'mounted', phases: {} }],
    vitals: [],
    errors: [],
    calls: [],
  })
  expect((await post(JSON.stringify(report(0)))).status).toBe(202)
  await expect.poll(async () => (await opsRead()).data.windows[0].versions.length).toBe(1)
  // A disk that does not take writes: every write waits for this lock (the store's worker, up to 2 s).
  const other = new Database(join(work, 'health.db'))
  other.exec('BEGIN EXCLUSIVE')
  const times: number[] = []
  try {
    for (let i = 1; i <= 20; i++) {
      const cookie = await pageLoad()
      const started = performance.now()
      const response = await post(JSON.stringify(report(i)), cookie)
      times.push(performance.now() - started)
      expect(response.status).toBe(202)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  } finally {
    other.exec('COMMIT')
    other.close()
  }
  // Before, each write ran on the request thread and waited for the lock before the answer.
  expect(Math.max(...times), `answers took ${times.map((t) => t.toFixed(0)).join(', ')} ms`).toBeLessThan(300)
  await expect.poll(async () => (await opsRead()).data.windows[0].versions.length).toBe(21)
}, 60_000)
