import type autocannon from 'autocannon'
import { writeFileSync } from 'node:fs'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { buildFederated, federatedBuildPresent, textTable } from './common.ts'
import { measureLoad, pinToCore, quantile } from './loopback-load.ts'
import { CDN_DIR, RESULTS_DIR, SHELL_DIST, startServeNode } from './serve-builds.ts'

/**
 * `pnpm bench:render`: the render service's throughput and latency (issue #45, ADR 0055), with autocannon on
 * loopback. A data route's page with the borrower's data (`/repay`: its first call to the demo API, two
 * renders, the page streamed with brotli as a browser asks for it), beside that first call alone (the API's own
 * latency, which every rendered page waits for) and the same page as the release wrote it (rendering off), at
 * each level of concurrent connections. The servers (`serve-node.ts`, as `pnpm start` serves) run on core 1,
 * autocannon on core 0. A page counts as rendered unless the server said it sent the static one instead (its
 * `[render]` line). A report, not a test.
 */

const DURATION_S = Number(process.env.BENCH_RENDER_DURATION ?? 10)
const WARMUP_S = 3
const LEVELS = (process.env.BENCH_RENDER_CONNECTIONS ?? '1,10,50')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0)
const PORT = Number(process.env.BENCH_RENDER_PORT ?? 4460)
const SESSION = 'sessionId=bench-render'
const PAGE = `/repay?productId=1&orderId=86&${SESSION}`
const CALL = `/utilities/v3/installment/loan-play-detail?${SESSION}`
/** What the issue asks of the service on this machine. */
const GOAL_PAGES_PER_S = 200

interface Figures {
  requests: number
  rps: number
  p50: number
  p90: number
  p99: number
  non2xx: number
  errors: number
}

/** One run's figures: its answers' quantiles, and every answer that was no 200. */
async function figures(options: autocannon.Options): Promise<Figures> {
  const m = await measureLoad(options)
  return {
    requests: m.requests,
    rps: m.rps,
    p50: quantile(m.latencies, 0.5),
    p90: quantile(m.latencies, 0.9),
    p99: quantile(m.latencies, 0.99),
    non2xx: m.requests - (m.statuses['200'] ?? 0),
    errors: m.errors,
  }
}

/** A server over the build as `pnpm start` serves it, on core 1; `takeStatic`: pages it sent static since the last call. */
async function startServer(port: number, render: boolean, pinned: boolean) {
  const cpus = pinned ? '1' : `0-${availableParallelism() - 1}`
  const server = await startServeNode({
    port,
    build: { shellDir: SHELL_DIST, cdnDir: CDN_DIR },
    render,
    cpus,
  })
  let taken = 0
  return {
    port,
    takeStatic: () => {
      const n = server.staticPages() - taken
      taken += n
      return n
    },
    stop: () => server.close(),
  }
}

async function main() {
  if (!federatedBuildPresent()) await buildFederated()
  const pinned = pinToCore('0', process.pid)
  const rendering = await startServer(PORT, true, pinned)
  const writing = await startServer(PORT + 1, false, pinned)
  const page = (port: number, connections: number, duration = DURATION_S) =>
    figures({
      url: `http://127.0.0.1:${port}${PAGE}`,
      connections,
      duration,
      headers: { 'accept-encoding': 'br, gzip' },
    })
  const call = (connections: number, duration = DURATION_S) =>
    figures({
      url: `http://127.0.0.1:${PORT}${CALL}`,
      method: 'POST',
      connections,
      duration,
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: 'productId=1&orderId=86',
    })
  const rows: {
    connections: number
    api: Figures
    rendered: Figures & { staticPages: number; renderedPerS: number }
    written: Figures
  }[] = []
  try {
    // Warm every path: the release's renderer loaded, the page's parts read, the JIT.
    await Promise.all([page(PORT, 10, WARMUP_S), page(PORT + 1, 10, WARMUP_S)])
    await call(10, WARMUP_S)
    rendering.takeStatic()
    for (const connections of LEVELS) {
      const api = await call(connections)
      const measured = await page(PORT, connections)
      const staticPages = rendering.takeStatic()
      const written = await page(PORT + 1, connections)
      rows.push({
        connections,
        api,
        rendered: {
          ...measured,
          staticPages,
          renderedPerS: (measured.requests - measured.non2xx - staticPages) / DURATION_S,
        },
        written,
      })
    }
  } finally {
    await Promise.all([rendering.stop(), writing.stop()])
  }
  const ms = (n: number) => n.toFixed(1)
  console.log(
    textTable(
      [
        'connections',
        'rendered pages/s',
        'static instead',
        'p50 ms',
        'p99 ms',
        'API calls/s',
        'API p50',
        'API p99',
        'written pages/s',
        'written p99',
        'errors',
      ],
      rows.map((r) => [
        String(r.connections),
        r.rendered.renderedPerS.toFixed(0),
        String(r.rendered.staticPages),
        ms(r.rendered.p50),
        ms(r.rendered.p99),
        r.api.rps.toFixed(0),
        ms(r.api.p50),
        ms(r.api.p99),
        r.written.rps.toFixed(0),
        ms(r.written.p99),
        String(r.rendered.errors + r.api.errors + r.written.errors + r.rendered.non2xx + r.api.non2xx),
      ]),
    ),
  )
  const best = Math.max(...rows.map((r) => r.rendered.renderedPerS))
  console.log(
    `\nrendered pages/s at best: ${best.toFixed(0)} (goal ≥ ${GOAL_PAGES_PER_S}: ${best >= GOAL_PAGES_PER_S ? 'PASS' : 'FAIL'})`,
  )
  console.log(
    `load average: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}; servers on core ${pinned ? '1' : 'any'}; ${cpus()[0]?.model ?? 'unknown CPU'}`,
  )
  writeFileSync(
    join(RESULTS_DIR, 'render.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        page: PAGE.replace(SESSION, 'sessionId=…'),
        durationS: DURATION_S,
        pinned,
        goalPagesPerS: GOAL_PAGES_PER_S,
        rows,
      },
      null,
      2,
    )}\n`,
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error)
  process.exit(1)
})
