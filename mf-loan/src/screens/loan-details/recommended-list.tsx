import { ServerImage } from 'shared/ui'
import type { RecProduct } from '../../api/loan-details'
import { MESSAGES } from '../../content/messages'
import { formatAmountRange } from '../../components/amounts'
import { useOneTap } from '../../components/use-one-tap'

const m = MESSAGES.details

interface RecommendedListProps {
  products: RecProduct[]
  onTap: (product: RecProduct, index: number) => Promise<void>
  onMore: () => void
  /** The deployment's rupee sign (Settings.rupee) for the amounts. */
  rupee: boolean
}

/** The recommended products; a product the server greyed out (`globally` 0) cannot be tapped. */
export function RecommendedList({ products, onTap, onMore, rupee }: RecommendedListProps) {
  // One product per tap: a second tap while the first asks for its link (or just after) would open two pages.
  const tap = useOneTap()

  return (
    <section className="loan-recommended" aria-label={m.recommended}>
      <ul className="loan-recommended__list">
        {products.map((product, index) => {
          const enabled = product.globally !== 0
          return (
            <li key={`${product.productId}-${index}`}>
              <button
                type="button"
                className={`loan-product${enabled ? '' : ' is-disabled'}`}
                disabled={!enabled}
                onClick={() => void tap(() => onTap(product, index))}
              >
                <span className="loan-product__head">
                  {/* Decoration beside the name: a logo that cannot show is a box of its size. */}
                  <ServerImage className="loan-product__logo" src={product.logo} fetchPriority="low" />
                  <span className="loan-product__name">{product.name}</span>
                  <span className="loan-product__cta">{product.buttonText}</span>
                </span>
                <span className="loan-product__range">
                  {formatAmountRange(product.amountRange, { rupee })}
                </span>
                <span className="loan-product__range-desc">{product.rangeDesc}</span>
                <span className="loan-product__rate">{product.rate}</span>
                <span className="loan-product__desc">{product.description}</span>
              </button>
            </li>
          )
        })}
      </ul>
      <button type="button" className="loan-link" onClick={onMore}>
        {m.moreProducts}
      </button>
    </section>
  )
}
