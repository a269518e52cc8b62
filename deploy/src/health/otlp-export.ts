import { SeverityNumber } from '@opentelemetry/api-logs'
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { BatchLogRecordProcessor, LoggerProvider, type LogRecordExporter } from '@opentelemetry/sdk-logs'
import type { HealthReport } from 'shared/health'

/**
 * Health reports to an OpenTelemetry collector over OTLP/HTTP (ADR 0033), for a deployment that already runs
 * a telemetry backend: one setting, `OTEL_EXPORTER_OTLP_ENDPOINT` (the collector's base URL, as every
 * OpenTelemetry SDK reads it; logs go to `<base>/v1/logs`). Each item of a report becomes one log record whose
 * attributes carry the remote, its version, the page's engine and the measure, so the backend can group by
 * release and engine. Records
 * leave in batches (the SDK's BatchLogRecordProcessor); an export that fails is the SDK's to drop (the report
 * is already in the embedded store), and the server says so once a minute with the counts, not per export.
 */
export interface OtlpForwarder {
  forward(report: HealthReport): void
  /** Sends what is queued (tests; the server on stop). */
  flush(): Promise<void>
  shutdown(): Promise<void>
}

export function otlpLogsUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  const logs = env.OTEL_EXPORTER_OTLP_LOGS_ENDPOINT?.trim()
  if (logs) return logs
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()
  return base ? `${base.replace(/\/+$/, '')}/v1/logs` : null
}

/** The severities records carry, each with its short name from the OpenTelemetry logs data model. */
const SEVERITY = {
  info: { severityNumber: SeverityNumber.INFO, severityText: 'INFO' },
  warn: { severityNumber: SeverityNumber.WARN, severityText: 'WARN' },
  error: { severityNumber: SeverityNumber.ERROR, severityText: 'ERROR' },
} as const

/** How often failed exports are summed up in the server's log. */
const FAILURE_LOG_MS = 60_000

type ExportResult = Parameters<Parameters<LogRecordExporter['export']>[1]>[0]
/** `ExportResultCode.SUCCESS` of `@opentelemetry/core`, which this package has only through the SDK. */
const EXPORTED = 0 satisfies ExportResult['code']

/** The OTLP exporter, counting the exports that fail (the SDK only tells its own diagnostics, off by default). */
class CountedExporter implements LogRecordExporter {
  private exports = 0
  private failed = 0
  private dropped = 0
  private last = ''

  constructor(private readonly inner: LogRecordExporter) {}

  export(...[records, done]: Parameters<LogRecordExporter['export']>): void {
    this.inner.export(records, (result) => {
      this.exports += 1
      if (result.code !== EXPORTED) {
        this.failed += 1
        this.dropped += records.length
        this.last = result.error?.message ?? 'no reason given'
      }
      done(result)
    })
  }

  forceFlush = () => this.inner.forceFlush()
  shutdown = () => this.inner.shutdown()

  /** The line for the failures since the last one, if any; the counts start again. */
  take(url: string): string | null {
    const line = this.failed
      ? `[health] OTLP export to ${url}: ${this.failed} of ${this.exports} exports failed in the last minute ` +
        `(${this.dropped} records dropped); last: ${this.last}`
      : null
    this.exports = this.failed = this.dropped = 0
    return line
  }
}

/**
 * The page's engine on every record (ADR 0047), so a backend can split by it as the ops page does: its class,
 * major version, and the vitals it cannot report (absent from a page that named no engine).
 */
function engineOf({ engine }: HealthReport): Record<string, string | number> {
  if (!engine) return {}
  return {
    'browser.engine': engine.name,
    'browser.engine.major': engine.major,
    ...(engine.unreported.length ? { 'browser.engine.unreported_vitals': engine.unreported.join(',') } : {}),
  }
}

export function createOtlpForwarder(url: string, serviceName = 'cashloan-web'): OtlpForwarder {
  const exporter = new CountedExporter(new OTLPLogExporter({ url }))
  const provider = new LoggerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    processors: [new BatchLogRecordProcessor({ exporter })],
  })
  const logFailures = () => {
    const line = exporter.take(url)
    if (line) console.error(line)
  }
  const timer = setInterval(logFailures, FAILURE_LOG_MS)
  timer.unref()
  const logger = provider.getLogger('cashloan-web.field-health')
  const emit = (
    body: string,
    report: HealthReport,
    attributes: Record<string, string | number>,
    severity: keyof typeof SEVERITY = 'info',
  ) =>
    logger.emit({
      body,
      ...SEVERITY[severity],
      attributes: {
        'page.route': report.route,
        'report.phase': report.phase,
        ...engineOf(report),
        ...attributes,
      },
    })
  return {
    forward(report) {
      for (const r of report.remotes) {
        const phases = Object.fromEntries(
          Object.entries(r.phases).map(([stage, ms]) => [`load.${stage}_ms`, ms]),
        )
        emit(
          'remote.outcome',
          report,
          {
            'remote.name': r.remote,
            'remote.version': r.version,
            'remote.outcome': r.outcome,
            ...(r.from ? { 'remote.fallback_from': r.from } : {}),
            ...(r.reason ? { 'remote.reason': r.reason } : {}),
            ...phases,
          },
          r.outcome === 'mounted' ? 'info' : 'warn',
        )
      }
      for (const v of report.vitals) {
        emit('web_vital', report, {
          'remote.name': v.remote,
          'remote.version': v.version,
          'vital.name': v.name,
          'vital.value': v.value,
        })
      }
      for (const e of report.errors) {
        emit(
          'page.error',
          report,
          {
            'remote.name': e.remote,
            'remote.version': e.version,
            'error.kind': e.kind,
            'error.message': e.message,
          },
          'error',
        )
      }
      for (const c of report.calls) {
        emit(
          'call.failure',
          report,
          { 'call.path': c.path, 'call.failure': c.kind, 'call.count': c.count },
          'warn',
        )
      }
    },
    flush: () => provider.forceFlush(),
    async shutdown() {
      clearInterval(timer)
      await provider.shutdown()
      logFailures()
    },
  }
}
