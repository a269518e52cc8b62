import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { HealthReport } from 'shared/health'
import { HealthDb, type StoreItem } from './health-db'
import { HealthStore } from './health-store'
import { OpsLogins, opsData } from './ops-page'
import { DEFAULT_WATCH, healthStoreReads, judgeRelease } from './release-watch'

/**
 * `pnpm --filter deploy bench:health`: the store's reads over a full store, as ops and the release watch make
 * them. Fills a file with BENCH_HEALTH_LOADS page loads (default 1,000,000) over the last day, written by the
 * store's own batch write in this process, then times through the store's worker, as the server asks: the ops
 * page's data (also what `pnpm remotes` reads), and the release watch's judgement of a new version over its
 * first 200 clients plus the previous version's baseline over a day. Prints the figures; a report, not a test.
 */
const LOADS = Number(process.env.BENCH_HEALTH_LOADS ?? 1_000_000)
const RUNS = 5
const DAY = 86_400_000
const REMOTES = ['mf_loan', 'mf_repay', 'mf_site', 'mf_complaint', 'mf_bindcard', 'mf_promotion']
const CLIENTS = 200_000

/** A small seeded generator: the same store every run. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** The engines pages name (ADR 0047): Android web views, iOS web views before 26.2, Firefox. */
const ENGINES: [share: number, engine: NonNullable<HealthReport['engine']>][] = [
  [0.55, { name: 'chromium', major: 120, unreported: [] }],
  [0.95, { name: 'webkit', major: 17, unreported: ['LCP', 'INP', 'CLS'] }],
  [1, { name: 'gecko', major: 153, unreported: ['CLS'] }],
]

/**
 * Half the loads are mf_loan's; its new version has the last two hours, the previous one the rest. Each names
 * an engine, and carries only the vitals that engine reports.
 */
function load(i: number, now: number, next: () => number): StoreItem {
  const at = now - DAY + Math.floor((i * DAY) / LOADS)
  const remote = next() < 0.5 ? 'mf_loan' : REMOTES[1 + Math.floor(next() * 5)]
  const version = at >= now - 2 * 3_600_000 ? '1.2.0' : '1.1.0'
  const roll = next()
  const outcome: HealthReport['remotes'][number]['outcome'] =
    roll < 0.96 ? 'mounted' : roll < 0.98 ? 'retry-screen' : roll < 0.99 ? 'mount-timeout' : 'fallback'
  const fellBack = outcome === 'fallback'
  const shown = fellBack ? '1.0.0' : version
  const pick = next()
  const engine = ENGINES.find(([share]) => pick < share)![1]
  const report: HealthReport = {
    v: 1,
    route: '/loanDetails',
    phase: 'load',
    engine,
    remotes: [
      {
        remote,
        version: shown,
        outcome,
        ...(fellBack ? { from: version } : {}),
        ...(outcome === 'mounted' ? {} : { reason: 'entry: Failed to fetch dynamically imported module' }),
        phases: {},
      },
    ],
    vitals: (
      [
        { name: 'LCP', value: Math.round(800 * Math.exp(next() * 1.6)), remote, version: shown },
        { name: 'CLS', value: Math.round(next() * 2000) / 10_000, remote, version: shown },
        ...(next() < 0.5
          ? [{ name: 'INP' as const, value: Math.round(40 + next() * 400), remote, version: shown }]
          : []),
      ] satisfies HealthReport['vitals']
    ).filter((vital) => !engine.unreported.includes(vital.name)),
    errors:
      next() < 0.03 ? [{ remote, version: shown, kind: 'error', message: 'TypeError: x is undefined' }] : [],
    calls: [],
  }
  const client = `client-${Math.floor(next() * CLIENTS)}`
  return {
    kind: 'report',
    at,
    report,
    evidence: { loadId: `load-${i}`, client, route: report.route, remote, issuedAt: at },
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number[]; value: T }> {
  const ms: number[] = []
  let value: T | undefined
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now()
    value = await work()
    ms.push(performance.now() - started)
  }
  return { ms, value: value as T }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const cell = (n: number) => n.toFixed(1).padStart(8)

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-health-'))
  const file = join(dir, 'health.db')
  try {
    const now = Date.now()
    const next = random(41)
    const db = new HealthDb(file)
    const filling = performance.now()
    for (let i = 0; i < LOADS; i += 5000) {
      const items: StoreItem[] = []
      for (let j = i; j < Math.min(LOADS, i + 5000); j++) items.push(load(j, now, next))
      db.writeBatch(items)
      if (i % 100_000 === 0) process.stdout.write(`\rfilling: ${i.toLocaleString('en-US')} loads`)
    }
    const fillS = (performance.now() - filling) / 1000
    const used = db.usedBytes()
    db.close()
    console.log(
      `\rfilled ${LOADS.toLocaleString('en-US')} loads in ${fillS.toFixed(1)} s ` +
        `(${Math.round(LOADS / fillS).toLocaleString('en-US')} loads/s in batches of 5,000); ` +
        `file ${(statSync(file).size / 1048576).toFixed(0)} MiB, pages in use ${(used / 1048576).toFixed(0)} MiB`,
    )

    const cdnDir = join(dir, 'cdn')
    mkdirSync(cdnDir)
    const registryFile = join(cdnDir, 'registry.json')
    const pointer = (remote: string, version: string) => ({
      version,
      entry: `/remotes/${remote.replace('_', '-')}/${version}/mf-manifest.json`,
    })
    writeFileSync(
      registryFile,
      JSON.stringify({
        remotes: Object.fromEntries(
          REMOTES.map((r) => [
            r,
            { ...pointer(r, '1.2.0'), previous: pointer(r, '1.1.0'), available: ['1.1.0', '1.2.0'] },
          ]),
        ),
      }),
    )
    const opening = performance.now()
    const store = new HealthStore(file, { readOnly: true })
    await store.rejectedSince(now)
    const openMs = performance.now() - opening
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    const released = now - 2 * 3_600_000
    const rows: [string, { ms: number[] }, string][] = []
    const ops = await timed(() =>
      opsData({ token: '', store, cdnDir, registryFile, logins: new OpsLogins() }, now),
    )
    rows.push([
      'ops page data (versions over an hour and a day, series, refusals)',
      ops,
      `${ops.value.windows[1].versions.length} versions, ${ops.value.series.length} points`,
    ])
    const remotes = await timed(() => Promise.all([3_600_000, DAY].map((w) => store.versions(now - w))))
    rows.push(['pnpm remotes (versions over an hour and a day)', remotes, ''])
    const judge = await timed(() =>
      judgeRelease(healthStoreReads(store), 'mf_loan', '1.2.0', '1.1.0', released, DEFAULT_WATCH, now),
    )
    rows.push(['release watch: judge mf_loan 1.2.0 over its first 200 clients', judge, judge.value.status])
    const first = await timed(() => store.firstLoads('mf_loan', '1.2.0', released, 200))
    rows.push(['  first loads (200 clients)', first, `${first.value.length} loads`])
    const baseline = await timed(() => store.baseline('mf_loan', '1.1.0', released - DAY, released))
    rows.push([
      '  previous version’s baseline over its last day (each client once)',
      baseline,
      `${baseline.value.loads.toLocaleString('en-US')} clients, ${baseline.value.network.toLocaleString('en-US')} network`,
    ])
    delay.disable()
    await store.close()

    console.log(`opening the store read-only (its worker started): ${openMs.toFixed(0)} ms\n`)
    console.log(`${'read'.padEnd(68)} ${'first ms'.padStart(8)} ${'median'.padStart(8)} ${'max'.padStart(8)}`)
    for (const [name, { ms }, note] of rows) {
      console.log(
        `${name.padEnd(68)} ${cell(ms[0])} ${cell(median(ms.slice(1)))} ${cell(Math.max(...ms))}  ${note}`,
      )
    }
    console.log(
      `\nthe request thread meanwhile: event loop delay max ${(delay.max / 1e6).toFixed(1)} ms, ` +
        `p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms (the reads ran on the store's worker)`,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
