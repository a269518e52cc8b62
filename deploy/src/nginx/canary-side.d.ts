/** Types of canary-side.js, which stays plain JavaScript so that nginx's njs runs the same file. */
interface NginxRequest {
  variables: Record<string, string | undefined>
  headersIn: Record<string, string | undefined>
}

interface CanaryPointer {
  version: string
  entry: string
  percent: number
}

declare const canarySide: {
  COOKIE: string
  PAGES_DIR: string
  BUCKETS: number
  cookieValue(header: string | undefined): string
  deviceIdOf(query: string | undefined): string
  sideKey(
    deviceId: string | null | undefined,
    cookieHeader: string | undefined,
    fresh: string | null,
  ): string | null
  bucket(key: string, remote: string, version: string): number
  canaryOf(entry: unknown): CanaryPointer | null
  anyCanary(doc: unknown): boolean
  onCanary(key: string | null, remote: string, entry: unknown): boolean
  controlEntry<T>(entry: T): T
  canaryEntry<T>(entry: T): T
  sideEntry<T>(key: string | null, remote: string, entry: T): T
  borrowerRegistry<T>(doc: T, key: string | null): T
  sideRegistryText(text: string, key: string | null): string
  setCookie(key: string | null, cookieHeader: string | undefined, secure: boolean): string
  pageSide(r: NginxRequest): string
  pageCookie(r: NginxRequest): string
  upstreamCookie(r: NginxRequest): string
  registry(r: NginxRequest): void
}
export default canarySide
