import type { RemoteProps } from 'shared/contract'
import { readParams } from 'shared/session'

/**
 * The order a page shows: the route's, else the session's globals (`product_id` is `productId`'s alias). The
 * route's values are read as the session reads them (trimmed, blank ones left out), so the page asks for the
 * same order as the call it started while the JS downloaded.
 */
export function loanIds(props: Pick<RemoteProps, 'query' | 'session'>): {
  productId: string
  orderId: string
} {
  const route = readParams(props.query).globals
  return {
    productId: route.productId || props.session.globals.productId || '',
    orderId: route.orderId || props.session.globals.orderId || '',
  }
}
