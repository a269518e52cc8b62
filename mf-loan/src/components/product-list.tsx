import type { ReactNode } from 'react'
import { useOneTap } from './use-one-tap'

interface ProductListProps<P extends { productId: string }> {
  label: string
  products: readonly P[]
  /** False for a product the server greyed out: it shows, but cannot be tapped. */
  enabled: (product: P) => boolean
  /** What tapping a product does (at its place in the list, from 0). */
  onTap: (product: P, index: number) => Promise<void>
  /** What a product's button shows. */
  content: (product: P) => ReactNode
  /** After the list, in its section (a link to more products). */
  children?: ReactNode
}

/** Products to apply for instead, each a button; one product per tap. */
export function ProductList<P extends { productId: string }>({
  label,
  products,
  enabled,
  onTap,
  content,
  children,
}: ProductListProps<P>) {
  // One product per tap: a second tap while the first asks for its link (or just after) would open two pages.
  const tap = useOneTap()

  return (
    <section className="loan-recommended" aria-label={label}>
      <ul className="loan-recommended__list">
        {products.map((product, index) => {
          const tappable = enabled(product)
          return (
            <li key={`${product.productId}-${index}`}>
              <button
                type="button"
                className={`loan-product${tappable ? '' : ' is-disabled'}`}
                disabled={!tappable}
                onClick={() => void tap(() => onTap(product, index))}
              >
                {content(product)}
              </button>
            </li>
          )
        })}
      </ul>
      {children}
    </section>
  )
}
