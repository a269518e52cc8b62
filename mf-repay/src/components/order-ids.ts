import type { RemoteProps } from 'shared/contract'
import { pageOrder } from 'shared/session'
import { useAfterFirstFrame } from 'shared/ui'
import type { OrderIds } from '../api/repay-detail'

/**
 * The order of a page that repays one (`pageOrder`), or null when neither its address nor the session names
 * one: the page then says its link is incomplete and calls nothing. A route's first frame (ADR 0018) is
 * rendered where no address is known, and must be the page's loading state for every address: there the
 * order counts as named, and the borrower's own render knows right after hydrating.
 */
export function usePageOrder(props: Pick<RemoteProps, 'query' | 'session'>): OrderIds | null {
  const ids = pageOrder(props)
  const named = useAfterFirstFrame(ids.orderId !== '', true)
  return named ? ids : null
}
