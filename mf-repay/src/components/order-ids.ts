import type { RemoteProps } from 'shared/contract'
import { useAfterFirstFrame } from 'shared/ui'
import type { OrderIds } from '../api/repay-detail'

/** The order a page repays: the route's, else the session's globals (`product_id` is `productId`'s alias). */
export function orderIds(props: Pick<RemoteProps, 'query' | 'session'>): OrderIds {
  return {
    productId: props.query.productId || props.query.product_id || props.session.globals.productId || '',
    orderId: props.query.orderId || props.session.globals.orderId || '',
  }
}

/**
 * The order of a page that repays one (`orderIds`), or null when neither its address nor the session names
 * one: the page then says its link is incomplete and calls nothing. A route's first frame (ADR 0018) is
 * rendered where no address is known, and must be the page's loading state for every address: there the
 * order counts as named, and the borrower's own render knows right after hydrating.
 */
export function usePageOrder(props: Pick<RemoteProps, 'query' | 'session'>): OrderIds | null {
  const ids = orderIds(props)
  const named = useAfterFirstFrame(ids.orderId !== '', true)
  return named ? ids : null
}
