import { screen } from '@testing-library/react'
import { expectDeclaredFirstCalls, renderWithUi, setupMswServer } from 'shared/testing'
import { expect, test } from 'vitest'
import { handlers } from '../mocks/handlers'
import { FIRST_CALLS } from './first-calls'
import { LoanApp as LoanApp } from './loan-app'

const server = setupMswServer(...handlers)

const PAGES: Record<string, { screen: string; query: Record<string, string>; shows: string }> = {
  // Not the test session's order (86): the page's own wins, as at boot; product_id is productId's alias.
  '/loanDetails': {
    screen: 'loanDetails',
    query: { productId: '7', orderId: '170' },
    shows: 'Repayment due',
  },
  '/order': { screen: 'loanDetails', query: { product_id: '7', orderId: '200' }, shows: 'Settled' },
  '/jointLoginFailure': {
    screen: 'jointLoginFailure',
    query: { productId: '7', orderId: '5' },
    shows: 'We could not sign you in with our partner',
  },
  // Not the test session's product (1): the page's own wins.
  '/loanConfirm': { screen: 'loanConfirm', query: { productId: '3' }, shows: 'Loan confirmation' },
  '/confirmByPeriod': { screen: 'confirmByPeriod', query: { product_id: '4' }, shows: 'Loan confirmation' },
  '/loanConfirmNew': { screen: 'loanConfirmNew', query: { productId: '2' }, shows: 'Loan confirmation' },
}

test('every route with first calls is checked here', () => {
  expect(Object.keys(FIRST_CALLS).sort()).toEqual(Object.keys(PAGES).sort())
})

test.each(Object.entries(PAGES))('%s: the screen makes exactly its declared first calls', (route, page) =>
  expectDeclaredFirstCalls({
    server,
    route,
    screen: page.screen,
    query: page.query,
    declared: FIRST_CALLS[route as keyof typeof FIRST_CALLS] ?? [],
    render: (props) => void renderWithUi(<LoanApp {...props} />),
    shows: async () => expect(await screen.findByRole('heading', { name: page.shows })).toBeInTheDocument(),
  }),
)

/** The page's ids with blanks around them, as a hand-made link may carry them (`?orderId=%20170%20`). */
const padded = (query: Record<string, string>) =>
  Object.fromEntries(Object.entries(query).map(([key, value]) => [key, ` ${value} `]))

test.each(Object.entries(PAGES))(
  '%s with blanks around the ids: the screen asks for the trimmed ids the page started with',
  (route, page) =>
    expectDeclaredFirstCalls({
      server,
      route,
      screen: page.screen,
      query: padded(page.query),
      declared: FIRST_CALLS[route as keyof typeof FIRST_CALLS] ?? [],
      render: (props) => void renderWithUi(<LoanApp {...props} />),
      shows: async () => expect(await screen.findByRole('heading', { name: page.shows })).toBeInTheDocument(),
    }),
)
