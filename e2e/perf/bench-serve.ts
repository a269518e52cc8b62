import autocannon from 'autocannon'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import { createRequire } from 'node:module'
import { createServer as createNetServer } from 'node:net'
import { availableParallelism, cpus, loadavg, release, totalmem } from 'node:os'
import { join } from 'node:path'
import { prepareNginx, waitForPort } from 'deploy/nginx-serve'
import { healthTokenSecret } from 'deploy/page-load-token'
import { DEPLOY_DIR } from 'deploy/paths'
import { precompressDir } from 'deploy/precompress'
import { pagesDirOf } from 'deploy/route-pages'
import { buildFederated, federatedBuildPresent, mdTable, textTable, writeFormatted } from './common.ts'
import {
  BUILD_DIR,
  PERF_DIR,
  RESULTS_DIR,
  ROOT_DIR,
  snapshotFederatedBuild,
  writeBuildPages,
} from './serve-builds.ts'

/**
 * `pnpm bench:serve`: load on the production serving path, measured with autocannon (HTTP/1.1, loopback
 * only). Three responses (a route page, the entry of the remote that page loads, the shell's hashed entry
 * chunk) are requested from nginx with deploy/nginx.conf as `deploy/src/nginx/nginx-serve.ts` renders it, and from a
 * bare nginx serving plain files of the same sizes (the bodies our nginx sends), bare and with the headers our
 * nginx sends (the same bytes on the wire), back to back at each level of concurrent connections; then from the
 * Node demo server. A report, not a test: it exits 0 whatever the goals
 * say (e2e/perf/README.md, docs/load.md).
 */

const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx'
const DEFAULT_DURATION_S = 10
const DEFAULT_NGINX_LEVELS = [100, 1000, 5000]
const DEFAULT_NODE_LEVELS = [100, 1000]
const numbers = (text: string | undefined, fallback: number[]) =>
  text
    ? text
        .split(',')
        .map((n) => Number(n.trim()))
        .filter((n) => Number.isInteger(n) && n > 0)
    : fallback
const DURATION_S = Number(process.env.BENCH_SERVE_DURATION ?? DEFAULT_DURATION_S)
let NGINX_LEVELS = numbers(process.env.BENCH_SERVE_CONNECTIONS, DEFAULT_NGINX_LEVELS)
let NODE_LEVELS = numbers(process.env.BENCH_SERVE_NODE_CONNECTIONS, DEFAULT_NODE_LEVELS)
/** A run with other durations or levels is a check, not the report: it never overwrites docs/load.md. */
const CUSTOM =
  DURATION_S !== DEFAULT_DURATION_S ||
  NGINX_LEVELS.join() !== DEFAULT_NGINX_LEVELS.join() ||
  NODE_LEVELS.join() !== DEFAULT_NODE_LEVELS.join()
/** What a browser sends; the plain files are sized to the bodies nginx answers it with. */
const ACCEPT_ENCODING = 'br, gzip'
/** A request still unanswered after this long counts as a timeout (an error). */
const TIMEOUT_S = 10
const WARMUP_S = 2
const PAUSE_MS = 2000
/** Between two slices of a pair: the connections of the last one are closed by then. */
const PAIR_PAUSE_MS = 1000
/** Ports for this benchmark; the e2e suite's (4310, 4320, 4332) are outside it. */
const PORT_RANGE = [4400, 4499] as const
const E2E_DIR = join(PERF_DIR, '..')
const SERVE_DIR = join(BUILD_DIR, 'serve')
const PLAIN_PREFIX = join(SERVE_DIR, 'plain-nginx')
/** The plain nginx that answers each plain file with the headers our nginx sends: the same bytes on the wire. */
const SAME_PREFIX = join(SERVE_DIR, 'same-nginx')
const OURS_PREFIX = join(SERVE_DIR, 'nginx')
const REPORT_FILE = join(ROOT_DIR, 'docs', 'load.md')
const JSON_FILE = join(RESULTS_DIR, CUSTOM ? 'serve-custom.json' : 'serve.json')
const MD_FILE = CUSTOM ? join(RESULTS_DIR, 'serve-custom.md') : REPORT_FILE
/** The route whose page, remote entry and shell chunk are measured (a remote route with a written page). */
const ROUTE = '/complaint'
const ROUTE_QUERY = '?productId=1&orderId=86'
/**
 * `BENCH_SERVE_VARIANTS=1` (after the report) or `=only` (instead of it): where our configuration's cost
 * goes. Our nginx is started again with one candidate taken out of its rendered configuration at a time (and
 * the plain nginx with our headers), and each is measured against the plain file as the report's pairs are, at
 * `BENCH_SERVE_VARIANT_CONNECTIONS` (100) for `BENCH_SERVE_VARIANT_DURATION` s (8) each; written to
 * results/serve-variants.{json,md}.
 */
const VARIANTS_MODE = process.env.BENCH_SERVE_VARIANTS ?? ''
const VARIANT_CONNECTIONS = Number(process.env.BENCH_SERVE_VARIANT_CONNECTIONS ?? 100)
const VARIANT_DURATION_S = Number(process.env.BENCH_SERVE_VARIANT_DURATION ?? 8)

type ServerId = 'ours' | 'plain' | 'same' | 'node'
/** What our nginx's requests/s are divided by: the bare plain file, or the plain file with our headers. */
type Baseline = 'plain' | 'same'
type PathId = 'page' | 'entry' | 'asset'

const SERVER_NAMES: Record<ServerId, string> = {
  ours: 'nginx, deploy/nginx.conf',
  plain: 'nginx, plain file',
  same: 'nginx, plain file + our headers',
  node: 'Node demo server',
}

interface Target {
  id: PathId
  label: string
  /** The path requested from our nginx and the Node server. */
  path: string
  /** The plain file of the same size, on the bare nginx. */
  plainPath: string
  /** Body as our nginx sends it (compressed), and its encoding. */
  bodyBytes: number
  encoding: string | null
  /** Status line and headers, about as sent, per server. */
  headerBytes: Partial<Record<ServerId, number>>
  nodeBodyBytes: number | null
  nodeEncoding: string | null
  /**
   * Headers our nginx sends with it that the plain nginx does not (security headers, caching, Vary, a page's
   * Set-Cookie with its page-load token…): a header sent more than once has each value.
   */
  oursOnlyHeaders: Record<string, string[]>
}

interface Run {
  server: ServerId
  path: PathId
  connections: number
  durationS: number
  requests: number
  rps: number
  p50Ms: number
  p99Ms: number
  meanMs: number
  maxMs: number
  /** Connection errors and timeouts (autocannon's `errors`, which includes `timeouts`). */
  errors: number
  timeouts: number
  non2xx: number
  errorCodes: Record<string, number>
  /** Bytes read per response (headers and body). */
  bytesPerResponse: number
  /** CPU time of the server's processes (nginx workers, or the Node process) during the run. */
  serverCpuS: number
  serverCpuUsPerRequest: number
  /** The load generator's CPU, in % of one core: near 100 means it, not the server, set the pace. */
  clientCpuPct: number
  /** The load generator's CPU per answer: what reading one costs the client. */
  clientCpuUsPerRequest: number
  /** Requests/s of each slice, in the order measured. */
  sliceRps: number[]
}

/**
 * autocannon keeps every answer's body as a string (`body += chunk` in lib/pipelinedRequestsQueue.js, for
 * its `expectBody` and `verifyBody` options, which this benchmark does not use): for the 86 KiB chunk that
 * decoding costs the load generator many times what nginx spends sending it, and at 5,000 connections it
 * falls so far behind that its own timeouts fire. The bodies are still read and counted, just not kept.
 * `BENCH_SERVE_KEEP_BODIES=1` leaves autocannon as it is.
 */
function dropBodies(): boolean {
  if (process.env.BENCH_SERVE_KEEP_BODIES === '1') return false
  const queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
    prototype: { addBody?: (data: Buffer) => void }
  }
  if (typeof queue.prototype.addBody !== 'function') {
    console.warn('autocannon has no PipelinedRequestsQueue.addBody any more: bodies are kept (slower client)')
    return false
  }
  queue.prototype.addBody = () => {}
  return true
}

let bodiesDropped = false

/**
 * On a machine of 2 or more cores, the load generator (this process, every thread) runs on the first core and
 * the servers on the others (\`taskset\`), so that where the scheduler happens to put nginx's workers beside
 * autocannon does not move the figures from one run to the next. \`BENCH_SERVE_PIN=0\` leaves them unpinned.
 */
/** The machine's cores, read before this process pins itself to one. */
const NPROC = availableParallelism()
const PINNING = (() => {
  const n = NPROC
  if (process.env.BENCH_SERVE_PIN === '0' || n < 2) return null
  if (spawnSync('taskset', ['-V']).status !== 0) return null
  return { client: '0', server: n === 2 ? '1' : `1-${n - 1}` }
})()

function pinSelf(): boolean {
  if (!PINNING) return false
  return (
    spawnSync('taskset', ['-a', '-p', '-c', PINNING.client, String(process.pid)], { stdio: 'ignore' })
      .status === 0
  )
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits

/** The soft and hard limit on open files of a process (`/proc/<pid>/limits`). */
function openFilesLimit(pid: number | 'self' = 'self'): { soft: number; hard: number } | null {
  try {
    const m = /^Max open files\s+(\S+)\s+(\S+)/m.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'))
    const n = (v: string) => (v === 'unlimited' ? Infinity : Number(v))
    return m ? { soft: n(m[1]), hard: n(m[2]) } : null
  } catch {
    return null
  }
}

/**
 * autocannon holds every connection in this process: 5,000 connections need 5,000 descriptors and some to
 * spare. When the soft limit is lower and the hard one allows, this process starts itself again under
 * `ulimit -n`; when the hard limit does not allow it, levels above it are dropped (and the report says so).
 */
function ensureDescriptors(): 'ok' | 'restarted' {
  const need = Math.max(...NGINX_LEVELS, ...NODE_LEVELS) + 1024
  const limit = openFilesLimit()
  if (!limit || limit.soft >= need) return 'ok'
  if (limit.hard >= need && process.env.BENCH_SERVE_RAISED !== '1') {
    console.log(`› open files: soft limit ${limit.soft} < ${need}: starting again under ulimit -n ${need}`)
    const child = spawn(
      '/bin/sh',
      [
        '-c',
        `ulimit -n ${need} && exec "$@"`,
        'sh',
        process.execPath,
        ...process.execArgv,
        ...process.argv.slice(1),
      ],
      { stdio: 'inherit', env: { ...process.env, BENCH_SERVE_RAISED: '1' } },
    )
    child.on('exit', (code) => process.exit(code ?? 1))
    return 'restarted'
  }
  const fits = (n: number) => n + 1024 <= limit.soft
  const dropped = [...NGINX_LEVELS, ...NODE_LEVELS].filter((n) => !fits(n))
  console.warn(
    `open files: limit ${limit.soft} (hard ${limit.hard}); left out: ${dropped.join(', ')} connections`,
  )
  NGINX_LEVELS = NGINX_LEVELS.filter(fits)
  NODE_LEVELS = NODE_LEVELS.filter(fits)
  return 'ok'
}

/** `count` ports in PORT_RANGE that nobody listens on now. */
async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = []
  for (let port = PORT_RANGE[0]; port <= PORT_RANGE[1] && ports.length < count; port += 1) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createNetServer()
      probe.once('error', () => resolve(false))
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
    })
    if (free) ports.push(port)
  }
  if (ports.length < count) throw new Error(`fewer than ${count} free ports in ${PORT_RANGE.join('–')}`)
  return ports
}

/** The clock ticks per second of /proc/<pid>/stat's times. */
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100

function statFields(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return text.slice(text.lastIndexOf(')') + 2).split(' ')
  } catch {
    return null
  }
}

/** User + system CPU seconds used so far by these processes. */
function cpuSeconds(pids: number[]): number {
  let ticks = 0
  for (const pid of pids) {
    const fields = statFields(pid)
    if (fields) ticks += Number(fields[11]) + Number(fields[12])
  }
  return ticks / CLK_TCK
}

/** nginx's workers: the master's child processes. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((child) => statFields(child)?.[1] === String(pid))
}

/** What a server process wrote to stderr, with times and process ids taken out, counted by message. */
class LogCounter {
  readonly counts = new Map<string, number>()
  constructor(child: ChildProcess) {
    let rest = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n')
      rest = lines.pop() ?? ''
      for (const line of lines) {
        const message = line
          .replace(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d /, '')
          .replace(/\d+#\d+: (\*\d+ )?/, '')
          .replace(/client: [\d.]+, /, '')
          .trim()
        if (message) this.counts.set(message, (this.counts.get(message) ?? 0) + 1)
      }
    })
  }
  list(): { message: string; count: number }[] {
    return [...this.counts].map(([message, count]) => ({ message, count }))
  }
}

interface Process {
  child: ChildProcess
  log: LogCounter
  /** The processes whose CPU is the server's. */
  pids: () => number[]
  stop(): Promise<void>
}

function stopper(child: ChildProcess, signal: NodeJS.Signals): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
      child.once('exit', () => {
        clearTimeout(force)
        resolve()
      })
      child.kill(signal)
    })
}

async function startProcess(
  command: string,
  args: string[],
  port: number,
  kind: 'nginx' | 'node',
): Promise<Process> {
  const [bin, argv] = PINNING ? ['taskset', ['-c', PINNING.server, command, ...args]] : [command, args]
  const child = spawn(bin, argv, { cwd: E2E_DIR, stdio: ['ignore', 'ignore', 'pipe'] })
  const log = new LogCounter(child)
  await waitForPort(port, child, 60_000)
  const pids = kind === 'nginx' ? () => childrenOf(child.pid!) : () => [child.pid!]
  return { child, log, pids, stop: stopper(child, kind === 'nginx' ? 'SIGQUIT' : 'SIGTERM') }
}

/** A bare nginx: the workers and connections of deploy/nginx.conf, sendfile, and nothing else. */
function plainNginxConf(
  port: number,
  options: { prefix?: string; headers?: Record<string, Record<string, string[]>> } = {},
): string {
  const template = readFileSync(join(DEPLOY_DIR, 'nginx.conf'), 'utf8')
  const workerConnections = /^\s*worker_connections (\d+);/m.exec(template)?.[1] ?? '16384'
  const rlimit = /^\s*worker_rlimit_nofile (\d+);/m.exec(template)?.[1]
  const p = options.prefix ?? PLAIN_PREFIX
  // Only for the `plain + our headers` variant: each file with the headers our nginx adds to its answer.
  const locations = Object.entries(options.headers ?? {}).map(
    ([path, headers]) =>
      `    location = ${path} {\n` +
      Object.entries(headers)
        .flatMap(([name, values]) =>
          values.map((value) => `      add_header ${name} "${value.replace(/["\\]/g, '\\$&')}" always;\n`),
        )
        .join('') +
      '    }',
  )
  return [
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes auto;',
    rlimit ? `worker_rlimit_nofile ${rlimit};` : '',
    'daemon off;',
    'error_log stderr warn;',
    `pid ${p}/nginx.pid;`,
    `events { worker_connections ${workerConnections}; }`,
    'http {',
    '  default_type application/octet-stream;',
    '  sendfile on;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${p}/${t};`),
    '  server {',
    `    listen 127.0.0.1:${port};`,
    `    root ${PLAIN_PREFIX}/www;`,
    ...locations,
    '  }',
    '}',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n')
}

/** Each plain file's path with the headers our nginx sends with its answer and the plain nginx does not. */
function oursOnlyHeadersByPath(targets: Target[]): Record<string, Record<string, string[]>> {
  return Object.fromEntries(targets.map((t) => [t.plainPath, t.oursOnlyHeaders]))
}

/** A plain nginx (`plainNginxConf`) over the plain files, its configuration written into `prefix`. */
function startPlainNginx(
  prefix: string,
  port: number,
  headers?: Record<string, Record<string, string[]>>,
): Promise<Process> {
  const conf = join(prefix, 'nginx.conf')
  writeFileSync(conf, plainNginxConf(port, { prefix, headers }))
  return startProcess(NGINX_BIN, ['-c', conf, '-p', prefix, '-e', 'stderr'], port, 'nginx')
}

interface Fetched {
  status: number
  headers: Record<string, string | string[] | undefined>
  headerBytes: number
  body: Buffer
}

function fetchOnce(port: number, path: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = get(
      { host: '127.0.0.1', port, path, headers: { 'accept-encoding': ACCEPT_ENCODING } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          let headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            headerBytes += res.rawHeaders[i].length + 2 + Buffer.byteLength(res.rawHeaders[i + 1]) + 2
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            headerBytes,
            body: Buffer.concat(chunks),
          })
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
  })
}

/** One autocannon run, as measured: what `combine` makes a Run of. */
interface Slice {
  durationS: number
  requests: number
  /** Latency of every 2xx answer, ms (autocannon's own histogram keeps whole milliseconds only). */
  latencies: number[]
  errors: number
  timeouts: number
  non2xx: number
  errorCodes: Record<string, number>
  bytes: number
  serverCpuS: number
  clientCpuS: number
  wallS: number
}

/** One autocannon run against `server`, with the server's CPU time (and autocannon's) over it. */
async function runSlice(
  server: ServerId,
  serverProcess: Process,
  port: number,
  target: Target,
  connections: number,
  durationS: number,
): Promise<Slice> {
  const path = server === 'plain' || server === 'same' ? target.plainPath : target.path
  const pids = serverProcess.pids()
  const errorCodes: Record<string, number> = {}
  const latencies: number[] = []
  const cpuBefore = cpuSeconds(pids)
  const clientBefore = process.cpuUsage()
  const started = process.hrtime.bigint()
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}${path}`,
        connections,
        duration: durationS,
        timeout: TIMEOUT_S,
        headers: { 'accept-encoding': ACCEPT_ENCODING },
      },
      (error: unknown, res: autocannon.Result) => (error ? reject(error) : resolve(res)),
    )
    instance.on('response', (_client, status: number, _bytes, ms: number) => {
      if (status >= 200 && status < 300) latencies.push(ms)
    })
    instance.on('reqError', (error: { code?: string; message?: string }) => {
      const code = error?.code ?? error?.message ?? 'unknown'
      errorCodes[code] = (errorCodes[code] ?? 0) + 1
    })
  })
  const wallS = Number(process.hrtime.bigint() - started) / 1e9
  const client = process.cpuUsage(clientBefore)
  return {
    durationS: result.duration,
    requests: result.requests.total,
    latencies,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    errorCodes,
    bytes: result.throughput.total,
    serverCpuS: cpuSeconds(pids) - cpuBefore,
    clientCpuS: (client.user + client.system) / 1e6,
    wallS,
  }
}

/** The nearest-rank quantile `q` of sorted values. */
function quantile(sorted: Float64Array, q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : 0
}

/** The figures of one server at one level, from its slices together. */
function combine(server: ServerId, target: Target, connections: number, slices: Slice[]): Run {
  const sum = (pick: (s: Slice) => number) => slices.reduce((n, s) => n + pick(s), 0)
  const requests = sum((s) => s.requests)
  const durationS = sum((s) => s.durationS)
  const latencies = Float64Array.from(slices.flatMap((s) => s.latencies)).sort()
  const errorCodes: Record<string, number> = {}
  for (const s of slices) {
    for (const [code, n] of Object.entries(s.errorCodes)) errorCodes[code] = (errorCodes[code] ?? 0) + n
  }
  const serverCpuS = sum((s) => s.serverCpuS)
  return {
    server,
    path: target.id,
    connections,
    durationS: round(durationS, 2),
    requests,
    rps: round(requests / durationS),
    p50Ms: round(quantile(latencies, 0.5), 1),
    p99Ms: round(quantile(latencies, 0.99), 1),
    meanMs: round(latencies.reduce((n, v) => n + v, 0) / (latencies.length || 1), 2),
    maxMs: round(latencies.length ? latencies[latencies.length - 1] : 0, 1),
    errors: sum((s) => s.errors),
    timeouts: sum((s) => s.timeouts),
    non2xx: sum((s) => s.non2xx),
    errorCodes,
    bytesPerResponse: requests ? round(sum((s) => s.bytes) / requests) : 0,
    serverCpuS: round(serverCpuS, 2),
    serverCpuUsPerRequest: requests ? round((serverCpuS * 1e6) / requests, 1) : 0,
    clientCpuPct: round((sum((s) => s.clientCpuS) / sum((s) => s.wallS)) * 100),
    clientCpuUsPerRequest: requests ? round((sum((s) => s.clientCpuS) * 1e6) / requests, 1) : 0,
    sliceRps: slices.map((s) => round(s.requests / s.durationS)),
  }
}

/** One server at one level, in one run: a single slice of it. */
async function measure(...slice: Parameters<typeof runSlice>): Promise<Run> {
  const [server, , , target, connections] = slice
  return combine(server, target, connections, [await runSlice(...slice)])
}

/** The order of a pair's slices: each server as often first as second, and as often early as late. */
const PAIR_ORDER = [0, 1, 1, 0, 1, 0, 0, 1] as const
/** The same for three servers: each one four times, and in each position of a round as often as the others. */
const TRIO_ORDER = [0, 1, 2, 2, 1, 0, 1, 2, 0, 0, 2, 1] as const

/** One of the servers of a group: its id says which path it is asked for (`plain`, `same`: the plain file). */
interface Side {
  id: ServerId
  process: Process
  port: number
}

/**
 * Two or three servers at one level, back to back: `durationS` each, in four slices of a quarter each, in the
 * order A B B A B A A B (A B C C B A B C A A C B for three), so that a change in the machine's other load
 * during the group weighs on all alike. Also, for each server after the first, the ratio of each of the first
 * server's slices to its own (requests/s), whose spread says how steady the machine was.
 */
async function measureGroup(
  sides: Side[],
  target: Target,
  connections: number,
  durationS: number,
): Promise<{ runs: Run[]; sliceRatios: number[][] }> {
  const order: readonly number[] = sides.length === 2 ? PAIR_ORDER : sides.length === 3 ? TRIO_ORDER : []
  if (!order.length) throw new Error(`measureGroup: ${sides.length} servers (2 or 3)`)
  const slices: Slice[][] = sides.map(() => [])
  for (const index of order) {
    const { id, process: server, port } = sides[index]
    slices[index].push(await runSlice(id, server, port, target, connections, durationS / 4))
    await sleep(PAIR_PAUSE_MS)
  }
  const rps = (i: number) => slices[i].map((s) => s.requests / s.durationS)
  return {
    runs: sides.map((side, i) => combine(side.id, target, connections, slices[i])),
    sliceRatios: sides.map((_, k) => rps(0).map((first, i) => round(first / rps(k)[i], 3))),
  }
}

/** Two servers: the first one's runs and its slice ratios to the second. */
async function measurePair(
  sides: [Side, Side],
  target: Target,
  connections: number,
  durationS: number,
): Promise<{ runs: [Run, Run]; pairRatios: number[] }> {
  const { runs, sliceRatios } = await measureGroup(sides, target, connections, durationS)
  return { runs: [runs[0], runs[1]], pairRatios: sliceRatios[1] }
}

function versionOf(command: string, args: string[]): string {
  const out = spawnSync(command, args, { encoding: 'utf8' })
  return `${out.stdout ?? ''}${out.stderr ?? ''}`.trim()
}

const fmt = (n: number) => n.toLocaleString('en-US')
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`

function errorCell(run: Run): string {
  const parts = [String(run.errors + run.non2xx)]
  const detail = [
    run.timeouts ? `${fmt(run.timeouts)} timeouts` : '',
    run.non2xx ? `${fmt(run.non2xx)} non-2xx` : '',
    ...Object.entries(run.errorCodes)
      .filter(([code]) => !(run.timeouts && /ETIMEDOUT|timed out/i.test(code)))
      .map(([code, n]) => `${fmt(n)} ${code}`),
  ].filter(Boolean)
  if (detail.length) parts.push(`(${detail.join(', ')})`)
  return parts.join(' ')
}

interface Report {
  date: string
  machine: {
    nproc: number
    cpu: string
    memoryGiB: number
    kernel: string
    /** Load averages (1, 5, 15 min) before and after the runs: other work on the machine skews the figures. */
    loadBefore: number[]
    loadAfter: number[]
  }
  node: string
  nginx: string
  autocannon: string
  brotliStatic: boolean
  /** autocannon read the bodies without keeping them (`dropBodies`). */
  bodiesDropped: boolean
  /** The cores of the load generator and of the servers (`taskset -c`), or null. */
  pinning: { client: string; server: string } | null
  openFiles: {
    bench: { soft: number; hard: number } | null
    nginxWorker: { soft: number; hard: number } | null
  }
  durationS: number
  timeoutS: number
  acceptEncoding: string
  route: string
  targets: Target[]
  runs: Run[]
  ratios: {
    /** Divided by: the bare plain file, or the plain file sent with our headers (the same bytes). */
    baseline: Baseline
    path: PathId
    connections: number
    rps: number
    /** Lowest and highest of the slice pairs' ratios (`measurePair`): how steady the machine was. */
    rpsRange: [number, number] | null
    p99: number | null
    cpuPerRequest: number | null
    clientCpuPerRequest: number | null
  }[]
  goals: {
    zeroErrorsAt5000: boolean | null
    /** Against the bare plain file. */
    throughputRatioAtLeast09: boolean
    /** Against the plain file sent with our headers: what our configuration costs beyond its answer's bytes. */
    sameBytesRatioAtLeast09: boolean | null
  }
  nginxLog: Partial<Record<'ours' | 'plain' | 'same', { message: string; count: number }[]>>
}

/** Our nginx over each baseline, per path and level, with the spread of the slice ratios (`measureGroup`). */
function ratiosOf(runs: Run[], sliceRatios: Map<string, number[]>): Report['ratios'] {
  const out: Report['ratios'] = []
  for (const baseline of ['plain', 'same'] as const) {
    for (const ours of runs.filter((r) => r.server === 'ours')) {
      const base = runs.find(
        (r) => r.server === baseline && r.path === ours.path && r.connections === ours.connections,
      )
      if (!base) continue
      const slices = sliceRatios.get(`${ours.path}:${ours.connections}:${baseline}`) ?? []
      const per = (pick: (r: Run) => number) => (pick(base) ? round(pick(ours) / pick(base), 2) : null)
      out.push({
        baseline,
        path: ours.path,
        connections: ours.connections,
        rps: round(ours.rps / base.rps, 3),
        rpsRange: slices.length ? [Math.min(...slices), Math.max(...slices)] : null,
        p99: per((r) => r.p99Ms),
        cpuPerRequest: per((r) => r.serverCpuUsPerRequest),
        clientCpuPerRequest: per((r) => r.clientCpuUsPerRequest),
      })
    }
  }
  return out
}

function resultTable(report: Report, markdown: boolean): string {
  const header = [
    'path',
    'conns',
    'server',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'bytes/resp',
    'server CPU µs/req',
    'client CPU µs/req',
    'ours / plain req/s',
    'ours / plain + our headers req/s',
  ]
  const rows: string[][] = []
  for (const target of report.targets) {
    const levels = [
      ...new Set(report.runs.filter((r) => r.path === target.id).map((r) => r.connections)),
    ].sort((a, b) => a - b)
    for (const connections of levels) {
      for (const server of ['ours', 'plain', 'same', 'node'] as const) {
        const run = report.runs.find(
          (r) => r.path === target.id && r.connections === connections && r.server === server,
        )
        if (!run) continue
        const ratio = (baseline: Baseline) => {
          const found = report.ratios.find(
            (r) => r.baseline === baseline && r.path === target.id && r.connections === connections,
          )
          return server === 'ours' && found ? found.rps.toFixed(2) : ''
        }
        rows.push([
          markdown ? target.label : target.id,
          fmt(connections),
          SERVER_NAMES[server],
          fmt(Math.round(run.rps)),
          String(run.p50Ms),
          String(run.p99Ms),
          errorCell(run),
          fmt(run.bytesPerResponse),
          String(run.serverCpuUsPerRequest),
          String(run.clientCpuUsPerRequest),
          ratio('plain'),
          ratio('same'),
        ])
      }
    }
  }
  return markdown
    ? mdTable(header, rows, ['l', 'r', 'l', 'r', 'r', 'r', 'l', 'r', 'r', 'r', 'r', 'r'])
    : textTable(header, rows)
}

const FINDINGS_START = '<!-- findings: written by hand, kept when the report is regenerated -->'
const FINDINGS_END = '<!-- /findings -->'

/** The hand-written findings of the current report, kept across runs. */
function keptFindings(): string {
  if (!existsSync(REPORT_FILE)) return ''
  const text = readFileSync(REPORT_FILE, 'utf8')
  const start = text.indexOf(FINDINGS_START)
  const end = text.indexOf(FINDINGS_END)
  return start >= 0 && end > start ? text.slice(start + FINDINGS_START.length, end).trim() : ''
}

/** How much of its core autocannon used against nginx, as the report says it. */
function clientUse(report: Report): string {
  const pcts = report.runs.filter((r) => r.server !== 'node').map((r) => r.clientCpuPct)
  const [low, high] = [Math.min(...pcts), Math.max(...pcts)]
  const range = low === high ? `${low}%` : `${low}–${high}%`
  return report.pinning
    ? `it had core ${report.pinning.client} to itself and used ${range} of it against nginx`
    : `it used ${range} of a core against nginx`
}

function markdownReport(report: Report): string {
  const ours5000 = report.runs.filter((r) => r.server === 'ours' && r.connections === 5000)
  const lowest = (baseline: Baseline) => {
    const ratios = report.ratios.filter((r) => r.baseline === baseline)
    if (!ratios.length) return '–'
    const min = Math.min(...ratios.map((r) => r.rps))
    const worst = ratios.find((r) => r.rps === min)
    return `lowest ${min.toFixed(2)} (${worst?.path} at ${fmt(worst?.connections ?? 0)})`
  }
  const verdict = (ok: boolean | null) => (ok === null ? 'not measured' : ok ? '**holds**' : '**missed**')
  const nodeRuns = report.runs.filter((r) => r.server === 'node')
  const targetRows = report.targets.map((t) => [
    t.label,
    `\`${t.path}\``,
    `${fmt(t.bodyBytes)} B (${kib(t.bodyBytes)}, ${t.encoding ?? 'identity'})`,
    `\`${t.plainPath}\``,
    t.nodeBodyBytes === null ? '–' : `${fmt(t.nodeBodyBytes)} B (${t.nodeEncoding ?? 'identity'})`,
    `${t.headerBytes.ours ?? '–'} / ${t.headerBytes.plain ?? '–'} / ${t.headerBytes.same ?? '–'} / ${t.headerBytes.node ?? '–'}`,
  ])
  const limits = report.openFiles
  const logLines = (['ours', 'plain', 'same'] as const).flatMap((server) =>
    (report.nginxLog[server] ?? []).map((l) => `- ${SERVER_NAMES[server]}: ${l.count} × \`${l.message}\``),
  )
  return `# Load on the serving path (issue #30, item 7)

Written by \`pnpm bench:serve\` (\`e2e/perf/bench-serve.ts\`, e2e/perf/README.md) on ${report.date.slice(0, 10)};
the figures are in \`e2e/perf/results/serve.json\`. A benchmark, not a test. Everything below the findings
is regenerated by the command.

${FINDINGS_START}

${keptFindings() || '_No findings written yet._'}

${FINDINGS_END}

## Goals

| goal | result |
| --- | --- |
| 0 errors at 5,000 connections (our nginx, every path) | ${verdict(ours5000.length ? ours5000.every((r) => r.errors + r.non2xx === 0) : null)}: ${ours5000.map((r) => `${r.path} ${errorCell(r)}`).join(', ') || '–'} |
| our nginx ≥ 0.9 × the plain file's requests/s (every path and level) | ${verdict(report.goals.throughputRatioAtLeast09)}: ${lowest('plain')} |
| our nginx ≥ 0.9 × the requests/s of the plain file sent with our headers (the same bytes; every path and level) | ${verdict(report.goals.sameBytesRatioAtLeast09)}: ${lowest('same')} |

## Results

${DURATION_LABEL(report)} Latency of the 2xx answers, from each response's own time (autocannon's
\`response\` event); errors are connection errors and timeouts (no answer within ${report.timeoutS} s) plus non-2xx answers. Bytes per response are headers and body as
read. Server CPU is the user + system time of nginx's workers (or the Node process) during the run, divided by
the requests answered (on loopback it includes the kernel's work of delivering the bytes); client CPU is
autocannon's, per request: ${clientUse(report)}, so where it is near 100% the load generator, not the
server, set the pace.

${resultTable(report, true)}

Ratios, our nginx / plain file (bare), and our nginx / plain file + our headers (the same bytes):

${mdTable(
  [
    'over',
    'path',
    'connections',
    'req/s',
    'req/s per slice pair',
    'p99',
    'server CPU per request',
    'client CPU per request',
  ],
  report.ratios.map((r) => [
    r.baseline === 'plain' ? 'plain file' : 'plain + our headers',
    r.path,
    fmt(r.connections),
    r.rps.toFixed(2),
    r.rpsRange ? `${r.rpsRange[0].toFixed(2)}–${r.rpsRange[1].toFixed(2)}` : '–',
    r.p99 === null ? '–' : r.p99.toFixed(2),
    r.cpuPerRequest === null ? '–' : r.cpuPerRequest.toFixed(2),
    r.clientCpuPerRequest === null ? '–' : r.clientCpuPerRequest.toFixed(2),
  ]),
)}

## What was measured

Route \`${report.route}\`, with \`Accept-Encoding: ${report.acceptEncoding}\` on every request, as a browser sends it:

${mdTable(
  [
    'response',
    'path',
    'body from our nginx',
    'plain file',
    'body from Node',
    'header bytes ours / plain / plain + ours / Node',
  ],
  targetRows,
  ['l', 'l', 'r', 'l', 'r', 'r'],
)}

- **nginx, deploy/nginx.conf**: the production configuration rendered by \`deploy/src/nginx/nginx-serve.ts\`
  (\`prepareNginx\`: web root, settings, placeholders, brotli_static ${report.brotliStatic ? 'loaded' : 'not installed: gzip copies'}), over a
  copy of the build (\`e2e/perf/.build/serve\`) with the route pages the release writes; plain HTTP/1.1 on
  127.0.0.1 (autocannon speaks HTTP/1.1 only: production's HTTP/2 with TLS is not in these figures).
- **nginx, plain file**: a bare configuration in the same run: \`worker_processes auto\`, the same
  \`worker_connections\` and \`worker_rlimit_nofile\`, \`sendfile on\`, \`access_log off\`, no headers, no
  locations, serving three files whose sizes are the bodies above (the compressed bytes themselves).
- **nginx, plain file + our headers**: the same bare nginx and files, each answered with the headers our nginx
  sends with it (\`add_header\`, the same names and values: security headers, caching, \`Vary\`, encoding), so
  the same bytes go over the wire as from ours. Ours over it is what our configuration costs beyond its
  answers' size: the headers are ADR 0025's, which the page must carry.
- **Node demo server**: \`createAppServer\` as \`pnpm start\` runs it (the written pages, the release's compressed
  copies), in a process of its own (\`e2e/perf/serve-node.ts\`), HTTP/1.1.
- Each level: the three nginx back to back, ${report.durationS} s each in slices of ${report.durationS / 4} s, in the order A B C C B A B C A A C B
  (which one is A rotates between levels), so that a change in the machine's other load weighs on all
  alike; the ratio is over all slices, and each slice's ratio to the baseline's slice of the same round gives its spread. One ${WARMUP_S}-s warm-up per
  server and path; ${PAIR_PAUSE_MS / 1000} s between slices. The Node server: ${report.durationS} s per level.
- ${report.pinning ? `autocannon (every thread of the benchmark's process) on core ${report.pinning.client}, nginx and the Node server on core ${report.pinning.server} (\`taskset\`): what the servers spend is not taken from the load generator, and where the scheduler puts nginx's workers does not move the figures` : 'Not pinned: the load generator and the servers share the cores'}.
- autocannon ${report.bodiesDropped ? 'reads every body without keeping it: its own code appends each body to a string (to compare it with `expectBody`, unused here), which for the 86 KiB chunk cost it more than nginx spent and, at 5,000 connections, made it fall behind until its own timeouts fired (`dropBodies` in the script)' : 'keeps every body as a string, as it does by default'}.

## Machine

- ${report.machine.nproc} cores (\`nproc\`), ${report.machine.cpu}, ${report.machine.memoryGiB} GiB, Linux ${report.machine.kernel}
- ${report.nginx}; Node ${report.node}; autocannon ${report.autocannon} (programmatic API, one process)
- open files: the benchmark process ${limits.bench ? `${limits.bench.soft} (hard ${limits.bench.hard})` : 'unknown'}, an nginx
  worker ${limits.nginxWorker ? `${limits.nginxWorker.soft} (hard ${limits.nginxWorker.hard})` : 'unknown'}
- load average (1, 5, 15 min): ${report.machine.loadBefore.join(', ')} before the runs, ${report.machine.loadAfter.join(', ')} after
${logLines.length ? `\nnginx's error log during the run:\n\n${logLines.join('\n')}\n` : ''}
## Node demo server

${
  nodeRuns.length
    ? mdTable(
        ['path', 'connections', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs our nginx req/s'],
        nodeRuns.map((r) => {
          const ours = report.runs.find(
            (o) => o.server === 'ours' && o.path === r.path && o.connections === r.connections,
          )
          return [
            r.path,
            fmt(r.connections),
            fmt(Math.round(r.rps)),
            String(r.p50Ms),
            String(r.p99Ms),
            errorCell(r),
            ours ? (r.rps / ours.rps).toFixed(2) : '–',
          ]
        }),
      )
    : '_not measured_'
}

## Reproduce

\`\`\`sh
pnpm build          # only when deploy/cdn/registry.json is missing (the command builds then by itself)
pnpm bench:serve    # about ${Math.ceil(estimateSeconds() / 60)} minutes
\`\`\`
`
}

const DURATION_LABEL = (report: Report) =>
  `Each server is measured for ${report.durationS} s per level (autocannon, HTTP/1.1 keep-alive, one request at a time per connection).`

function estimateSeconds(): number {
  const nginx = 3 * NGINX_LEVELS.length * (3 * DURATION_S + TRIO_ORDER.length * (PAIR_PAUSE_MS / 1000 + 0.5))
  const node = 3 * NODE_LEVELS.length * (DURATION_S + PAUSE_MS / 1000 + 0.5)
  return nginx + node + 3 * 4 * (WARMUP_S + PAUSE_MS / 2000 + 0.5) + 30
}

interface Variant {
  name: string
  what: string
  edit: (conf: string) => string
  /** The plain nginx with the headers our nginx adds, instead of an edit of ours. */
  plainWithHeaders?: boolean
}

const edits = {
  accessLog: (conf: string) => conf.replace(/^(\s*)access_log [^;]*;$/m, '$1access_log off;'),
  addHeader: (conf: string) => conf.replace(/^\s*add_header .*;\n/gm, ''),
  charset: (conf: string) => conf.replace(/^\s*charset(?:_types)? [^;]*;\n/gm, ''),
  tcpNopush: (conf: string) => conf.replace(/^\s*tcp_nopush on;\n/m, ''),
}

/** Candidates for what our configuration costs beside a plain file, each taken out alone, then all at once. */
const VARIANTS: Variant[] = [
  { name: 'as configured', what: 'deploy/nginx.conf as rendered', edit: (conf) => conf },
  { name: 'no access log', what: '`access_log off` instead of the buffered log', edit: edits.accessLog },
  {
    name: 'no add_header',
    what: 'every `add_header` removed (security headers, Cache-Control, CORS)',
    edit: edits.addHeader,
  },
  { name: 'no charset', what: '`charset` and `charset_types` removed', edit: edits.charset },
  { name: 'no tcp_nopush', what: '`tcp_nopush on` removed', edit: edits.tcpNopush },
  {
    name: 'none of these',
    what: 'all four removed',
    edit: (conf) => edits.tcpNopush(edits.charset(edits.addHeader(edits.accessLog(conf)))),
  },
  {
    name: 'plain + our headers',
    what: 'the plain nginx, each file answered with the headers our nginx adds to its answer (`add_header`, same names and values)',
    edit: (conf) => conf,
    plainWithHeaders: true,
  },
]

interface VariantResult {
  variant: string
  path: PathId
  /** The variant's figures, and the plain file's measured in the same pair (slices interleaved). */
  run: Run
  plain: Run
  /** Requests/s, variant / plain, over the pair and per slice pair. */
  ratio: number
  pairRatios: number[]
}

/**
 * Each variant (our nginx with a candidate taken out, or the plain nginx with our headers) against the plain
 * file, path by path, as a pair of interleaved slices (`measurePair`), so that the machine's drift between
 * variants cancels out. Our nginx must be stopped: the variants take its prefix and port.
 */
async function measureVariants(
  baseConf: string,
  port: number,
  plain: Side,
  targets: Target[],
): Promise<VariantResult[]> {
  const results: VariantResult[] = []
  const variantsDir = join(SERVE_DIR, 'variants')
  mkdirSync(variantsDir, { recursive: true })
  const base = readFileSync(baseConf, 'utf8')
  for (const variant of VARIANTS.slice(1).filter((v) => !v.plainWithHeaders)) {
    if (variant.edit(base) === base) throw new Error(`variant "${variant.name}" changes nothing`)
  }
  const withHeadersPrefix = join(SERVE_DIR, 'plain-headers')
  mkdirSync(withHeadersPrefix, { recursive: true })
  const withHeaders = plainNginxConf(port, {
    prefix: withHeadersPrefix,
    headers: oursOnlyHeadersByPath(targets),
  })
  for (const [i, variant] of VARIANTS.entries()) {
    const file = join(variantsDir, `${variant.name.replace(/\W+/g, '-')}.conf`)
    writeFileSync(file, variant.plainWithHeaders ? withHeaders : variant.edit(base))
    const prefix = variant.plainWithHeaders ? withHeadersPrefix : OURS_PREFIX
    const nginx = await startProcess(NGINX_BIN, ['-c', file, '-p', prefix, '-e', 'stderr'], port, 'nginx')
    const side: Side = { id: variant.plainWithHeaders ? 'plain' : 'ours', process: nginx, port }
    try {
      for (const target of targets) {
        const answer = await fetchOnce(port, side.id === 'plain' ? target.plainPath : target.path)
        if (answer.status !== 200 || answer.body.length !== target.bodyBytes) {
          throw new Error(`${variant.name}: ${target.path} is ${answer.status}, ${answer.body.length} B`)
        }
        await measure(side.id, nginx, port, target, VARIANT_CONNECTIONS, 1)
        // Which one goes first alternates from variant to variant.
        const sides: [Side, Side] = i % 2 === 0 ? [side, plain] : [plain, side]
        const { runs, pairRatios } = await measurePair(sides, target, VARIANT_CONNECTIONS, VARIANT_DURATION_S)
        const [run, plainRun] = i % 2 === 0 ? runs : [runs[1], runs[0]]
        const result: VariantResult = {
          variant: variant.name,
          path: target.id,
          run,
          plain: plainRun,
          ratio: round(run.rps / plainRun.rps, 3),
          pairRatios: i % 2 === 0 ? pairRatios : pairRatios.map((r) => round(1 / r, 3)),
        }
        results.push(result)
        console.log(
          `  ${target.id.padEnd(5)} ${variant.name.padEnd(19)} ${fmt(Math.round(run.rps)).padStart(7)} req/s` +
            ` vs plain ${fmt(Math.round(plainRun.rps)).padStart(7)}: ${result.ratio.toFixed(2)}` +
            ` (${Math.min(...result.pairRatios).toFixed(2)}–${Math.max(...result.pairRatios).toFixed(2)})` +
            `  server ${run.serverCpuUsPerRequest} / ${plainRun.serverCpuUsPerRequest} µs/req` +
            `  client ${run.clientCpuUsPerRequest} / ${plainRun.clientCpuUsPerRequest} µs/req` +
            `  p99 ${run.p99Ms} / ${plainRun.p99Ms} ms  errors ${run.errors + run.non2xx}`,
        )
      }
    } finally {
      await nginx.stop()
    }
  }
  return results
}

function variantsReport(results: VariantResult[]): string {
  const rows = results.map((r) => [
    r.path,
    r.variant,
    fmt(Math.round(r.run.rps)),
    fmt(Math.round(r.plain.rps)),
    `${r.ratio.toFixed(2)} (${Math.min(...r.pairRatios).toFixed(2)}–${Math.max(...r.pairRatios).toFixed(2)})`,
    `${r.run.serverCpuUsPerRequest} / ${r.plain.serverCpuUsPerRequest}`,
    `${r.run.clientCpuUsPerRequest} / ${r.plain.clientCpuUsPerRequest}`,
    `${fmt(r.run.bytesPerResponse)} / ${fmt(r.plain.bytesPerResponse)}`,
    `${r.run.p99Ms} / ${r.plain.p99Ms}`,
    String(r.run.errors + r.run.non2xx + r.plain.errors + r.plain.non2xx),
  ])
  return `# Where our nginx configuration's cost goes (\`BENCH_SERVE_VARIANTS\`)

Written by \`pnpm bench:serve\` with \`BENCH_SERVE_VARIANTS\` on ${new Date().toISOString().slice(0, 10)}: each variant
against the plain file in interleaved slices (A B B A B A A B, ${VARIANT_DURATION_S} s each in all), at ${VARIANT_CONNECTIONS} connections, the
same way as docs/load.md measures our nginx. "variant / plain" is the pair's requests/s ratio, with the lowest
and highest of its four slice pairs. Server CPU is nginx's workers' user + system time per request, client CPU
autocannon's. See docs/load.md.

${VARIANTS.map((v) => `- **${v.name}**: ${v.what}`).join('\n')}

${mdTable(
  [
    'path',
    'configuration',
    'req/s',
    'plain req/s',
    'variant / plain',
    'server µs/req (variant / plain)',
    'client µs/req',
    'bytes/resp',
    'p99 ms',
    'errors',
  ],
  rows,
  ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
)}
`
}

interface Setup {
  targets: Target[]
  node: Process
  ours: Process
  plain: Process
  same: Process
  oursConf: string
  ports: Record<ServerId, number>
}

/**
 * Starts the Node server, our nginx and the plain nginx (pushing each onto `running`), measures the three
 * bodies our nginx sends and writes the plain files of the same bytes.
 */
async function setUp(running: Process[]): Promise<Setup> {
  if (!federatedBuildPresent()) await buildFederated()
  console.log(`\n› copying the build into ${SERVE_DIR}`)
  const build = await snapshotFederatedBuild(join(SERVE_DIR, 'federated'))
  // The shell build writes compressed copies as its last step (deploy/src/release/build.ts): a shell/dist taken from a
  // build that skipped or had not reached it gets them here, or nginx would compress on every request.
  const compressed = precompressDir(build.shellDir)
  if (compressed.length) {
    console.log(`  shell/dist lacked compressed copies of ${compressed.length} files: written into the copy`)
  }
  const settings = writeBuildPages(build)
  const pageFile = join(pagesDirOf(build.cdnDir), `${ROUTE.slice(1)}.html`)
  if (!existsSync(pageFile)) throw new Error(`no page for ${ROUTE}: is its remote released?`)
  const page = readFileSync(pageFile, 'utf8')
  const entry = /href="(\/remotes\/[^"]+\/remoteEntry\.js)"/.exec(page)?.[1]
  const asset = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1]
  if (!entry || !asset) throw new Error(`${ROUTE}'s page names no remote entry or no shell chunk`)
  const [nodePort, oursPort, plainPort, samePort] = await freePorts(4)

  console.log(`› Node demo server on 127.0.0.1:${nodePort}`)
  const node = await startProcess(
    process.execPath,
    ['--import', 'tsx', join(PERF_DIR, 'serve-node.ts'), String(nodePort), build.shellDir, build.cdnDir],
    nodePort,
    'node',
  )
  running.push(node)

  console.log(`› nginx with deploy/nginx.conf on 127.0.0.1:${oursPort}`)
  rmSync(OURS_PREFIX, { recursive: true, force: true })
  mkdirSync(OURS_PREFIX, { recursive: true })
  const oursConf = prepareNginx({
    port: oursPort,
    prefix: OURS_PREFIX,
    shellDir: build.shellDir,
    cdnDir: build.cdnDir,
    apiUpstream: `http://127.0.0.1:${nodePort}`,
    // Every page as its file, as the Node server sends it here (the render service: `pnpm bench:render`).
    renderUpstream: null,
    apiOrigin: '',
    settings,
    tls: null,
  })
  // Its pages' page-load tokens are made with the secret from nginx's environment (ADR 0040).
  process.env.HEALTH_TOKEN_SECRET = healthTokenSecret()
  const ours = await startProcess(
    NGINX_BIN,
    ['-c', oursConf, '-p', OURS_PREFIX, '-e', 'stderr'],
    oursPort,
    'nginx',
  )
  running.push(ours)

  const targets: Target[] = [
    { id: 'page' as const, label: `route page ${ROUTE}`, path: ROUTE + ROUTE_QUERY, plainPath: '/page.bin' },
    { id: 'entry' as const, label: 'remote entry', path: entry, plainPath: '/entry.bin' },
    { id: 'asset' as const, label: 'hashed asset (shell entry chunk)', path: asset, plainPath: '/asset.bin' },
  ].map((t) => ({
    ...t,
    bodyBytes: 0,
    encoding: null,
    headerBytes: {},
    nodeBodyBytes: null,
    nodeEncoding: null,
    oursOnlyHeaders: {},
  }))

  console.log(`› plain nginx on 127.0.0.1:${plainPort}`)
  rmSync(PLAIN_PREFIX, { recursive: true, force: true })
  mkdirSync(join(PLAIN_PREFIX, 'www'), { recursive: true })
  for (const target of targets) {
    const answer = await fetchOnce(oursPort, target.path)
    if (answer.status !== 200) throw new Error(`our nginx answered ${target.path} with ${answer.status}`)
    target.bodyBytes = answer.body.length
    target.encoding = (answer.headers['content-encoding'] as string | undefined) ?? null
    const expected = /^\s*brotli_static on;/m.test(readFileSync(oursConf, 'utf8')) ? 'br' : 'gzip'
    if (target.encoding !== expected) {
      throw new Error(`our nginx sent ${target.path} as ${target.encoding ?? 'identity'}, not ${expected}`)
    }
    target.headerBytes.ours = answer.headerBytes
    // The plain file is the body itself: same bytes, same length, sent without any header of ours.
    writeFileSync(join(PLAIN_PREFIX, 'www', target.plainPath.slice(1)), answer.body)
  }
  const plain = await startPlainNginx(PLAIN_PREFIX, plainPort)
  running.push(plain)
  for (const target of targets) {
    const answer = await fetchOnce(plainPort, target.plainPath)
    if (answer.status !== 200 || answer.body.length !== target.bodyBytes) {
      throw new Error(`plain nginx: ${target.plainPath} is ${answer.status}, ${answer.body.length} B`)
    }
    target.headerBytes.plain = answer.headerBytes
    const fromOurs = await fetchOnce(oursPort, target.path)
    target.oursOnlyHeaders = Object.fromEntries(
      Object.entries(fromOurs.headers)
        .filter(([name, value]) => !(name in answer.headers) && value !== undefined)
        .map(([name, value]) => [name, [value ?? []].flat()]),
    )
    const fromNode = await fetchOnce(nodePort, target.path)
    if (fromNode.status !== 200)
      throw new Error(`the Node server answered ${target.path} with ${fromNode.status}`)
    target.nodeBodyBytes = fromNode.body.length
    target.nodeEncoding = (fromNode.headers['content-encoding'] as string | undefined) ?? null
    target.headerBytes.node = fromNode.headerBytes
  }

  console.log(`› plain nginx with our headers on 127.0.0.1:${samePort}`)
  rmSync(SAME_PREFIX, { recursive: true, force: true })
  mkdirSync(SAME_PREFIX, { recursive: true })
  const same = await startPlainNginx(SAME_PREFIX, samePort, oursOnlyHeadersByPath(targets))
  running.push(same)
  for (const target of targets) {
    const answer = await fetchOnce(samePort, target.plainPath)
    const ours = target.headerBytes.ours ?? 0
    if (answer.status !== 200 || answer.body.length !== target.bodyBytes) {
      throw new Error(
        `plain nginx with our headers: ${target.plainPath} is ${answer.status}, ${answer.body.length} B`,
      )
    }
    // Same names and values; the lines nginx adds by itself differ by a few dozen bytes (Last-Modified and
    // ETag, which ours leaves off the no-cache page; Content-Type).
    if (Math.abs(answer.headerBytes - ours) > 64) {
      throw new Error(
        `plain nginx with our headers: ${target.plainPath}'s headers are ${answer.headerBytes} B, ours ${ours} B`,
      )
    }
    target.headerBytes.same = answer.headerBytes
  }
  for (const t of targets) {
    console.log(
      `  ${t.id}: ${t.path} → ${t.bodyBytes} B ${t.encoding ?? 'identity'} (Node: ${t.nodeBodyBytes} B)`,
    )
  }
  return {
    targets,
    node,
    ours,
    plain,
    same,
    oursConf,
    ports: { node: nodePort, ours: oursPort, plain: plainPort, same: samePort },
  }
}

/** The report's measurements: each path at each level, our nginx and the plain one back to back, then Node. */
async function sweep(setup: Setup): Promise<void> {
  const { targets, ours, plain, same, node, ports } = setup
  const worker = ours.pids()[0]
  const report: Report = {
    date: new Date().toISOString(),
    machine: {
      nproc: NPROC,
      cpu: cpus()[0]?.model ?? 'unknown',
      memoryGiB: round(totalmem() / 1024 ** 3, 1),
      kernel: release(),
      loadBefore: loadavg().map((n) => round(n, 2)),
      loadAfter: [],
    },
    node: process.version,
    nginx: versionOf(NGINX_BIN, ['-v']),
    autocannon: (
      JSON.parse(readFileSync(join(E2E_DIR, 'node_modules', 'autocannon', 'package.json'), 'utf8')) as {
        version: string
      }
    ).version,
    brotliStatic: /^\s*brotli_static on;/m.test(readFileSync(setup.oursConf, 'utf8')),
    bodiesDropped,
    pinning: PINNING,
    openFiles: { bench: openFilesLimit(), nginxWorker: worker ? openFilesLimit(worker) : null },
    durationS: DURATION_S,
    timeoutS: TIMEOUT_S,
    acceptEncoding: ACCEPT_ENCODING,
    route: ROUTE + ROUTE_QUERY,
    targets,
    runs: [],
    ratios: [],
    goals: { zeroErrorsAt5000: null, throughputRatioAtLeast09: false, sameBytesRatioAtLeast09: null },
    nginxLog: { ours: [], plain: [], same: [] },
  }
  if (report.machine.loadBefore[0] > report.machine.nproc / 2) {
    console.warn(
      `  the machine is busy (load ${report.machine.loadBefore.join(', ')}): the figures will say less`,
    )
  }
  console.log(`\n› about ${Math.ceil(estimateSeconds() / 60)} minutes of load (${DURATION_S} s per run)\n`)
  const servers: Record<ServerId, Process> = { ours, plain, same, node }
  const record = (run: Run) => {
    report.runs.push(run)
    console.log(
      `  ${run.path.padEnd(5)} ${String(run.connections).padStart(5)} ${run.server.padEnd(5)} ` +
        `${fmt(Math.round(run.rps)).padStart(7)} req/s  p50 ${run.p50Ms} ms  p99 ${run.p99Ms} ms  ` +
        `errors ${errorCell(run)}  server ${run.serverCpuUsPerRequest} µs/req  client ${run.clientCpuPct}%`,
    )
  }
  const sliceRatios = new Map<string, number[]>()
  const trio = ['ours', 'plain', 'same'] as const
  for (const target of targets) {
    for (const server of ['ours', 'plain', 'same', 'node'] as const) {
      await measure(server, servers[server], ports[server], target, 100, WARMUP_S)
      await sleep(PAUSE_MS / 2)
    }
    for (const [i, connections] of NGINX_LEVELS.entries()) {
      // Which one is A rotates from level to level.
      const order = [0, 1, 2].map((k) => trio[(k + i) % 3])
      const sides = order.map((id) => ({ id, process: servers[id], port: ports[id] }))
      const measured = await measureGroup(sides, target, connections, DURATION_S)
      measured.runs.forEach(record)
      // ours / each baseline for each round of slices, whichever went first
      const run = (id: ServerId) => measured.runs[order.indexOf(id as (typeof trio)[number])]
      for (const baseline of ['plain', 'same'] as const) {
        const base = run(baseline).sliceRps
        const ratios = run('ours').sliceRps.map((rps, r) => round(rps / base[r], 3))
        sliceRatios.set(`${target.id}:${connections}:${baseline}`, ratios)
      }
    }
    for (const connections of NODE_LEVELS) {
      record(await measure('node', node, ports.node, target, connections, DURATION_S))
      await sleep(PAUSE_MS)
    }
  }
  report.machine.loadAfter = loadavg().map((n) => round(n, 2))
  report.ratios = ratiosOf(report.runs, sliceRatios)
  const at5000 = report.runs.filter((r) => r.server === 'ours' && r.connections === 5000)
  report.goals = {
    zeroErrorsAt5000: at5000.length ? at5000.every((r) => r.errors + r.non2xx === 0) : null,
    throughputRatioAtLeast09: report.ratios.filter((r) => r.baseline === 'plain').every((r) => r.rps >= 0.9),
    sameBytesRatioAtLeast09: report.ratios.some((r) => r.baseline === 'same')
      ? report.ratios.filter((r) => r.baseline === 'same').every((r) => r.rps >= 0.9)
      : null,
  }
  report.nginxLog = { ours: ours.log.list(), plain: plain.log.list(), same: same.log.list() }

  mkdirSync(RESULTS_DIR, { recursive: true })
  await writeFormatted(JSON_FILE, JSON.stringify(report, null, 2))
  await writeFormatted(MD_FILE, markdownReport(report))
  console.log(`\n${resultTable(report, false)}\n`)
  console.log(
    `goals: 0 errors at 5,000: ${report.goals.zeroErrorsAt5000}; ≥ 0.9 of plain: ${report.goals.throughputRatioAtLeast09}; ` +
      `≥ 0.9 of plain + our headers: ${report.goals.sameBytesRatioAtLeast09}`,
  )
  console.log(`wrote ${JSON_FILE.slice(ROOT_DIR.length + 1)} and ${MD_FILE.slice(ROOT_DIR.length + 1)}`)
}

async function variants(setup: Setup): Promise<void> {
  console.log(`\n› variants of our configuration at ${VARIANT_CONNECTIONS} connections`)
  await setup.ours.stop()
  const plain: Side = { id: 'plain', process: setup.plain, port: setup.ports.plain }
  const results = await measureVariants(setup.oursConf, setup.ports.ours, plain, setup.targets)
  mkdirSync(RESULTS_DIR, { recursive: true })
  const doc = {
    date: new Date().toISOString(),
    connections: VARIANT_CONNECTIONS,
    durationS: VARIANT_DURATION_S,
    pinning: PINNING,
    loadAfter: loadavg().map((n) => round(n, 2)),
    variants: VARIANTS.map(({ name, what }) => ({ name, what })),
    targets: setup.targets,
    results,
  }
  await writeFormatted(join(RESULTS_DIR, 'serve-variants.json'), JSON.stringify(doc, null, 2))
  await writeFormatted(join(RESULTS_DIR, 'serve-variants.md'), variantsReport(results))
  console.log('wrote e2e/perf/results/serve-variants.json and serve-variants.md')
}

async function main() {
  if (process.env.BENCH_SERVE_REPORT_ONLY === '1') {
    // The report written again from the last run's figures (after a change of its text or of the findings).
    const report = JSON.parse(readFileSync(join(RESULTS_DIR, 'serve.json'), 'utf8')) as Report
    await writeFormatted(REPORT_FILE, markdownReport(report))
    console.log(`wrote ${REPORT_FILE.slice(ROOT_DIR.length + 1)} from e2e/perf/results/serve.json`)
    return
  }
  if (ensureDescriptors() === 'restarted') return
  bodiesDropped = dropBodies()
  if (PINNING && !pinSelf())
    throw new Error('taskset could not pin the load generator (BENCH_SERVE_PIN=0 to run unpinned)')
  if (!existsSync(NGINX_BIN))
    throw new Error(`${NGINX_BIN} is missing: apt-get install nginx (or set NGINX_BIN)`)
  const running: Process[] = []
  const stopAll = () => Promise.all(running.map((p) => p.stop()))
  process.once('SIGINT', () => {
    void stopAll().then(() => process.exit(130))
  })
  try {
    const setup = await setUp(running)
    if (VARIANTS_MODE !== 'only') await sweep(setup)
    if (VARIANTS_MODE) await variants(setup)
  } finally {
    await stopAll()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
