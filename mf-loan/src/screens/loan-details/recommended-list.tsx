import { ServerImage } from 'shared/ui'
import type { RecProduct } from '../../api/loan-details'
import { MESSAGES } from '../../content/messages'
import { formatAmountRange } from '../../components/amounts'
import { ProductList } from '../../components/product-list'

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
  return (
    <ProductList
      label={m.recommended}
      products={products}
      enabled={(product) => product.globally !== 0}
      onTap={onTap}
      content={(product) => (
        <>
          <span className="loan-product__head">
            {/* Decoration beside the name: a logo that cannot show is a box of its size. */}
            <ServerImage className="loan-product__logo" src={product.logo} fetchPriority="low" />
            <span className="loan-product__name">{product.name}</span>
            <span className="loan-product__cta">{product.buttonText}</span>
          </span>
          <span className="loan-product__range">{formatAmountRange(product.amountRange, { rupee })}</span>
          <span className="loan-product__range-desc">{product.rangeDesc}</span>
          <span className="loan-product__rate">{product.rate}</span>
          <span className="loan-product__desc">{product.description}</span>
        </>
      )}
    >
      <button type="button" className="loan-link" onClick={onMore}>
        {m.moreProducts}
      </button>
    </ProductList>
  )
}
