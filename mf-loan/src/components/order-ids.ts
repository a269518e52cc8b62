import type { RemoteProps } from 'shared/contract'

/** The order a page shows: the route's, else the session's globals (`product_id` is `productId`'s alias). */
export function loanIds(props: Pick<RemoteProps, 'query' | 'session'>): {
  productId: string
  orderId: string
} {
  return {
    productId: props.query.productId || props.query.product_id || props.session.globals.productId || '',
    orderId: props.query.orderId || props.session.globals.orderId || '',
  }
}
