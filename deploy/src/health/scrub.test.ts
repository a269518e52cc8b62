import { createServer, type Server } from 'node:http'
import type { HealthReport } from 'shared/health'
import { SAMPLE_HEALTH_REPORT } from 'shared/testing/health'
import { afterEach, expect, test, vi } from 'vitest'
import { createHealthCollector, HEALTH_REPORT_PATH, receiveHealthReport } from './health-collector'
import type { HealthStore } from './health-store'
import { pageLoadCookie } from './page-load-token'
import type { VersionHistory } from './version-history'
import { scrubText } from './scrub'
import { closeServer, listenLocally } from '../testing/local-server'

/**
 * The server keeps nothing that names a borrower, whatever a page (or anyone) sends (issue #41, item 4): the
 * collector with a store and an OTLP exporter that only record what reaches them.
 */
let server: Server | null = null
afterEach(async () => {
  vi.restoreAllMocks()
  await closeServer(server)
  server = null
})

async function collect() {
  const stored: HealthReport[] = []
  const rejected: string[] = []
  const exported: HealthReport[] = []
  // A store that keeps every report it is given (and says so, as the real one does once it has written it).
  const store = {
    enqueue: (r: HealthReport, _evidence: unknown, onKept?: () => void) => {
      stored.push(r)
      onKept?.()
    },
    reject: (why: string) => rejected.push(why),
  }
  const logged: unknown[] = []
  for (const method of ['log', 'info', 'warn', 'error'] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(...args))
  const keys = { secret: 'scrub-test-secret-0123456789abcdefghij', maxAgeSeconds: 3600 }
  const collector = createHealthCollector({
    store: store as unknown as HealthStore,
    keys,
    // Every version is one the registry knows: these tests are about what a report's text holds.
    history: { knows: () => true } as unknown as VersionHistory,
    forward: (r) => exported.push(r),
  })
  server = createServer((req, res) => receiveHealthReport(req, res, collector, {}))
  const url = `http://127.0.0.1:${await listenLocally(server)}${HEALTH_REPORT_PATH}`
  const post = async (report: unknown) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        // A page load of the report's own route, so only its text decides.
        Cookie: pageLoadCookie(keys, {
          target: String((report as { route?: unknown }).route ?? '/'),
          address: '127.0.0.1',
          endpoint: HEALTH_REPORT_PATH,
          secure: false,
        })!.split(';')[0],
      },
      body: JSON.stringify(report),
    })
    return { status: response.status, body: await response.text() }
  }
  return { post, stored, rejected, exported, logged }
}

const PRIVATE = [
  '09171234567',
  '0917-123-4567',
  '+63 917 123 4567',
  'juan.delacruz@example.com',
  'sess-7f3a9c21',
  'ord-8842',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  '4f9a8b7c6d5e4f3a2b1c0d9e',
  'productId=1',
]

test('phone numbers, e-mail addresses, session and order ids, tokens and queries in a report’s text are redacted before it is stored and exported', async () => {
  const { post, stored, exported } = await collect()
  const report: HealthReport = {
    ...SAMPLE_HEALTH_REPORT,
    remotes: [
      {
        ...SAMPLE_HEALTH_REPORT.remotes[0],
        reason:
          'entry: https://cdn.example.com/remotes/mf-loan/x.js?sessionId=sess-7f3a9c21&productId=1 for 09171234567',
      },
    ],
    errors: [
      {
        remote: 'mf_loan',
        version: '1.0.1-new',
        kind: 'rejection',
        message:
          'HTTP 401 {"token":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U","orderId":"ord-8842"}',
      },
      {
        remote: 'shell',
        version: '1.0.0',
        kind: 'error',
        message:
          'call juan.delacruz@example.com at 0917-123-4567 or +63 917 123 4567 (device 4f9a8b7c6d5e4f3a2b1c0d9e)',
      },
    ],
  }
  expect((await post(report)).status).toBe(202)
  expect(stored).toHaveLength(1)
  expect(exported).toEqual(stored)
  const kept = JSON.stringify(stored[0])
  for (const value of PRIVATE) expect(kept).not.toContain(value)
  expect(stored[0].remotes[0].reason).toBe('entry: https://cdn.example.com/remotes/mf-loan/x.js for [phone]')
  expect(stored[0].errors.map((e) => e.message)).toEqual([
    'HTTP 401 {"token":[redacted],"orderId":[redacted]}',
    'call [email] at [phone] or [phone] (device [token])',
  ])
  // What names no one is kept as it was.
  expect({ ...stored[0], remotes: [], errors: [] }).toEqual({ ...report, remotes: [], errors: [] })
})

test.each([
  [
    'a phone number in a call path',
    { calls: [{ path: '/users/0917-123-4567/loans', kind: 'network', count: 1 }] },
    'calls.0.path: carries a phone number',
  ],
  [
    'a token in a call path',
    { calls: [{ path: '/reset/4f9a8b7c6d5e4f3a2b1c0d9e', kind: 'timeout', count: 1 }] },
    'calls.0.path: carries a token',
  ],
  ['a phone number as the route', { route: '/loanDetails/09171234567' }, 'route: carries a phone number'],
  [
    'an e-mail address as a version',
    { vitals: [{ name: 'LCP', value: 1, remote: 'mf_loan', version: 'juan.delacruz@example.com' }] },
    'vitals.0.version: carries an e-mail address',
  ],
  [
    'a query in a call path',
    { calls: [{ path: '/a?productId=1', kind: 'network', count: 1 }] },
    'calls.0.path: not a call path',
  ],
  [
    'a session id where the route goes',
    { route: '/repay?sessionId=sess-7f3a9c21' },
    'route: not a route path',
  ],
])(
  'a report with %s is refused, and the refusal (answer, rejected table, logs) never repeats the value',
  async (_, change, problem) => {
    const { post, stored, rejected, exported, logged } = await collect()
    const answer = await post({ ...SAMPLE_HEALTH_REPORT, ...change })
    expect(answer).toEqual({ status: 400, body: `Not a health report: ${problem}\n` })
    expect(rejected).toEqual([problem])
    expect(stored).toEqual([])
    expect(exported).toEqual([])
    const said = JSON.stringify([answer.body, rejected, logged.map(String)])
    for (const value of PRIVATE) expect(said).not.toContain(value)
  },
)

test.each([
  // Phone numbers, Philippine forms included.
  ['call 09171234567 now', 'call [phone] now'],
  ['call 0917 123 4567', 'call [phone]'],
  ['call +63-917-123-4567.', 'call [phone].'],
  ['call +639171234567', 'call [phone]'],
  // E-mail addresses, also encoded in a path.
  ['mail Juan.Dela-Cruz+loans@mail.example.ph', 'mail [email]'],
  ['/u/juan%40example.com/x', '/u/[email]/x'],
  // Private keys with their values, whatever the case or the quoting.
  ['sessionId=sess-7f3a9c21&productId=1', 'sessionId=[redacted]&productId=1'],
  ['SESSIONID: abc, next', 'SESSIONID: [redacted], next'],
  ["{'user_id': 'u-77', 'phone':'x'}", "{'user_id': [redacted], 'phone':[redacted]}"],
  ['\\"token\\":\\"abc\\"', '\\"token\\":[redacted]'],
  ['sid=x9 pwd=hunter2 password=p', 'sid=[redacted] pwd=[redacted] password=[redacted]'],
  ['Authorization: Bearer abc.def', 'Authorization: [redacted] [redacted]'],
  // Long opaque tokens and JWTs.
  ['key 0123456789abcdef0123 ok', 'key [token] ok'],
  ['id Zk3_x9-QpL0aVbN2mYr8TtUe', 'id [token]'],
  ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abcDEF123_-xyz', 'jwt [token]'],
  // URLs keep their origin and path.
  [
    'GET https://api.example.com/utilities/x?orderId=9#top failed',
    'GET https://api.example.com/utilities/x failed',
  ],
  ['at https://user:pw@cdn.example.com/a.js:1:2', 'at https://cdn.example.com/a.js:1:2'],
  ['GET /utilities/order/detail?orderId=86 failed', 'GET /utilities/order/detail failed'],
])('scrubText(%j) → %j', (text, scrubbed) => {
  expect(scrubText(text)).toBe(scrubbed)
})

test.each([
  'contract: 2',
  'mount timeout after 12000 ms',
  'Failed to fetch dynamically imported module: https://cdn.example.com/remotes/mf-loan/1.0.1-9f8e7d6c5b/assets/loan-app-Bx1.js',
  "TypeError: Cannot read properties of undefined (reading 'orderId')",
  'TypeError: Application.prototype.handleRequest is not a function',
  'internationalization failed for mf_loan 1.0.0-6ba0fa5f0b',
  'SyntaxError: Unexpected token \'<\', "<!doctype "... is not valid JSON',
])('scrubText keeps what names no one: %j', (text) => {
  expect(scrubText(text)).toBe(text)
})
