import { parseRegistry, type Registry } from 'shared/registry'
import { withTimeout } from 'shared/schedule'

export interface FetchRegistryOptions {
  url: string
  timeoutMs: number
  fetchFn?: typeof fetch
}

/** Fetches the live registry; null when it cannot be had in time (the caller falls back to the baked copy). */
export async function fetchRegistry({
  url,
  timeoutMs,
  fetchFn = fetch,
}: FetchRegistryOptions): Promise<Registry | null> {
  const controller = new AbortController()
  const read = async () => {
    const response = await fetchFn(url, { cache: 'no-store', signal: controller.signal })
    return response.ok ? parseRegistry(await response.json()) : null
  }
  const timedOut = () => {
    controller.abort()
    return new Error(`registry: no answer within ${timeoutMs} ms`)
  }
  try {
    return await withTimeout(read(), { maxMs: timeoutMs }, timedOut)
  } catch {
    return null
  }
}
