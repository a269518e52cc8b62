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
import { JOINT_MESSAGES, MESSAGES } from '../../app/messages'
import { formatAmountRange } from '../../components/amounts'
import { useLoad } from 'shared/ui/use-load'
import { LoadError } from '../../components/screen-parts'
import { useOneTap } from '../../components/use-one-tap'

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
  // One product per tap: a second tap while the first asks for its link (or just after) would open two pages.
  const oneTap = useOneTap()

  const tap = (product: JointProduct, positionId: number) =>
    oneTap(async () => {
      trackProductClick(http, { productId: product.productId, positionId })
      const link = await getProductLink(http, product.productId)
      if (link === null) return
      openServerLink(link, {
        settings: props.settings,
        navigate: props.navigate,
        bridge: props.bridge,
        refuse: (message) => showToast(message),
      })
    })

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
        <section className="loan-recommended" aria-label={JOINT_MESSAGES.products}>
          <ul className="loan-recommended__list">
            {list.map((product, index) => {
              const enabled = product.enabled !== 0
              return (
                <li key={`${product.productId}-${index}`}>
                  <button
                    type="button"
                    className={`loan-product${enabled ? '' : ' is-disabled'}`}
                    disabled={!enabled}
                    onClick={() => void tap(product, index)}
                  >
                    {product.logo && (
                      <span className="loan-product__head">
                        <ServerImage className="loan-product__logo" src={product.logo} fetchPriority="low" />
                      </span>
                    )}
                    <span className="loan-product__range">
                      {formatAmountRange(product.range, { rupee: props.settings.rupee })}
                    </span>
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
                  </button>
                </li>
              )
            })}
          </ul>
        </section>
      )}
    </div>
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
