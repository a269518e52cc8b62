import { SeverityNumber } from '@opentelemetry/api-logs'
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { BatchLogRecordProcessor, LoggerProvider } from '@opentelemetry/sdk-logs'
import type { HealthReport } from 'shared/health/report'

/**
 * Health reports to an OpenTelemetry collector over OTLP/HTTP (ADR 0033), for a deployment that already runs
 * a telemetry backend: one setting, `OTEL_EXPORTER_OTLP_ENDPOINT` (the collector's base URL, as every
 * OpenTelemetry SDK reads it; logs go to `<base>/v1/logs`). Each item of a report becomes one log record whose
 * attributes carry the remote, its version and the measure, so the backend can group by release. Records
 * leave in batches (the SDK's BatchLogRecordProcessor); an export that fails is the SDK's to drop, and the
 * report is already in the embedded store.
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

export function createOtlpForwarder(url: string, serviceName = 'cashloan-web'): OtlpForwarder {
  const provider = new LoggerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    processors: [new BatchLogRecordProcessor({ exporter: new OTLPLogExporter({ url }) })],
  })
  const logger = provider.getLogger('cashloan-web.field-health')
  const emit = (
    body: string,
    report: HealthReport,
    attributes: Record<string, string | number>,
    severity = SeverityNumber.INFO,
  ) =>
    logger.emit({
      body,
      severityNumber: severity,
      severityText: severity === SeverityNumber.ERROR ? 'ERROR' : 'INFO',
      attributes: { 'page.route': report.route, 'report.phase': report.phase, ...attributes },
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
          r.outcome === 'mounted' ? SeverityNumber.INFO : SeverityNumber.WARN,
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
          SeverityNumber.ERROR,
        )
      }
      for (const c of report.calls) {
        emit(
          'call.failure',
          report,
          { 'call.path': c.path, 'call.failure': c.kind, 'call.count': c.count },
          SeverityNumber.WARN,
        )
      }
    },
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  }
}
