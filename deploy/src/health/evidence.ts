/**
 * What the collector proved about a report before storing it (ADR 0040): the page load it belongs to, from
 * the page-load token the server sent with the page. The store counts a load once per `loadId`, and only the
 * outcome of `remote`; the judge counts each `client` once.
 */
export interface Evidence {
  /** The page load's id (32 hex), new for every page either server sent. */
  loadId: string
  /** The client's key (16 hex of an HMAC of its address); the address itself is never kept. */
  client: string
  /** The route the page was sent for, as requested (`/loanDetails`). */
  route: string
  /** The remote the route table renders for `route`; null for a page without one (`/testPreview`). */
  remote: string | null
  /** When the page was sent, ms since the epoch. */
  issuedAt: number
}
