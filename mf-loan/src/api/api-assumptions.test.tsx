import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { apiPath, envelope } from 'shared/mocks'
import type * as Schema from 'shared/schema'
import { warnUnknown } from 'shared/schema'
import { createTestProps, renderWithUi, TEST_SETTINGS } from 'shared/testing'
import { ABSENT, withAbsent, type Absence } from 'shared/testing/fuzz'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { CONFIRM_MESSAGES, JOINT_MESSAGES, MESSAGES } from '../content/messages'
import { CONFIRM_SCENARIOS, demoConfirmations, V2_EXTRA } from '../mocks/confirm'
import { TEST_AGREEMENT_URL } from '../mocks/agreement-document'
import { testPictures } from '../mocks/demo-images'
import { demoOrders, realisticJointFailure, realisticOrder, SCENARIOS } from '../mocks/orders'
import { JointLoginFailureScreen } from '../screens/joint-login-failure/joint-login-failure-screen'
import { LoanConfirmScreen } from '../screens/loan-confirm/loan-confirm-screen'
import { LoanDetailsScreen } from '../screens/loan-details/loan-details-screen'
import { JOINT_FAILURE_PATH } from './joint-failure'
import { CONFIRM_PATHS, type ConfirmVariant } from './loan-confirm'
import { LOAN_DETAILS_PATH } from './loan-details'
import { setupScreenServer } from '../testing/screen-server'

/*
 * docs/api-assumptions.md, mf-loan: each row's default for a field the server leaves out (or sends as null),
 * one test per field, named `missing <call> <field>` as the row writes them (shared/config/api-assumptions.ts
 * checks that every such row has its test).
 */

vi.mock('shared/navigation', () => import('shared/testing/recorded-navigation'))
vi.mock('shared/schema', async (importOriginal) => ({
  ...(await importOriginal<typeof Schema>()),
  warnUnknown: vi.fn(),
}))

const server = setupScreenServer()
beforeEach(() => {
  sessionStorage.clear()
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})
afterEach(() => vi.restoreAllMocks())

const m = MESSAGES.details

/** Loan details of `order`, answered as sent. */
function renderDetails(order: unknown) {
  server.use(http.post(apiPath(LOAN_DETAILS_PATH), () => envelope(order)))
  const props = createTestProps({ screen: 'loanDetails', query: { orderId: SCENARIOS.realistic } })
  renderWithUi(<LoanDetailsScreen {...props} />)
  return props
}

const order = () => realisticOrder(testPictures)
const withProducts = () => demoOrders(testPictures)[SCENARIOS.realisticProducts]

test.each(ABSENT)(
  "missing POST /v3/loan-details/loan-details orderStatus (%s): 200's icon and no buttons, logged once",
  async (how) => {
    renderDetails(withAbsent(order(), ['orderStatus'], how))
    expect(await screen.findByRole('img', { name: m.statusIcon })).toHaveAttribute('data-icon', '200')
    for (const name of [m.repay, m.rollover, m.repayment, m.borrowAgain]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument()
    }
    expect(warnUnknown).toHaveBeenCalledExactlyOnceWith('orderStatus', '')
  },
)

/** The first recommended product's button, once the page shows it. */
const firstProduct = () => screen.findByRole('button', { name: /Peso Plus/ })

test.each(ABSENT)(
  'missing POST /v3/loan-details/loan-details recProducts[].amountRange (%s): nothing shows for it',
  async (how) => {
    renderDetails(withAbsent(withProducts(), ['recProducts', 0, 'amountRange'], how))
    const product = await firstProduct()
    expect(product.querySelector('.loan-product__range')).toBeEmptyDOMElement()
    expect(product).not.toHaveTextContent('₱')
  },
)

test.each(ABSENT)(
  'missing POST /v3/loan-details/loan-details recProducts[].globally (%s): enabled',
  async (how) => {
    renderDetails(withAbsent(withProducts(), ['recProducts', 0, 'globally'], how))
    expect(await firstProduct()).toBeEnabled()
  },
)

test.each(ABSENT)(
  "missing POST /v3/loan-details/loan-details telephone (%s): the deployment's servicePhone",
  async (how) => {
    renderDetails(withAbsent(order(), ['telephone'], how))
    expect(await screen.findByRole('button', { name: TEST_SETTINGS.servicePhone })).toBeInTheDocument()
  },
)

const CONFIRMATION = demoConfirmations(testPictures, TEST_AGREEMENT_URL)[CONFIRM_SCENARIOS.standard]

/** The confirmation `variant` answered with `data`, as the borrower opens it. */
function renderConfirm(variant: ConfirmVariant, data: unknown) {
  server.use(http.post(apiPath(CONFIRM_PATHS[variant].detail), () => envelope(data)))
  const props = createTestProps({
    screen: variant === 'v2' ? 'loanConfirmNew' : 'loanConfirm',
    query: { productId: CONFIRM_SCENARIOS.standard },
  })
  renderWithUi(<LoanConfirmScreen {...props} variant={variant} byPeriod={false} />)
}

/** The confirmation without `field` fails to load: the page says so, with 'Try again'. */
async function expectLoadFails(variant: ConfirmVariant, field: string, how: Absence) {
  renderConfirm(variant, withAbsent(CONFIRMATION, [field], how))
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('The server sent an unexpected response')
  expect(within(alert).getByRole('button', { name: MESSAGES.common.retry })).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: CONFIRM_MESSAGES.next })).not.toBeInTheDocument()
}

test.each(ABSENT)(
  "missing POST /v3/loan-confirm/loan-detail-confirm amount (%s): the load fails with its message and 'Try again'",
  (how) => expectLoadFails('v1', 'amount', how),
)

test.each(ABSENT)(
  "missing POST /v4/loan-confirm/detail amount (%s): the load fails with its message and 'Try again'",
  (how) => expectLoadFails('v2', 'amount', how),
)

test.each(ABSENT)('missing POST /v3/loan-confirm/loan-detail-confirm periods (%s): the load fails', (how) =>
  expectLoadFails('v1', 'periods', how),
)

test.each(ABSENT)('missing POST /v4/loan-confirm/detail periods (%s): the load fails', (how) =>
  expectLoadFails('v2', 'periods', how),
)

const V2_CONFIRMATION = { ...CONFIRMATION, ...V2_EXTRA }
const DEMO_AGREEMENT_CONFIRMATION = demoConfirmations(testPictures, TEST_AGREEMENT_URL)[
  CONFIRM_SCENARIOS.agreementPopup
]

test.each(ABSENT)("missing POST /v4/loan-confirm/detail buttonMsg (%s): 'Next'", async (how) => {
  renderConfirm('v2', withAbsent(V2_CONFIRMATION, ['buttonMsg'], how))
  const promotion = await screen.findByRole('dialog', { name: CONFIRM_MESSAGES.promotion.title })
  await userEvent.click(within(promotion).getByRole('button', { name: CONFIRM_MESSAGES.promotion.close }))
  expect(screen.getByRole('button', { name: CONFIRM_MESSAGES.next })).toBeInTheDocument()
})

test.each(ABSENT)('missing POST /v4/loan-confirm/detail popMsg (%s): no pop-up', async (how) => {
  renderConfirm('v2', withAbsent(V2_CONFIRMATION, ['popMsg'], how))
  expect(await screen.findByRole('button', { name: V2_EXTRA.buttonMsg })).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test.each(ABSENT)(
  'missing POST /v3/loan-confirm/loan-detail-confirm popAgreementUrl (%s): no pop-up',
  async (how) => {
    const withPopup = DEMO_AGREEMENT_CONFIRMATION
    // The same answer with the address shows the pop-up: what the absent case must not.
    renderConfirm('v1', withPopup)
    expect(await screen.findByRole('dialog', { name: CONFIRM_MESSAGES.agreementPopup.title })).toBeVisible()
    cleanup()
    renderConfirm('v1', withAbsent(withPopup, ['popAgreementUrl'], how))
    expect(await screen.findByRole('button', { name: CONFIRM_MESSAGES.next })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  },
)

test.each(ABSENT)('missing POST /v4/joint/failure-info list[].logo (%s): no picture slot', async (how) => {
  const failure = realisticJointFailure(testPictures)
  server.use(
    http.post(apiPath(JOINT_FAILURE_PATH), () => envelope(withAbsent(failure, ['list', 0, 'logo'], how))),
  )
  renderWithUi(
    <JointLoginFailureScreen
      {...createTestProps({ screen: 'jointLoginFailure', query: { orderId: SCENARIOS.realistic } })}
    />,
  )
  const list = await screen.findByRole('region', { name: JOINT_MESSAGES.products })
  const [first, second] = within(list).getAllByRole('button')
  expect(first.querySelector('.loan-product__head')).toBeNull()
  expect(first.querySelector('.loan-product__logo')).toBeNull()
  // The product that has one keeps its picture.
  expect(second.querySelector('.loan-product__logo')).not.toBeNull()
})
