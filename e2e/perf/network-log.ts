import type { CDPSession } from '@playwright/test'
import { DEFAULT_SETTINGS } from 'shared/host/settings'
import { isApiPath, pathOf } from './metrics.ts'

/**
 * What a page load took from the network and what it took from the HTTP cache, from the DevTools protocol's
 * Network events (Resource Timing cannot tell a response from the cache from one that carried no bytes, and
 * sees no failed or cross-origin details). Used by the warm and release profiles of `pnpm bench:load`.
 */

/**
 * document: the page; api: the borrower's data (`/api/`, `/utilities/`, never cached); registry:
 * `/registry.json`; report: the page's field-health beacon (an upload with an empty answer, ADR 0033, which
 * the benchmark's servers collect at the default `healthEndpoint`), no download.
 */
export type ResponseKind = 'document' | 'api' | 'registry' | 'report' | 'file'

export interface LoggedResponse {
  /** Path and query (with the origin when it is not the page's). */
  path: string
  kind: ResponseKind
  status: number
  /** Bytes received over the network (headers and body as sent, compressed); 0 for a cache hit. */
  bytes: number
  /** Served from the browser's HTTP cache (or its memory cache) without a request to the server. */
  fromCache: boolean
}

export interface NetworkTotals {
  /** Every byte received over the network. */
  total: number
  document: number
  api: number
  registry: number
  /** Everything else: code, styles, manifests, pictures. */
  files: number
  /** Responses that went to the server, and responses served from the cache. */
  requests: number
  cacheHits: number
}

interface Pending {
  url: string
  document: boolean
  status: number
  fromCache: boolean
}

export interface NetworkLog {
  /** Every response that finished loading, in the order it finished. */
  responses(): LoggedResponse[]
}

export function kindOf(url: URL, document: boolean): ResponseKind {
  if (document) return 'document'
  if (url.pathname === '/registry.json') return 'registry'
  if (url.pathname === DEFAULT_SETTINGS.healthEndpoint) return 'report'
  return isApiPath(url.pathname) ? 'api' : 'file'
}

/** Starts recording; `Network.enable` must be sent on `cdp` (before or after, it is idempotent). */
export function recordNetwork(cdp: CDPSession, pageOrigin: string): NetworkLog {
  const pending = new Map<string, Pending>()
  const finished: LoggedResponse[] = []
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!/^https?:/.test(e.request.url)) return
    // A redirect reuses the request id: the new address replaces the old.
    pending.set(e.requestId, {
      url: e.request.url,
      document: e.type === 'Document',
      status: 0,
      fromCache: false,
    })
  })
  cdp.on('Network.requestServedFromCache', (e) => {
    const p = pending.get(e.requestId)
    if (p) p.fromCache = true
  })
  cdp.on('Network.responseReceived', (e) => {
    const p = pending.get(e.requestId)
    if (!p) return
    p.status = e.response.status
    if (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker)
      p.fromCache = true
  })
  cdp.on('Network.loadingFinished', (e) => {
    const p = pending.get(e.requestId)
    if (!p) return
    pending.delete(e.requestId)
    const url = new URL(p.url)
    finished.push({
      path: url.origin === pageOrigin ? pathOf(p.url) : p.url,
      kind: kindOf(url, p.document),
      status: p.status,
      bytes: p.fromCache ? 0 : e.encodedDataLength,
      fromCache: p.fromCache,
    })
  })
  cdp.on('Network.loadingFailed', (e) => pending.delete(e.requestId))
  return { responses: () => [...finished] }
}

export function networkTotals(responses: LoggedResponse[]): NetworkTotals {
  const sum = (kind: ResponseKind) =>
    responses.filter((r) => r.kind === kind).reduce((total, r) => total + r.bytes, 0)
  return {
    total: responses.reduce((total, r) => total + r.bytes, 0),
    document: sum('document'),
    api: sum('api'),
    registry: sum('registry'),
    files: sum('file'),
    requests: responses.filter((r) => !r.fromCache).length,
    cacheHits: responses.filter((r) => r.fromCache).length,
  }
}
