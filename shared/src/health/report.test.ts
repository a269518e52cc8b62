import { expect, test } from 'vitest'
import { SAMPLE_HEALTH_REPORT } from '../testing/health'
import { callPath, redact, remoteOfStack } from './report'
import { checkHealthReport } from './report-schema'

const REPORT = SAMPLE_HEALTH_REPORT

test('a report as the page writes it passes the server’s check unchanged', () => {
  expect(checkHealthReport(REPORT)).toEqual({ report: REPORT })
})

test.each([
  ['an address with a query as the route', { ...REPORT, route: '/loanDetails?orderId=86' }, 'route'],
  ['a field the page never sends', { ...REPORT, sessionId: 'abc' }, 'report'],
  [
    'an unknown outcome',
    { ...REPORT, remotes: [{ ...REPORT.remotes[0], outcome: 'exploded' }] },
    'remotes.0.outcome',
  ],
  [
    'a call path with a query',
    { ...REPORT, calls: [{ path: '/a?phone=0917', kind: 'network', count: 1 }] },
    'calls.0.path',
  ],
  [
    'a message longer than 200 characters',
    { ...REPORT, errors: [{ ...REPORT.errors[0], message: 'x'.repeat(201) }] },
    'errors.0.message',
  ],
  ['more items than a page sends', { ...REPORT, calls: Array(21).fill(REPORT.calls[0]) }, 'calls'],
  ['a negative vital', { ...REPORT, vitals: [{ ...REPORT.vitals[0], value: -1 }] }, 'vitals.0.value'],
  ['another version of the format', { ...REPORT, v: 2 }, 'v'],
])('the check refuses %s, naming the field', (_, value, field) => {
  const checked = checkHealthReport(value)
  expect('problem' in checked && checked.problem.startsWith(`${field}:`)).toBe(true)
})

test.each([
  ['a query in the route', { ...REPORT, route: '/repay?phone=09171234567' }, 'route: not a route path'],
  [
    'a query in a call path',
    { ...REPORT, calls: [{ path: '/a?sessionId=sess-7f3a9c', kind: 'network', count: 1 }] },
    'calls.0.path: not a call path',
  ],
  [
    'an e-mail address as a version',
    { ...REPORT, remotes: [{ ...REPORT.remotes[0], version: 'juan dela.cruz@example.com' }] },
    'remotes.0.version: not a name',
  ],
  [
    'a field named after a phone number',
    { ...REPORT, '09171234567': 'x' },
    'report: a field the page never sends',
  ],
  [
    'a load stage named after the borrower',
    { ...REPORT, remotes: [{ ...REPORT.remotes[0], phases: { 'Juan Dela Cruz': 1 } }] },
    'remotes.0.phases: not a stage name',
  ],
  [
    'a stage time that is text',
    { ...REPORT, remotes: [{ ...REPORT.remotes[0], phases: { entry: 'sess-7f3a9c' } }] },
    'remotes.0.phases: expected number',
  ],
  ['a phase that is none', { ...REPORT, phase: 'sess-7f3a9c' }, 'phase: expected ("load" | "hidden")'],
  [
    'a message that is too long',
    { ...REPORT, errors: [{ ...REPORT.errors[0], message: `sess-7f3a9c ${'x'.repeat(200)}` }] },
    'errors.0.message: longer than 200',
  ],
  ['a report without its route', { ...REPORT, route: undefined }, 'route: missing'],
])(
  'a refused report’s problem (%s) names the field and the rule, never the value sent',
  (_, value, problem) => {
    const checked = checkHealthReport(value)
    expect(checked).toEqual({ problem })
  },
)

const engine = (value: unknown) => ({ ...REPORT, engine: value })
const checkedEngine = (value: unknown) => {
  const checked = checkHealthReport(engine(value))
  return 'report' in checked ? checked.report.engine : checked.problem
}

test('the engine: an unknown class is `other`, the major a whole number from 0 to 999', () => {
  expect(checkedEngine({ name: 'webkit', major: 26, unreported: ['CLS'] })).toEqual({
    name: 'webkit',
    major: 26,
    unreported: ['CLS'],
  })
  expect(checkedEngine({ name: 'presto', major: 12, unreported: [] })).toMatchObject({ name: 'other' })
  expect(checkedEngine({ name: 'chromium', major: 1e12, unreported: [] })).toMatchObject({ major: 999 })
  expect(checkedEngine({ name: 'chromium', major: -4, unreported: [] })).toMatchObject({ major: 0 })
  expect(checkedEngine({ name: 'chromium', major: 120.7, unreported: [] })).toMatchObject({ major: 120 })
})

test.each([
  [
    'an unknown metric',
    { name: 'gecko', major: 153, unreported: ['FID'] },
    'engine.unreported.0: expected ("LCP" | "INP" | "CLS")',
  ],
  [
    'a metric named twice',
    { name: 'gecko', major: 153, unreported: ['CLS', 'CLS'] },
    'engine.unreported: a vital named twice',
  ],
  ['a major that is text', { name: 'gecko', major: '153', unreported: [] }, 'engine.major: expected number'],
  [
    'a major that is no number',
    { name: 'gecko', major: Infinity, unreported: [] },
    'engine.major: expected finite',
  ],
  ['an engine name that is no text', { name: 7, major: 1, unreported: [] }, 'engine.name: expected string'],
  ['a long engine name', { name: 'x'.repeat(41), major: 1, unreported: [] }, 'engine.name: longer than 40'],
  [
    'the full user agent',
    { name: 'webkit', major: 17, unreported: [], ua: 'iPhone15,2' },
    'engine: a field the page never sends',
  ],
  ['an engine without its metrics', { name: 'webkit', major: 17 }, 'engine.unreported: missing'],
])('the engine: the check refuses %s', (_, value, problem) => {
  expect(checkedEngine(value)).toBe(problem)
})

test('a vital the page’s engine says it cannot report is refused; a report without an engine (an older page) passes', () => {
  expect(checkedEngine({ name: 'webkit', major: 17, unreported: ['LCP'] })).toBe(
    'vitals: a vital its engine cannot report',
  )
  const { engine: _, ...older } = REPORT
  expect(checkHealthReport(older)).toEqual({ report: older })
})

test('redact: the session’s values, query strings and runs of digits never leave the page', () => {
  const secrets = ['sess-7f3a9c', 'dev-Z81']
  expect(redact('order 12345 for sess-7f3a9c on dev-Z81 failed', secrets)).toBe(
    'order # for [private] on [private] failed',
  )
  expect(redact('GET https://api.example.com/utilities/x?sessionId=abc&orderId=9 failed')).toBe(
    'GET https://api.example.com/utilities/x failed',
  )
  expect(redact('call +63 917 1234567')).toBe('call +63 917 #')
  expect(redact('y'.repeat(500))).toHaveLength(200)
})

test('callPath: the path only, numeric segments folded', () => {
  expect(callPath('/utilities/order/detail?orderId=86')).toBe('/utilities/order/detail')
  expect(callPath('/utilities/order/86/items#x')).toBe('/utilities/order/:n/items')
  expect(callPath('loan/detail')).toBe('/loan/detail')
  expect(callPath('/weird path/<script>')).toBe('/_other')
})

test('remoteOfStack: the remote and version whose files a stack names, else none (the shell’s)', () => {
  const stack =
    'TypeError: x is undefined\n    at render (http://localhost:8080/remotes/mf-loan/1.0.0-6ba0fa5f0b/assets/loan-app-1.js:1:200)'
  expect(remoteOfStack(stack)).toEqual({ remote: 'mf_loan', version: '1.0.0-6ba0fa5f0b' })
  expect(remoteOfStack('at boot (http://localhost:8080/assets/index-1.js:1:1)')).toBeNull()
})
