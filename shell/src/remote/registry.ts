import { parseRegistry, type Registry } from 'shared/registry'

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
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const response = await fetchFn(url, { cache: 'no-store', signal: controller.signal })
    if (!response.ok) return null
    return parseRegistry(await response.json())
  } catch {
    return null
  } finally {
    clearTimeout(timer)
  }
}
