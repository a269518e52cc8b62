import type { RemoteProps } from 'shared/contract'
import type { OrderIds } from '../api/repay-detail'

/** The order a page repays: the route's, else the session's globals (`product_id` is `productId`'s alias). */
export function orderIds(props: Pick<RemoteProps, 'query' | 'session'>): OrderIds {
  return {
    productId: props.query.productId || props.query.product_id || props.session.globals.productId || '',
    orderId: props.query.orderId || props.session.globals.orderId || '',
  }
}
