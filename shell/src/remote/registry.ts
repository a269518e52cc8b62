import { inspectRegistry, type RegistryRead } from 'shared/registry'
import { withTimeout } from 'shared/schedule'

/**
 * How the live registry is read when a remote needs it (ADR 0023): one try per timeout, each longer than the
 * last, with a pause before each retry (the last pause repeats). A first try that gets no answer in 3 s is
 * often a dead connection that a new request gets past; a slow network gets up to 12 s on the last. About
 * 22 s in all before the route shows its retry screen, whose button reads the registry again.
 */
export interface RegistryTries {
  timeoutsMs: readonly number[]
  pausesMs: readonly number[]
}

export const REGISTRY_TRIES: RegistryTries = { timeoutsMs: [3000, 6000, 12_000], pausesMs: [500, 1000] }

export interface FetchRegistryOptions {
  url: string
  tries?: RegistryTries
  fetchFn?: typeof fetch
}

async function readOnce(url: string, timeoutMs: number, fetchFn: typeof fetch): Promise<RegistryRead> {
  const controller = new AbortController()
  const read = async () => {
    const response = await fetchFn(url, { cache: 'no-store', signal: controller.signal })
    if (!response.ok) throw new Error(`answered ${response.status}`)
    let body: unknown
    try {
      body = await response.json()
    } catch {
      throw new Error('answered something that is not JSON')
    }
    const registry = inspectRegistry(body)
    if (!registry) throw new Error('answered JSON that is not a registry')
    return registry
  }
  const timedOut = () => {
    controller.abort()
    return new Error(`no answer within ${timeoutMs} ms`)
  }
  return withTimeout(read(), { maxMs: timeoutMs }, timedOut)
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Reads the live registry, retrying as `tries` says; rejects when no try gets a registry, with the last
 * try's reason. Nothing else stands in for it: a copy older than the live registry could bring back a version
 * that ops rolled back.
 */
export async function fetchRegistry({
  url,
  tries = REGISTRY_TRIES,
  fetchFn = fetch,
}: FetchRegistryOptions): Promise<RegistryRead> {
  let reason = 'no try'
  for (const [index, timeoutMs] of tries.timeoutsMs.entries()) {
    if (index > 0) await pause(tries.pausesMs[Math.min(index - 1, tries.pausesMs.length - 1)] ?? 0)
    try {
      return await readOnce(url, timeoutMs, fetchFn)
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error)
    }
  }
  throw new Error(`${url} could not be read (${tries.timeoutsMs.length} tries; the last: ${reason})`)
}
