import { screen } from '@testing-library/react'
import { renderWithUi, setupMswServer, testDeclaredFirstCalls } from 'shared/testing'
import { handlers } from '../mocks/handlers'
import { FIRST_CALLS } from './first-calls'
import { LoanApp } from './loan-app'

const server = setupMswServer(...handlers)

const heading = (name: string) => () => screen.findByRole('heading', { name })

/** The page's ids with blanks around them, as a hand-made link may carry them (`?orderId=%20170%20`). */
const padded = (query: Record<string, string>) =>
  Object.fromEntries(Object.entries(query).map(([key, value]) => [key, ` ${value} `]))

testDeclaredFirstCalls({
  server,
  declared: FIRST_CALLS,
  pages: {
    // Not the test session's order (86): the page's own wins, as at boot; product_id is productId's alias.
    '/loanDetails': {
      screen: 'loanDetails',
      query: { productId: '7', orderId: '170' },
      shows: heading('Repayment due'),
    },
    '/order': {
      screen: 'loanDetails',
      query: { product_id: '7', orderId: '200' },
      shows: heading('Settled'),
    },
    '/jointLoginFailure': {
      screen: 'jointLoginFailure',
      query: { productId: '7', orderId: '5' },
      shows: heading('We could not sign you in with our partner'),
    },
    // Not the test session's product (1): the page's own wins.
    '/loanConfirm': { screen: 'loanConfirm', query: { productId: '3' }, shows: heading('Loan confirmation') },
    '/confirmByPeriod': {
      screen: 'confirmByPeriod',
      query: { product_id: '4' },
      shows: heading('Loan confirmation'),
    },
    '/loanConfirmNew': {
      screen: 'loanConfirmNew',
      query: { productId: '2' },
      shows: heading('Loan confirmation'),
    },
  },
  render: (props) => void renderWithUi(<LoanApp {...props} />),
  variants: [
    {
      title: '%s with blanks around the ids: the screen asks for the trimmed ids the page started with',
      query: padded,
    },
  ],
})
