import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HEALTH_REPORT_MAX_BYTES, type HealthReport } from 'shared/health/report'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import {
  createHealthCollector,
  HEALTH_REPORT_PATH,
  HEALTH_REPORTS_PER_MINUTE,
  healthReportsPerMinute,
  PageLoads,
  RateLimit,
  receiveHealthReport,
  type HealthCollector,
} from './health-collector'
import { readStoredLoads } from './health-db'
import { HealthStore } from './health-store'

let dir: string
let file: string
let server: Server | null = null
let collector: HealthCollector
let port: number
let forwarded: HealthReport[]

const REPORT: HealthReport = {
  v: 1,
  route: '/repay',
  phase: 'load',
  remotes: [{ remote: 'mf_repay', version: '1.0.0-abc', outcome: 'mounted', phases: { entry: 30 } }],
  vitals: [{ name: 'INP', value: 88, remote: 'mf_repay', version: '1.0.0-abc' }],
  errors: [],
  calls: [],
}

async function start(perMinute = 60) {
  dir = mkdtempSync(join(tmpdir(), 'health-collector-'))
  file = join(dir, 'health.db')
  forwarded = []
  collector = createHealthCollector(new HealthStore(file), (r) => forwarded.push(r), perMinute)
  server = createServer((req, res) =>
    receiveHealthReport(req, res, collector, { 'X-Content-Type-Options': 'nosniff' }),
  )
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  port = (server!.address() as AddressInfo).port
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(async () => {
  vi.restoreAllMocks()
  if (!server) return
  server.closeAllConnections()
  await new Promise((resolve) => server!.close(resolve))
  server = null
  await collector.store.close()
  rmSync(dir, { recursive: true, force: true })
})

const post = (
  body: string,
  type = 'application/json',
  method = 'POST',
  headers: Record<string, string> = {},
) =>
  fetch(`http://127.0.0.1:${port}${HEALTH_REPORT_PATH}`, {
    method,
    headers: { 'Content-Type': type, ...headers },
    body: method === 'GET' ? undefined : body,
  })

/** The page loads the store holds once what was queued is written. */
async function stored() {
  await collector.store.flush()
  return readStoredLoads(file)
}

test('a report is queued for the store, passed on to the exporter and answered 202 without a body', async () => {
  await start()
  const response = await post(JSON.stringify(REPORT))
  expect(response.status).toBe(202)
  expect(await response.text()).toBe('')
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(await stored()).toMatchObject([
    { remote: 'mf_repay', version: '1.0.0-abc', outcome: 'mounted', vitals: [{ name: 'INP', value: 88 }] },
  ])
  expect(forwarded).toEqual([REPORT])
  // sendBeacon with a string body sends text/plain: accepted the same.
  expect((await post(JSON.stringify(REPORT), 'text/plain;charset=UTF-8')).status).toBe(202)
})

test('a store that has stopped does not stop the answers: the report is answered 202 and counted as dropped', async () => {
  await start()
  await collector.store.close()
  expect((await post(JSON.stringify(REPORT))).status).toBe(202)
  expect((await post('{"v":1,')).status).toBe(400)
  expect(collector.store.dropped).toBe(2)
})

test('whatever fails after the check, every report gets its answer: 202 or 400, never a hung request', async () => {
  await start()
  const broken = () => {
    throw new Error('disk on fire')
  }
  vi.spyOn(collector.store, 'enqueue').mockImplementation(broken)
  vi.spyOn(collector.store, 'reject').mockImplementation(broken)
  collector.forward = broken
  const answered = (body: string) =>
    fetch(`http://127.0.0.1:${port}${HEALTH_REPORT_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      signal: AbortSignal.timeout(3000),
    }).then(
      (r) => r.status,
      (error: Error) => `no answer (${error.name})`,
    )
  expect(await answered(JSON.stringify(REPORT))).toBe(202)
  expect(await answered('{"v":1,')).toBe(400)
})

test('a load report starts a page load of its client and route; that client’s later reports of the route join it', () => {
  let now = 1000
  const loads = new PageLoads(() => now)
  const hidden = { ...REPORT, phase: 'hidden' as const, remotes: [] }
  const first = loads.of('203.0.113.9', REPORT)
  expect(first).toMatchObject({ route: '/repay', remote: 'mf_repay', issuedAt: 1000 })
  expect(first.loadId).toMatch(/^[0-9a-f]{32}$/)
  expect(first.client).toMatch(/^[0-9a-f]{16}$/)
  expect(first.client).not.toContain('203.0.113.9')
  now = 2000
  expect(loads.of('203.0.113.9', hidden)).toBe(first)
  expect(loads.of('203.0.113.10', hidden).loadId).not.toBe(first.loadId)
  expect(loads.of('203.0.113.9', { ...hidden, route: '/loanDetails' }).loadId).not.toBe(first.loadId)
  const next = loads.of('203.0.113.9', REPORT)
  expect(next.loadId).not.toBe(first.loadId)
  expect(next.client).toBe(first.client)
  expect(loads.of('203.0.113.9', { ...REPORT, route: '/testPreview' }).remote).toBeNull()
})

test.each([
  ['not JSON', '{"v":1,', 'not JSON'],
  [
    'a field the page never sends',
    JSON.stringify({ ...REPORT, orderId: '86' }),
    'a field the page never sends',
  ],
  ['an address as the route', JSON.stringify({ ...REPORT, route: '/repay?orderId=86' }), 'route'],
])('a malformed report (%s) gets 400, is counted and never stored', async (_, body, problem) => {
  await start()
  const response = await post(body)
  expect(response.status).toBe(400)
  expect(await response.text()).toContain(problem)
  expect(collector.counts.rejected).toBe(1)
  expect(await collector.store.rejectedSince(0)).toBe(1)
  expect(await stored()).toEqual([])
})

test('other methods, types and sizes are refused', async () => {
  await start()
  expect((await post('', 'application/json', 'GET')).status).toBe(405)
  expect((await post(JSON.stringify(REPORT), 'application/x-www-form-urlencoded')).status).toBe(415)
  const large = JSON.stringify({ ...REPORT, padding: 'x'.repeat(HEALTH_REPORT_MAX_BYTES) })
  expect((await post(large)).status).toBe(413)
  expect(await stored()).toEqual([])
})

test('one client past its reports per minute gets 429 and nothing is stored; nginx’s client (X-Real-IP) counts apart', async () => {
  await start(3)
  const statuses = []
  for (let i = 0; i < 5; i++) statuses.push((await post(JSON.stringify(REPORT))).status)
  expect(statuses).toEqual([202, 202, 202, 429, 429])
  expect(collector.counts.limited).toBe(2)
  expect(
    (await post(JSON.stringify(REPORT), 'application/json', 'POST', { 'X-Real-IP': '203.0.113.9' })).status,
  ).toBe(202)
  expect(await stored()).toHaveLength(4)
})

test('the rate limit starts again each minute', () => {
  let now = 0
  const limit = new RateLimit(1, () => now)
  expect([limit.allow('a'), limit.allow('a'), limit.allow('b')]).toEqual([true, false, true])
  now = 60_000
  expect(limit.allow('a')).toBe(true)
})

test('HEALTH_REPORTS_PER_MINUTE sets the rate; a value that is no whole number from 1 up is refused, named', () => {
  expect(healthReportsPerMinute({})).toBe(HEALTH_REPORTS_PER_MINUTE)
  expect(healthReportsPerMinute({ HEALTH_REPORTS_PER_MINUTE: '6000' })).toBe(6000)
  for (const bad of ['', ' ', '0', '-5', '2.5', 'many']) {
    expect(() => healthReportsPerMinute({ HEALTH_REPORTS_PER_MINUTE: bad }), bad).toThrow(
      'HEALTH_REPORTS_PER_MINUTE',
    )
  }
})
