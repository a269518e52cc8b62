import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { readStoredLoads } from 'deploy/health-db'
import { pageLoadCookie, proxyProof, type PageLoadKeys } from 'deploy/page-load-token'
import { waitForPort } from 'deploy/nginx-serve'
import type { HealthReport } from 'shared/health'
import { buildFederated, federatedBuildPresent, textTable } from './common.ts'
import { measureLoad, pinToCore, quantile, type Measured } from './loopback-load.ts'
import { CDN_DIR, PERF_DIR, readRegistryFile, SHELL_DIST } from './serve-builds.ts'

/**
 * `pnpm bench:intake`: health reports into the Node server (the collector and its store, ADR 0042) side by
 * side with a borrower's page, with autocannon on loopback. In rounds, a borrower (one connection, one request
 * at a time) loads a route page for DURATION_S alone, then as long again while another autocannon posts load
 * reports at BENCH_INTAKE_RATE a second (default 1,000), each a page load of a client of its own (its page-load
 * token made with the server's secret, as a page would carry it: ADR 0040); then the reports alone
 * as fast as the server takes them. The page's times side by side are the figure: a report must not cost a
 * borrower. The server (`serve-node.ts` with a store file) runs on core 1, autocannon on core 0. After the
 * run, every report answered 202 must be in the store. Prints the figures; a report, not a test.
 */
const RATE = Number(process.env.BENCH_INTAKE_RATE ?? 1000)
const DURATION_S = Number(process.env.BENCH_INTAKE_DURATION ?? 10)
const ROUNDS = 3
const REPORT_CONNECTIONS = 20
const MAX_CONNECTIONS = 50
const PORT = Number(process.env.BENCH_INTAKE_PORT ?? 4450)
const PAGE = '/complaint?productId=1&orderId=86'

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
const fmt = (n: number, digits = 2) => n.toFixed(digits)

async function main() {
  if (!federatedBuildPresent()) await buildFederated()
  const pinned = pinToCore('0', process.pid)
  const work = mkdtempSync(join(tmpdir(), 'bench-intake-'))
  const db = join(work, 'health.db')
  const keys: PageLoadKeys = { secret: randomBytes(33).toString('base64'), maxAgeSeconds: 3600 }
  const server = spawn(
    'taskset',
    ['-c', pinned ? '1' : `0-${availableParallelism() - 1}`, process.execPath, '--import', 'tsx'].concat([
      join(PERF_DIR, 'serve-node.ts'),
      String(PORT),
      SHELL_DIST,
      CDN_DIR,
      db,
    ]),
    {
      cwd: join(PERF_DIR, '..'),
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, HEALTH_TOKEN_SECRET: keys.secret },
    },
  )
  try {
    await waitForPort(PORT, server, 30_000)
    const version = readRegistryFile().mf_complaint.version
    const report: HealthReport = {
      v: 1,
      route: '/complaint',
      phase: 'load',
      remotes: [
        {
          remote: 'mf_complaint',
          version,
          outcome: 'mounted',
          phases: { registry: 3, manifest: 40, entry: 120, contract: 1, mount: 35 },
        },
      ],
      vitals: [
        { name: 'LCP', value: 1830, remote: 'mf_complaint', version },
        { name: 'CLS', value: 0.01, remote: 'mf_complaint', version },
      ],
      errors: [],
      calls: [{ path: '/utilities/complaint/list', kind: 'timeout', count: 1 }],
    }
    const body = JSON.stringify(report)
    let client = 0
    const reports = (connections: number, overallRate?: number) =>
      measureLoad({
        url: `http://127.0.0.1:${PORT}/health/reports`,
        connections,
        duration: DURATION_S,
        ...(overallRate ? { overallRate } : {}),
        requests: [
          {
            method: 'POST',
            // Each report a page load of a client of its own: the token a page from that address carries.
            setupRequest: (request) => {
              client += 1
              const address = `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`
              const page = { target: '/complaint', address, endpoint: '/health/reports', secure: false }
              return {
                ...request,
                body,
                headers: {
                  'content-type': 'text/plain;charset=UTF-8',
                  cookie: pageLoadCookie(keys, page)!.split(';')[0],
                  // From that address, as nginx in front names the client (a token is spent only there).
                  'x-real-ip': address,
                  'x-health-proxy': proxyProof(keys),
                },
              }
            },
          },
        ],
      })
    const page = () =>
      measureLoad({
        url: `http://127.0.0.1:${PORT}${PAGE}`,
        connections: 1,
        duration: DURATION_S,
        headers: { 'accept-encoding': 'br, gzip' },
      })
    // Warm both paths (the page's compressed copy, the store's worker).
    const [, warm] = await Promise.all([page(), reports(REPORT_CONNECTIONS, RATE)])
    let accepted = warm.statuses['202'] ?? 0

    const alone: Measured[] = []
    const beside: { page: Measured; reports: Measured }[] = []
    for (let round = 0; round < ROUNDS; round++) {
      // A B, then B A: a drift in the machine's other load weighs on both alike.
      const order = round % 2 ? ['beside', 'alone'] : ['alone', 'beside']
      for (const which of order) {
        if (which === 'alone') alone.push(await page())
        else {
          const [p, r] = await Promise.all([page(), reports(REPORT_CONNECTIONS, RATE)])
          beside.push({ page: p, reports: r })
          accepted += r.statuses['202'] ?? 0
        }
      }
    }
    const max = await reports(MAX_CONNECTIONS)
    accepted += max.statuses['202'] ?? 0

    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    const stored = readStoredLoads(db).length

    const pageAlone = alone.flatMap((m) => m.latencies)
    const pageBeside = beside.flatMap((m) => m.page.latencies)
    const row = (name: string, latencies: number[], runs: Measured[]) => [
      name,
      fmt(mean(runs.map((m) => m.rps)), 0),
      fmt(quantile(latencies, 0.5)),
      fmt(quantile(latencies, 0.9)),
      fmt(quantile(latencies, 0.99)),
      fmt(mean(latencies)),
      String(
        runs.reduce(
          (n, m) => n + m.errors + m.requests - (m.statuses['200'] ?? 0) - (m.statuses['202'] ?? 0),
          0,
        ),
      ),
    ]
    console.log(
      textTable(
        ['', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'mean ms', 'errors'],
        [
          row('page alone', pageAlone, alone),
          row(
            `page beside ${RATE} reports/s`,
            pageBeside,
            beside.map((b) => b.page),
          ),
          row(
            '  the reports beside it',
            beside.flatMap((b) => b.reports.latencies),
            beside.map((b) => b.reports),
          ),
          row(`reports alone, ${MAX_CONNECTIONS} connections`, max.latencies, [max]),
        ],
      ),
    )
    console.log(
      `\npage beside reports / alone: p50 ${fmt(quantile(pageBeside, 0.5) / quantile(pageAlone, 0.5))}, ` +
        `mean ${fmt(mean(pageBeside) / mean(pageAlone))}, p90 ${fmt(quantile(pageBeside, 0.9) / quantile(pageAlone, 0.9))}` +
        ` (${ROUNDS} rounds of ${DURATION_S} s each)`,
    )
    console.log(
      `reports answered 202: ${accepted.toLocaleString('en-US')}; page loads in the store: ${stored.toLocaleString('en-US')}`,
    )
    console.log(
      `load average: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}; server on core ${pinned ? '1' : 'any'}`,
    )
  } finally {
    if (server.exitCode === null) server.kill('SIGTERM')
    rmSync(work, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error)
  process.exit(1)
})
