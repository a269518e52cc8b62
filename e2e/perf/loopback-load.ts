import autocannon from 'autocannon'
import { spawnSync } from 'node:child_process'
import { availableParallelism } from 'node:os'

/** What the autocannon benchmarks of one server on loopback share (`bench:intake`, `bench:render`). */

/**
 * Pins every thread of `pid` to core `cpu` (taskset), so that the load generator and the server measured do
 * not share one; false on a machine of one core or without taskset.
 */
export const pinToCore = (cpu: string, pid: number) =>
  availableParallelism() >= 2 &&
  spawnSync('taskset', ['-a', '-p', '-c', cpu, String(pid)], { stdio: 'ignore' }).status === 0

export interface Measured {
  requests: number
  rps: number
  /** Each answer's time, in milliseconds. */
  latencies: number[]
  statuses: Record<string, number>
  errors: number
}

/** One autocannon run, every answer's status and time kept. */
export function measureLoad(options: autocannon.Options): Promise<Measured> {
  const latencies: number[] = []
  const statuses: Record<string, number> = {}
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result: autocannon.Result) =>
      error
        ? reject(error)
        : resolve({
            requests: result.requests.total,
            rps: result.requests.total / result.duration,
            latencies,
            statuses,
            errors: result.errors,
          }),
    )
    instance.on('response', (_client, status: number, _bytes, ms: number) => {
      statuses[status] = (statuses[status] ?? 0) + 1
      latencies.push(ms)
    })
  })
}

/** The `q` quantile of `values` (the nearest rank below). */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
}
