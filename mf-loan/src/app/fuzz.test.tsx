import { fireEvent, screen, within } from '@testing-library/react'
import { apiPath } from 'shared/mocks'
import { setupMswServer } from 'shared/testing'
import { fuzzRemote } from 'shared/testing/fuzz'
import { render } from '@testing-library/react'
import { EVENT_SAVE_PATH, PRODUCT_CLICK_PATH } from '../api/events'
import { CLICK_TRACK_PATH, PRODUCT_LINK_PATH } from '../api/joint-failure'
import { CONFIRM_PATHS, GOOGLE_SCORE_PATH, JOINT_FAILURE_PATH, LOAN_DETAILS_PATH } from '../api/paths'
import { CONFIRM_SCENARIOS, V2_EXTRA } from '../mocks/confirm'
import { handlers } from '../mocks/handlers'
import { SCENARIOS } from '../mocks/orders'
import { LoanApp } from './loan-app'
import { CONFIRM_MESSAGES, MESSAGES } from './messages'

const DETAILS = apiPath(LOAN_DETAILS_PATH)
const V1 = CONFIRM_PATHS.v1
const V2 = CONFIRM_PATHS.v2
const CONFIRM = { productId: CONFIRM_SCENARIOS.standard, orderId: '77' }

/** Rates the app with 3 stars. */
async function rate() {
  const rating = await screen.findByRole('dialog', { name: MESSAGES.rating.title })
  fireEvent.click(within(rating).getByRole('button', { name: MESSAGES.rating.star(3) }))
  fireEvent.click(within(rating).getByRole('button', { name: MESSAGES.rating.submit }))
}

/** Taps the first product listed. */
async function tapProduct() {
  fireEvent.click(await screen.findByRole('button', { name: /Peso Plus/ }))
}

/** Opens an agreement, then takes the loan with the page's button (v2 names it from the answer). */
async function agreeAndConfirm(next: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Privacy Agreement' }))
  fireEvent.click(screen.getByRole('button', { name: next }))
}

fuzzRemote({
  remote: 'mf_loan',
  server: setupMswServer(...handlers),
  handlers,
  render: (props) => void render(<LoanApp {...props} />),
  screens: [
    { route: '/loanDetails', query: { orderId: SCENARIOS.recommended }, calls: [DETAILS] },
    { route: '/order', query: { orderId: SCENARIOS.delayable }, calls: [DETAILS] },
    {
      route: '/loanDetails',
      name: 'rating',
      query: { orderId: SCENARIOS.settled },
      calls: [apiPath(GOOGLE_SCORE_PATH)],
      demoCalls: [DETAILS],
      act: rate,
    },
    {
      route: '/loanDetails',
      name: 'a recommended product',
      query: { orderId: SCENARIOS.recommended },
      calls: [apiPath(EVENT_SAVE_PATH), apiPath(PRODUCT_CLICK_PATH)],
      demoCalls: [DETAILS],
      act: tapProduct,
    },
    { route: '/loanConfirm', query: CONFIRM, calls: [apiPath(V1.detail), apiPath(V1.agreements)] },
    {
      route: '/loanConfirm',
      name: 'agreement and Next',
      query: CONFIRM,
      calls: [apiPath(V1.agreementLink), apiPath(V1.push)],
      demoCalls: [apiPath(V1.detail), apiPath(V1.agreements)],
      act: () => agreeAndConfirm(CONFIRM_MESSAGES.next),
    },
    {
      route: '/confirmByPeriod',
      query: { productId: CONFIRM_SCENARIOS.byPeriod },
      calls: [apiPath(V1.detail), apiPath(V1.agreements)],
    },
    { route: '/loanConfirmNew', query: CONFIRM, calls: [apiPath(V2.detail), apiPath(V2.agreements)] },
    {
      route: '/loanConfirmNew',
      name: 'agreement and Next',
      query: CONFIRM,
      calls: [apiPath(V2.agreementLink), apiPath(V2.push)],
      demoCalls: [apiPath(V2.detail), apiPath(V2.agreements)],
      act: () => agreeAndConfirm(V2_EXTRA.buttonMsg),
    },
    { route: '/jointLoginFailure', query: { orderId: '5' }, calls: [apiPath(JOINT_FAILURE_PATH)] },
    {
      route: '/jointLoginFailure',
      name: 'a product',
      query: { orderId: '5' },
      calls: [apiPath(CLICK_TRACK_PATH), apiPath(PRODUCT_LINK_PATH)],
      demoCalls: [apiPath(JOINT_FAILURE_PATH)],
      act: tapProduct,
    },
  ],
})
