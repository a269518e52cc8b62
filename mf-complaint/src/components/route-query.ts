import type { RemoteProps } from 'shared/contract'
import { pageOrder } from 'shared/session'

/** The order the complaint pages read: the route's, else the session's global one. */
export function entryOrderId(props: Pick<RemoteProps, 'query' | 'session'>): string | undefined {
  return pageOrder(props).orderId || undefined
}

/** The global parameters a complaint carries from the entry to the form and back. */
export function carriedQuery(query: Record<string, string>): Record<string, string> {
  const carried: Record<string, string> = {}
  for (const key of ['productId', 'orderId']) if (query[key]) carried[key] = query[key]
  return carried
}
