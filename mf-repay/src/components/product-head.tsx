import { MESSAGES } from '../app/messages'

/** The product's logo and name. */
export function ProductHead({ name, logo }: { name: string; logo: string }) {
  return (
    <div className="repay-product">
      {logo && <img className="repay-product__logo" src={logo} alt={MESSAGES.common.productLogo(name)} />}
      <span className="repay-product__name">{name}</span>
    </div>
  )
}
