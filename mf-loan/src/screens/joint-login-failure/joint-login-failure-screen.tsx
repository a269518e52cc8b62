import { useCallback } from 'react'
import type { RemoteProps } from 'shared/contract'
import { pageOrder } from 'shared/session'
import { openServerLink } from 'shared/navigation'
import { warnUnknown } from 'shared/schema'
import { ServerImage, showToast } from 'shared/ui'
import { Skeleton } from 'shared/ui/screen-parts'
import {
  getJointFailure,
  getProductLink,
  trackProductClick,
  type JointProduct,
} from '../../api/joint-failure'
import { JOINT_MESSAGES, MESSAGES } from '../../content/messages'
import { formatAmountRange } from '../../components/amounts'
import { useLoad } from 'shared/ui/use-load'
import { LoadError } from '../../components/screen-parts'
import { ProductList } from '../../components/product-list'

/** The joint login failure page (`/jointLoginFailure`, 'Order Details'): why, and products to try instead. */
export function JointLoginFailureScreen(props: RemoteProps) {
  const { productId, orderId } = pageOrder(props)
  const { http } = props
  const load = useCallback(async () => {
    const result = await getJointFailure(http, { productId, orderId })
    if (result.ok) warnUnknownFlags(result.data.list)
    return result
  }, [http, productId, orderId])
  const { state, retry } = useLoad(load)

  const tap = async (product: JointProduct, positionId: number) => {
    trackProductClick(http, { productId: product.productId, positionId })
    const link = await getProductLink(http, product.productId)
    if (link === null) return
    openServerLink(link, {
      settings: props.settings,
      navigate: props.navigate,
      bridge: props.bridge,
      refuse: (message) => showToast(message),
    })
  }

  if (state.status === 'loading') {
    return <Skeleton label={MESSAGES.common.loading} heights={[96, 240]} />
  }
  if (state.status === 'error') return <LoadError message={state.message} onRetry={retry} />
  const { errorMsg, list } = state.data
  const noticeMsg = state.data.noticeMsg || (errorMsg || list.length > 0 ? '' : JOINT_MESSAGES.noDetails)
  return (
    <div className="loan-details">
      <section className="loan-status loan-status--column" aria-label={JOINT_MESSAGES.title}>
        {noticeMsg && <h1 className="loan-status__text">{noticeMsg}</h1>}
        {errorMsg && <p className="loan-status__desc">{errorMsg}</p>}
      </section>
      {list.length > 0 && (
        <ProductList
          label={JOINT_MESSAGES.products}
          products={list}
          enabled={(product) => product.enabled !== 0}
          onTap={tap}
          content={(product) => <JointProductContent product={product} rupee={props.settings.rupee} />}
        />
      )}
    </div>
  )
}

/** A product's button: its logo when the server sends one, range, rate, description and tags. */
function JointProductContent({ product, rupee }: { product: JointProduct; rupee: boolean }) {
  return (
    <>
      {product.logo && (
        <span className="loan-product__head">
          <ServerImage className="loan-product__logo" src={product.logo} fetchPriority="low" />
        </span>
      )}
      <span className="loan-product__range">{formatAmountRange(product.range, { rupee })}</span>
      <span className="loan-product__rate">{product.rate}</span>
      <span className="loan-product__range-desc">{product.rangeDesc}</span>
      <span className="loan-product__desc">{product.description}</span>
      {product.tags.length > 0 && (
        <span className="loan-product__tags">
          {product.tags.map((tag, i) => (
            <span className="loan-tag" key={`${tag}-${i}`}>
              {tag}
            </span>
          ))}
        </span>
      )}
    </>
  )
}

/** The `enabled` values the spec gives: 1, and 0 (not clickable). */
const KNOWN_ENABLED = [0, 1]

/** Logs (once each) an `enabled` value the page does not know; such a product stays usable (the default). */
function warnUnknownFlags(list: JointProduct[]): void {
  for (const product of list) {
    if (!KNOWN_ENABLED.includes(product.enabled)) warnUnknown('enabled', product.enabled)
  }
}
