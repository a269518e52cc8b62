import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { ProductList } from './product-list'

const PRODUCTS = [
  { productId: '1', name: 'Peso Plus', open: true },
  { productId: '2', name: 'Sahod Loan', open: false },
  { productId: '3', name: 'Quick Cash', open: true },
]

function renderList(onTap = vi.fn(() => Promise.resolve())) {
  render(
    <ProductList
      label="Recommended"
      products={PRODUCTS}
      enabled={(product) => product.open}
      onTap={onTap}
      content={(product) => <span>{product.name}</span>}
    >
      <button type="button">More products</button>
    </ProductList>,
  )
  return onTap
}

test('a named list of products, each a button showing its content; a greyed-out one cannot be tapped', () => {
  renderList()
  const list = screen.getByRole('region', { name: 'Recommended' })
  const buttons = within(within(list).getByRole('list')).getAllByRole('button')
  expect(buttons.map((button) => button.textContent)).toEqual(['Peso Plus', 'Sahod Loan', 'Quick Cash'])
  expect(buttons.map((button) => button.hasAttribute('disabled'))).toEqual([false, true, false])
  expect(within(list).getByRole('button', { name: 'More products' })).toBeInTheDocument()
})

test('a tap gives the product and its place; a double tap, one action', async () => {
  const onTap = renderList()
  await userEvent.setup().dblClick(screen.getByRole('button', { name: 'Quick Cash' }))
  expect(onTap).toHaveBeenCalledTimes(1)
  expect(onTap).toHaveBeenCalledWith(PRODUCTS[2], 2)
})
