import { ServerImage } from 'shared/ui'
import { MESSAGES } from '../content/messages'

/** The product's logo (a grey box when it cannot show, ADR 0022) and name. */
export function ProductHead({ name, logo }: { name: string; logo: string }) {
  return (
    <div className="repay-product">
      <ServerImage
        className="repay-product__logo"
        fetchPriority="low"
        src={logo}
        alt={name ? MESSAGES.common.productLogo(name) : ''}
      />
      <span className="repay-product__name">{name}</span>
    </div>
  )
}
