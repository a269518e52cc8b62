/**
 * What the collector knows about the page load a report speaks for, apart from what the report says: the
 * store counts a load, and each client once, only from this.
 */
export interface Evidence {
  /** One page load the deployment served; every report of that load carries the same one. */
  loadId: string
  /** Who loaded it, as a key that is never the address itself. */
  client: string
  /** The route's path as the page was requested (`/loanDetails`). */
  route: string
  /** The remote that route renders; null for a route without one (`/testPreview`), which records no load. */
  remote: string | null
  /** When the page was served, ms since the epoch. */
  issuedAt: number
}
