import { createServer, type Server } from 'node:http'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HEALTH_REPORT_MAX_BYTES, type HealthReport } from 'shared/health'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import healthToken from '../nginx/health-token.js'
import { appendReleaseEvent } from '../release/release-log'
import {
  createHealthCollector,
  HEALTH_REPORT_PATH,
  HEALTH_REPORTS_PER_MINUTE,
  healthReportsPerMinute,
  RateLimit,
  receiveHealthReport,
  type HealthCollector,
} from './health-collector'
import { readStoredLoads, readStoredTables } from './health-db'
import { HealthStore } from './health-store'
import { pageLoadCookie, type PageLoadKeys } from './page-load-token'
import { VersionHistory } from './version-history'
import { closeServer, listenLocally } from '../testing/local-server'

let dir: string
let file: string
let server: Server | null = null
let collector: HealthCollector
let port: number
let forwarded: HealthReport[]

const KEYS: PageLoadKeys = { secret: 'collector-test-secret-0123456789abcdef', maxAgeSeconds: 3600 }

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
  const cdnDir = join(dir, 'cdn')
  mkdirSync(cdnDir)
  const pointer = (remote: string, version: string, previous: string | null) => ({
    version,
    entry: `/remotes/${remote}/${version}/mf-manifest.json`,
    previous: previous && { version: previous, entry: `/remotes/${remote}/${previous}/mf-manifest.json` },
    available: [version],
  })
  writeFileSync(
    join(cdnDir, 'registry.json'),
    JSON.stringify({
      remotes: {
        mf_repay: pointer('mf-repay', '1.0.0-abc', '0.9.0-old'),
        mf_loan: pointer('mf-loan', '2.0.0-new', null),
      },
    }),
  )
  appendReleaseEvent(cdnDir, {
    at: 1,
    kind: 'release',
    remote: 'mf_loan',
    from: '1.0.0-first',
    to: '2.0.0-new',
  })
  forwarded = []
  collector = createHealthCollector({
    store: new HealthStore(file),
    keys: KEYS,
    history: new VersionHistory(cdnDir, join(cdnDir, 'registry.json')),
    forward: (r) => forwarded.push(r),
    perMinute,
  })
  server = createServer((req, res) =>
    receiveHealthReport(req, res, collector, { 'X-Content-Type-Options': 'nosniff' }),
  )
  port = await listenLocally(server)
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(async () => {
  vi.restoreAllMocks()
  if (!server) return
  await closeServer(server)
  server = null
  await collector.store.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The Cookie header a browser sends with reports after a page at `target` was served to it. */
const pageLoad = (target = '/repay', keys = KEYS, now = Date.now(), address = '127.0.0.1') =>
  pageLoadCookie(keys, { target, address, endpoint: HEALTH_REPORT_PATH, secure: false }, now)!.split(';')[0]

const post = (
  body: string,
  type = 'application/json',
  method = 'POST',
  headers: Record<string, string> = { Cookie: pageLoad() },
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

/** How many reports the store kept, counted or not, once what was queued is written. */
async function kept() {
  await collector.store.flush()
  return (readStoredTables(file).loads ?? []).reduce((sum, load) => sum + Number(load.reports), 0)
}

test('a report is queued for the store, passed on to the exporter once kept and answered 202 without a body', async () => {
  await start()
  const response = await post(JSON.stringify(REPORT))
  expect(response.status).toBe(202)
  expect(await response.text()).toBe('')
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(await stored()).toMatchObject([
    { remote: 'mf_repay', version: '1.0.0-abc', outcome: 'mounted', vitals: [{ name: 'INP', value: 88 }] },
  ])
  expect(forwarded).toEqual([REPORT])
  expect(collector.counts).toMatchObject({ accepted: 1, stored: 1 })
  // sendBeacon with a string body sends text/plain: accepted the same.
  expect((await post(JSON.stringify(REPORT), 'text/plain;charset=UTF-8')).status).toBe(202)
})

test('a store that has stopped does not stop the answers: the report is answered 202 and counted as dropped', async () => {
  await start()
  await collector.store.close()
  expect((await post(JSON.stringify(REPORT))).status).toBe(202)
  expect((await post('{"v":1,')).status).toBe(400)
  expect(collector.store.dropped).toBe(2)
  expect(forwarded).toEqual([])
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
      headers: { 'Content-Type': 'application/json', Cookie: pageLoad() },
      body,
      signal: AbortSignal.timeout(3000),
    }).then(
      (r) => r.status,
      (error: Error) => `no answer (${error.name})`,
    )
  expect(await answered(JSON.stringify(REPORT))).toBe(202)
  expect(await answered('{"v":1,')).toBe(400)
})

test.each([
  ['not JSON', '{"v":1,', 'not JSON'],
  [
    'a field the page never sends',
    JSON.stringify({ ...REPORT, orderId: '86' }),
    'a field the page never sends',
  ],
  ['an address as the route', JSON.stringify({ ...REPORT, route: '/repay?orderId=86' }), 'route'],
  [
    'a metric name no engine reports',
    JSON.stringify({ ...REPORT, engine: { name: 'webkit', major: 17, unreported: ['FID'] } }),
    'engine.unreported.0: expected ("LCP" | "INP" | "CLS")',
  ],
  [
    'the user agent beside the engine',
    JSON.stringify({
      ...REPORT,
      engine: { name: 'webkit', major: 17, unreported: [], ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2)' },
    }),
    'engine: a field the page never sends',
  ],
  [
    'a vital its engine says it cannot report',
    JSON.stringify({ ...REPORT, engine: { name: 'webkit', major: 17, unreported: ['INP'] } }),
    'vitals: a vital its engine cannot report',
  ],
])('a malformed report (%s) gets 400, is counted and never stored', async (_, body, problem) => {
  await start()
  const response = await post(body)
  expect(response.status).toBe(400)
  expect(await response.text()).toContain(problem)
  expect(collector.counts.rejected).toBe(1)
  expect(await collector.store.rejectedSince(0)).toBe(1)
  expect(await kept()).toBe(0)
})

test('the engine is kept as the page named it, an unknown class as `other` and the major within 0–999; nothing else of the browser', async () => {
  await start()
  const engines = [
    { name: 'gecko', major: 153, unreported: ['CLS'] },
    { name: 'presto', major: 1e9, unreported: [] },
  ]
  for (const engine of engines)
    expect(
      (await post(JSON.stringify({ ...REPORT, engine }), 'text/plain', 'POST', { Cookie: pageLoad() }))
        .status,
    ).toBe(202)
  expect((await stored()).map((l) => [l.engine, l.engineMajor, l.unreported])).toEqual([
    ['gecko', 153, ['CLS']],
    ['other', 999, []],
  ])
  expect(forwarded.map((r) => r.engine)).toEqual([
    { name: 'gecko', major: 153, unreported: ['CLS'] },
    { name: 'other', major: 999, unreported: [] },
  ])
})

test('other methods, types and sizes are refused', async () => {
  await start()
  expect((await post('', 'application/json', 'GET')).status).toBe(405)
  expect((await post(JSON.stringify(REPORT), 'application/x-www-form-urlencoded')).status).toBe(415)
  const large = JSON.stringify({ ...REPORT, padding: 'x'.repeat(HEALTH_REPORT_MAX_BYTES) })
  expect((await post(large)).status).toBe(413)
  expect(await kept()).toBe(0)
})

test('one client past its reports per minute gets 429 and nothing is stored; nginx’s client (X-Real-IP) counts apart', async () => {
  await start(3)
  const statuses = []
  for (let i = 0; i < 5; i++) statuses.push((await post(JSON.stringify(REPORT))).status)
  expect(statuses).toEqual([202, 202, 202, 429, 429])
  expect(collector.counts.limited).toBe(2)
  const through = (proof: string) =>
    post(JSON.stringify(REPORT), 'application/json', 'POST', {
      Cookie: pageLoad('/repay', KEYS, Date.now(), '203.0.113.9'),
      'X-Real-IP': '203.0.113.9',
      'X-Health-Proxy': proof,
    })
  // Anyone on this machine can send X-Real-IP: without our nginx's proof it names no other client (and a
  // token of that client's page is not this one's).
  expect((await through('made-up')).status).toBe(429)
  expect((await through(healthToken.proxyProof('another deployment’s secret 0123456789'))).status).toBe(429)
  expect((await through(healthToken.proxyProof(KEYS.secret))).status).toBe(202)
  expect(await kept()).toBe(4)
})

test('an IPv6 /64 is one client of the rate limit, whichever of its addresses nginx names', async () => {
  await start(2)
  const from = (address: string) =>
    post(JSON.stringify(REPORT), 'application/json', 'POST', {
      Cookie: pageLoad('/repay', KEYS, Date.now(), address),
      'X-Real-IP': address,
      'X-Health-Proxy': healthToken.proxyProof(KEYS.secret),
    })
  const statuses = []
  for (const host of ['1', '2', 'ab:cd:ef:1', '4'])
    statuses.push((await from(`2001:db8:7:8::${host}`)).status)
  expect(statuses).toEqual([202, 202, 429, 429])
  expect((await from('2001:db8:7:9::1')).status).toBe(202)
})

test('a token is spent only from the network its page went to', async () => {
  await start()
  const via = (address: string, cookie: string) =>
    post(JSON.stringify(REPORT), 'application/json', 'POST', {
      Cookie: cookie,
      'X-Real-IP': address,
      'X-Health-Proxy': healthToken.proxyProof(KEYS.secret),
    })
  // Gathered from 203.0.113.7 (or sent to a borrower there), reported from elsewhere: refused.
  expect((await via('203.0.113.8', pageLoad('/repay', KEYS, Date.now(), '203.0.113.7'))).status).toBe(403)
  expect(
    (
      await post(JSON.stringify(REPORT), 'application/json', 'POST', {
        Cookie: pageLoad('/repay', KEYS, Date.now(), '203.0.113.7'),
      })
    ).status,
  ).toBe(403)
  // The borrower's phone moving within its own IPv6 /64 keeps its page load.
  expect(
    (await via('2001:db8:1:2::beef', pageLoad('/repay', KEYS, Date.now(), '2001:db8:1:2::1'))).status,
  ).toBe(202)
  expect((await via('203.0.113.7', pageLoad('/repay', KEYS, Date.now(), '203.0.113.7'))).status).toBe(202)
  expect(collector.counts.refused).toBe(2)
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

test.each([
  ['a foreign Origin', { Origin: 'https://evil.example' }],
  ['a foreign port', { Origin: 'http://127.0.0.1:1' }],
  ['the Origin of a sandboxed page', { Origin: 'null' }],
  ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
  ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site' }],
])(
  'a report from another site (%s) is refused 403 before its body is read, never echoing it',
  async (_, sent) => {
    await start()
    // Over the size limit: read, it would be a 413.
    const large = JSON.stringify({ ...REPORT, padding: 'x'.repeat(HEALTH_REPORT_MAX_BYTES) })
    for (const body of [JSON.stringify(REPORT), large]) {
      const response = await post(body, 'text/plain', 'POST', { Cookie: pageLoad(), ...sent })
      expect(response.status).toBe(403)
      const text = await response.text()
      expect(text).toBe('Reports from another site are refused\n')
      expect(text).not.toContain('evil')
    }
    expect(collector.counts.refused).toBe(2)
    expect(await kept()).toBe(0)
  },
)

test('a report from this origin passes: as the browser asked for it, and behind our nginx as nginx says', async () => {
  await start()
  const own = { Cookie: pageLoad(), Origin: `http://127.0.0.1:${port}`, 'Sec-Fetch-Site': 'same-origin' }
  expect((await post(JSON.stringify(REPORT), 'text/plain', 'POST', own)).status).toBe(202)
  expect(
    (await post(JSON.stringify(REPORT), 'text/plain', 'POST', { ...own, 'Sec-Fetch-Site': 'none' })).status,
  ).toBe(202)
  const behindNginx = {
    Cookie: pageLoad(),
    Origin: 'https://www.cashloan.ph',
    'X-Forwarded-Host': 'www.cashloan.ph',
    'X-Forwarded-Proto': 'https',
  }
  // Only our nginx's word for the host counts.
  expect((await post(JSON.stringify(REPORT), 'text/plain', 'POST', behindNginx)).status).toBe(403)
  const proof = healthToken.proxyProof(KEYS.secret)
  expect(
    (await post(JSON.stringify(REPORT), 'text/plain', 'POST', { ...behindNginx, 'X-Health-Proxy': proof }))
      .status,
  ).toBe(202)
  expect(
    (
      await post(JSON.stringify(REPORT), 'text/plain', 'POST', {
        ...behindNginx,
        'X-Forwarded-Proto': 'http',
        'X-Health-Proxy': proof,
      })
    ).status,
  ).toBe(403)
})

test.each([
  ['no token', {}],
  ['a token made with another secret', { Cookie: pageLoad('/repay', { ...KEYS, secret: 'x'.repeat(40) }) }],
  ['an expired token', { Cookie: pageLoad('/repay', KEYS, Date.now() - 3601_000) }],
  ['the token of another route’s page', { Cookie: pageLoad('/loanDetails') }],
  ['a token cut short', { Cookie: pageLoad().slice(0, -3) }],
])(
  'a report with %s is refused 403 "no page load" and not stored',
  async (_, headers: Record<string, string>) => {
    await start()
    const response = await post(JSON.stringify(REPORT), 'text/plain', 'POST', headers)
    expect(response.status).toBe(403)
    expect(await response.text()).toBe('No page load\n')
    expect(collector.counts.refused).toBe(1)
    expect(await kept()).toBe(0)
    expect(forwarded).toEqual([])
  },
)

test.each([
  [
    'an outcome',
    { remotes: [{ remote: 'mf_repay', version: '6.6.6-made-up', outcome: 'retry-screen', phases: {} }] },
  ],
  [
    'a fallback’s failed version',
    {
      remotes: [
        { remote: 'mf_repay', version: '1.0.0-abc', outcome: 'fallback', from: '6.6.6-made-up', phases: {} },
      ],
    },
  ],
  ['a vital', { vitals: [{ name: 'LCP', value: 1, remote: 'mf_repay', version: '6.6.6-made-up' }] }],
  ['an error', { errors: [{ remote: 'mf_loan', version: '1.0.0-abc', kind: 'error', message: 'x' }] }],
  [
    'a remote the registry never had',
    { errors: [{ remote: 'mf_nothing', version: '1.0.0-abc', kind: 'error', message: 'x' }] },
  ],
])('%s naming a version the registry never pointed at is refused 400', async (_, fields) => {
  await start()
  const response = await post(JSON.stringify({ ...REPORT, ...fields }))
  expect(response.status).toBe(400)
  expect(await response.text()).toBe('Unknown version\n')
  expect(await collector.store.rejectedSince(0)).toBe(1)
  expect(await kept()).toBe(0)
})

test('the versions known are the registry’s current and previous and every one of the release log, read again when they change', async () => {
  await start()
  const errors = (remote: string, version: string) => ({
    ...REPORT,
    errors: [{ remote, version, kind: 'error', message: 'x' }],
  })
  for (const [remote, version] of [
    ['mf_repay', '1.0.0-abc'],
    ['mf_repay', '0.9.0-old'],
    ['mf_loan', '1.0.0-first'],
    ['mf_loan', '2.0.0-new'],
    // What the shell notes of itself, and a remote whose registry never came: no version claimed.
    ['shell', '-'],
    ['mf_site', '-'],
  ]) {
    expect((await post(JSON.stringify(errors(remote, version)))).status, `${remote}@${version}`).toBe(202)
  }
  expect((await post(JSON.stringify(errors('mf_loan', '3.0.0-next')))).status).toBe(400)
  appendReleaseEvent(join(dir, 'cdn'), {
    at: 2,
    kind: 'release',
    remote: 'mf_loan',
    from: '2.0.0-new',
    to: '3.0.0-next',
  })
  expect((await post(JSON.stringify(errors('mf_loan', '3.0.0-next')))).status).toBe(202)
})

test('a page load counts once, for its route’s remote only, however many reports carry its token', async () => {
  await start()
  const cookie = { Cookie: pageLoad('/repay/') }
  const outcome = (remote: string, version: string, result: string) => ({
    remote,
    version,
    outcome: result,
    phases: {},
  })
  const forged = {
    ...REPORT,
    phase: 'load',
    remotes: [
      ...Array.from({ length: 5 }, () => outcome('mf_repay', '1.0.0-abc', 'retry-screen')),
      outcome('mf_loan', '2.0.0-new', 'retry-screen'),
    ],
  }
  for (let i = 0; i < 3; i++)
    expect((await post(JSON.stringify(forged), 'text/plain', 'POST', cookie)).status).toBe(202)
  expect(await stored()).toEqual([
    expect.objectContaining({
      loadId: expect.stringMatching(/^[0-9a-f]{32}$/),
      client: healthToken.clientKey(KEYS.secret, '127.0.0.1'),
      remote: 'mf_repay',
      version: '1.0.0-abc',
      outcome: 'retry-screen',
      reports: 3,
    }),
  ])
  expect((await collector.store.versions(0)).map((v) => [v.remote, v.loads])).toEqual([['mf_repay', 1]])
  // Another page load is another load.
  expect((await post(JSON.stringify(forged))).status).toBe(202)
  expect(await stored()).toHaveLength(2)
})

test('a page load past its four reports is answered as taken, but neither kept nor sent on', async () => {
  await start()
  const cookie = { Cookie: pageLoad() }
  for (let i = 0; i < 6; i++)
    expect((await post(JSON.stringify(REPORT), 'text/plain', 'POST', cookie)).status).toBe(202)
  expect(await kept()).toBe(4)
  expect(forwarded).toHaveLength(4)
  expect(collector.counts).toMatchObject({ accepted: 6, stored: 4 })
})
