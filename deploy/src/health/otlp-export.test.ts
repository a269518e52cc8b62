import { createServer, type Server } from 'node:http'
import { SAMPLE_HEALTH_REPORT } from 'shared/testing/health'
import { afterEach, expect, test, vi } from 'vitest'
import { createOtlpForwarder, otlpLogsUrl } from './otlp-export'
import { closeServer, listenLocally } from '../testing/local-server'

/** A small OTLP/HTTP receiver: what an OpenTelemetry collector's `otlphttp` receiver would get. */
let receiver: Server | null = null
async function receive(
  status = 200,
): Promise<{ url: string; bodies: { path: string; type: string; json: unknown }[] }> {
  const bodies: { path: string; type: string; json: unknown }[] = []
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      bodies.push({
        path: req.url ?? '',
        type: String(req.headers['content-type']),
        json: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      })
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end('{}')
    })
  })
  return { url: `http://127.0.0.1:${await listenLocally(receiver)}`, bodies }
}
afterEach(async () => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  await closeServer(receiver)
  receiver = null
})

const REPORT = SAMPLE_HEALTH_REPORT

type Attr = { key: string; value: Record<string, unknown> }
const flat = (attributes: Attr[]) =>
  Object.fromEntries(attributes.map((a) => [a.key, Object.values(a.value)[0]]))

test('each item of a report reaches the collector as an OTLP log record, remote and version as attributes', async () => {
  const { url, bodies } = await receive()
  const forwarder = createOtlpForwarder(otlpLogsUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: `${url}/` })!)
  forwarder.forward(REPORT)
  await forwarder.flush()
  await forwarder.shutdown()
  expect(bodies.map((b) => b.path)).toEqual(['/v1/logs'])
  expect(bodies[0].type).toContain('application/json')
  const payload = bodies[0].json as {
    resourceLogs: {
      resource: { attributes: Attr[] }
      scopeLogs: {
        logRecords: {
          body: { stringValue: string }
          severityNumber: number
          severityText: string
          attributes: Attr[]
        }[]
      }[]
    }[]
  }
  expect(flat(payload.resourceLogs[0].resource.attributes)['service.name']).toBe('cashloan-web')
  const logRecords = payload.resourceLogs[0].scopeLogs[0].logRecords
  const records = logRecords.map((r) => ({
    body: r.body.stringValue,
    severity: r.severityText,
    ...flat(r.attributes),
  }))
  // The OpenTelemetry logs data model: numbers 9–12 are INFO, 13–16 WARN, 17–20 ERROR, the text their short name.
  expect(logRecords.map((r) => [r.severityNumber, r.severityText])).toEqual([
    [13, 'WARN'],
    [9, 'INFO'],
    [17, 'ERROR'],
    [13, 'WARN'],
  ])
  expect(records).toEqual([
    {
      body: 'remote.outcome',
      severity: 'WARN',
      'page.route': '/loanDetails',
      'report.phase': 'load',
      'browser.engine': 'chromium',
      'browser.engine.major': 120,
      'remote.name': 'mf_loan',
      'remote.version': '1.0.0-old',
      'remote.outcome': 'fallback',
      'remote.fallback_from': '1.0.1-new',
      'remote.reason': 'contract: 2',
      'load.entry_ms': 40,
    },
    expect.objectContaining({
      body: 'web_vital',
      'vital.name': 'LCP',
      'vital.value': 1900,
      'remote.version': '1.0.0-old',
    }),
    expect.objectContaining({
      body: 'page.error',
      severity: 'ERROR',
      'remote.version': '1.0.1-new',
      'error.message': 'boom',
    }),
    expect.objectContaining({
      body: 'call.failure',
      'call.path': '/utilities/loan/detail',
      'call.failure': 'timeout',
      'call.count': 2,
    }),
  ])
})

test('every record names the page’s engine, its major and the vitals it cannot report; a page that named none, nothing', async () => {
  const { url, bodies } = await receive()
  const forwarder = createOtlpForwarder(`${url}/v1/logs`)
  const { engine: _, ...older } = REPORT
  forwarder.forward({
    ...REPORT,
    engine: { name: 'webkit', major: 17, unreported: ['LCP', 'CLS'] },
    vitals: [],
  })
  forwarder.forward(older)
  await forwarder.flush()
  await forwarder.shutdown()
  const records = bodies
    .flatMap(
      (b) =>
        (b.json as { resourceLogs: { scopeLogs: { logRecords: { attributes: Attr[] }[] }[] }[] })
          .resourceLogs,
    )
    .flatMap((r) => r.scopeLogs.flatMap((s) => s.logRecords.map((l) => flat(l.attributes))))
  const engines = records.map((r) => [
    r['browser.engine'],
    r['browser.engine.major'],
    r['browser.engine.unreported_vitals'],
  ])
  expect(engines).toEqual([
    ...Array(3).fill(['webkit', 17, 'LCP,CLS']),
    ...Array(4).fill([undefined, undefined, undefined]),
  ])
  expect(JSON.stringify(records)).not.toMatch(/iPhone|Mozilla/)
})

test('the setting: the logs endpoint, else the base endpoint with /v1/logs, else no export', () => {
  expect(otlpLogsUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com:4318' })).toBe(
    'https://otel.example.com:4318/v1/logs',
  )
  expect(
    otlpLogsUrl({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://a',
      OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: 'https://b/logs',
    }),
  ).toBe('https://b/logs')
  expect(otlpLogsUrl({})).toBeNull()
})

test('failed exports are logged once a minute with their counts, never one line per export nor not at all', async () => {
  const { url, bodies } = await receive(400)
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  const logged: string[] = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.join(' ')))
  const forwarder = createOtlpForwarder(`${url}/v1/logs`)
  for (let i = 0; i < 3; i++) {
    forwarder.forward(REPORT)
    await forwarder.flush()
  }
  expect(bodies).toHaveLength(3)
  expect(logged).toEqual([])
  vi.advanceTimersByTime(60_000)
  expect(logged).toHaveLength(1)
  expect(logged[0]).toMatch(
    new RegExp(
      `^\\[health\\] OTLP export to ${url}/v1/logs: 3 of 3 exports failed in the last minute \\(12 records dropped\\); last: .+`,
    ),
  )
  // A quiet minute says nothing; the next failure is counted afresh.
  vi.advanceTimersByTime(60_000)
  expect(logged).toHaveLength(1)
  forwarder.forward(REPORT)
  await forwarder.flush()
  await forwarder.shutdown()
  expect(logged).toHaveLength(2)
  expect(logged[1]).toContain(': 1 of 1 exports failed')
})
