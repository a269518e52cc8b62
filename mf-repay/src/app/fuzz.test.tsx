import { fireEvent, screen, within } from '@testing-library/react'
import { apiPath, legacyPath } from 'shared/mocks'
import { renderWithUi, setupMswServer } from 'shared/testing'
import { fuzzRemote } from 'shared/testing/fuzz'
import {
  REPAYMENT_COMMIT_PATH,
  REPAYMENT_CONFIRM_PATH,
  REPAYMENT_HUICHAO_PATH,
  REPAYMENT_WAY_PATH,
} from '../api/legacy-repay'
import { DELAY_PLAY_DETAIL_PATH, GENERATE_VCODE_PATH, LOAN_PLAY_DETAIL_PATH } from '../api/paths'
import { handlers } from '../mocks/handlers'
import { DEMO_CODE, LEGACY_SCENARIOS, resetLegacyCalls } from '../mocks/legacy-repay'
import { DEMO_PAY_IMAGE_PATH, SCENARIOS } from '../mocks/demo-data'
import { resetStore } from '../mocks/store'
import { RepayApp } from './repay-app'

const ORDER = { productId: '1', orderId: SCENARIOS.full }
const LEGACY = {
  productId: '1',
  orderId: LEGACY_SCENARIOS.withCode,
  amount: '1530.00',
  couponId: 'C7',
  userId: '501',
}
const DETAIL = apiPath(LOAN_PLAY_DETAIL_PATH)
const DELAY = apiPath(DELAY_PLAY_DETAIL_PATH)
const WAY = legacyPath(REPAYMENT_WAY_PATH)
const COMMIT = legacyPath(REPAYMENT_COMMIT_PATH)

/** Opens the channels and pays with the first. */
async function pay() {
  fireEvent.click(await screen.findByRole('button', { name: 'Payment Method' }))
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Payment Method' })).getByText('Pay now'))
}

/** Chooses a card (or alipay) and taps Repay now. */
async function repayWith(card: RegExp) {
  fireEvent.click(await screen.findByRole('radio', { name: card }))
  fireEvent.click(screen.getByRole('button', { name: 'Repay now' }))
}

/** Repays with the first card and confirms with the demo code. */
async function confirmCode() {
  await repayWith(/^BDO/)
  const step = await screen.findByRole('dialog', { name: 'Verification code' })
  fireEvent.change(within(step).getByLabelText('SMS code'), { target: { value: DEMO_CODE } })
  fireEvent.click(within(step).getByRole('button', { name: 'Confirm' }))
}

fuzzRemote({
  remote: 'mf_repay',
  server: setupMswServer(...handlers),
  handlers,
  reset: () => {
    resetStore()
    resetLegacyCalls()
  },
  render: (props) => void renderWithUi(<RepayApp {...props} />),
  unread: [
    {
      path: apiPath(`${DEMO_PAY_IMAGE_PATH}/:name`),
      why: "the code pages' pictures: the browser loads them into <img>",
    },
  ],
  screens: [
    { route: '/repay', query: ORDER, calls: [DETAIL] },
    {
      route: '/repay',
      name: 'paying',
      query: ORDER,
      calls: [apiPath(GENERATE_VCODE_PATH)],
      demoCalls: [DETAIL],
      act: pay,
    },
    { route: '/delayRepay', query: ORDER, calls: [DELAY] },
    { route: '/repaymentOfCode', query: { showType: '1' }, calls: [] },
    { route: '/repaymentOfCode2', calls: [] },
    { route: '/paymentInstructions', calls: [] },
    { route: '/legacyRepay', query: LEGACY, calls: [WAY] },
    {
      route: '/legacyRepay',
      name: 'card',
      query: LEGACY,
      calls: [COMMIT],
      demoCalls: [WAY],
      act: () => repayWith(/^BDO/),
    },
    {
      route: '/legacyRepay',
      name: 'code',
      query: LEGACY,
      calls: [legacyPath(REPAYMENT_CONFIRM_PATH)],
      demoCalls: [WAY, COMMIT],
      act: confirmCode,
    },
    {
      route: '/legacyRepay',
      name: 'alipay',
      query: LEGACY,
      calls: [legacyPath(REPAYMENT_HUICHAO_PATH)],
      demoCalls: [WAY],
      act: () => repayWith(/^Alipay/),
    },
  ],
})
