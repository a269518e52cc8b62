import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http } from 'msw'
import { apiPath, envelope, failure, readForm } from 'shared/mocks'
import type * as Schema from 'shared/schema'
import { warnUnknown } from 'shared/schema'
import { createTestProps, renderWithUi, TEST_SETTINGS } from 'shared/testing'
import { beforeEach, expect, test, vi } from 'vitest'
import { EVENT_SAVE_PATH, PRODUCT_CLICK_PATH } from '../../api/events'
import { GOOGLE_SCORE_PATH, LOAN_DETAILS_PATH } from '../../api/loan-details'
import { MESSAGES } from '../../content/messages'
import { testPictures } from '../../mocks/demo-images'
import { DEMO_LINKS, demoOrders, SCENARIOS } from '../../mocks/orders'
import { visits } from 'shared/testing/recorded-navigation'
import { LoanDetailsScreen } from './loan-details-screen'
import { BANK_TIP_KEY } from './loan-rules'
import { setupScreenServer } from '../../testing/screen-server'

vi.mock('shared/navigation', () => import('shared/testing/recorded-navigation'))
vi.mock('shared/schema', async (importOriginal) => ({
  ...(await importOriginal<typeof Schema>()),
  warnUnknown: vi.fn(),
}))

const server = setupScreenServer()
beforeEach(() => sessionStorage.clear())

const m = MESSAGES.details
const DEMO_ORDERS = demoOrders(testPictures)
/** The demo deployment's partner host, which the demo's links use. */
const DEMO_SETTINGS = { ...TEST_SETTINGS, allowedHosts: ['partners.cashloan-demo.ph'] }

function renderDetails(orderId: string, query: Record<string, string> = {}, settings = DEMO_SETTINGS) {
  const props = createTestProps({ screen: 'loanDetails', query: { orderId, ...query }, settings })
  renderWithUi(<LoanDetailsScreen {...props} />)
  return props
}

/** The form bodies sent to `path`, as they arrive. */
function bodiesTo(path: string): Record<string, string>[] {
  const bodies: Record<string, string>[] = []
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.endsWith(path)) {
      void readForm(request.clone()).then((body) => bodies.push(body))
    }
  })
  return bodies
}

/** Answers loan-details with the demo order `base` changed by `changes`. */
function answerWith(base: string, changes: Record<string, unknown>) {
  server.use(http.post(apiPath(LOAN_DETAILS_PATH), () => envelope({ ...DEMO_ORDERS[base], ...changes })))
}

test('loads: a skeleton, then the status banner, the product card and its non-empty lines', async () => {
  const bodies = bodiesTo(LOAN_DETAILS_PATH)
  renderDetails(SCENARIOS.delayable)
  expect(screen.getByRole('status', { name: MESSAGES.common.loading })).toBeInTheDocument()
  expect(await screen.findByRole('heading', { name: 'Repayment due' })).toBeInTheDocument()
  expect(screen.getByText('Please repay before the due date to keep a good record.')).toBeInTheDocument()
  expect(screen.getByRole('img', { name: m.statusIcon })).toHaveAttribute('data-icon', '174')
  expect(screen.getByRole('img', { name: m.productLogo('CashLoan') })).toBeInTheDocument()
  const card = screen.getByRole('region', { name: 'CashLoan' })
  expect(within(card).getByText('Loan amount')).toBeInTheDocument()
  expect(within(card).getByText('₱5.000,00')).toBeInTheDocument()
  // The demo's 'Coupon' line has no value.
  expect(within(card).queryByText('Coupon')).not.toBeInTheDocument()
  expect(screen.queryByRole('status')).not.toBeInTheDocument()
  expect(bodies).toEqual([{ productId: '1', orderId: '86' }])
})

test('ids from the route are trimmed, as the session trims its globals', async () => {
  const bodies = bodiesTo(LOAN_DETAILS_PATH)
  const user = userEvent.setup()
  const props = renderDetails(` ${SCENARIOS.due} `, { productId: ' 7 ' })
  await user.click(await screen.findByRole('button', { name: m.repayment }))
  expect(bodies).toEqual([{ productId: '7', orderId: '174' }])
  expect(props.navigate).toHaveBeenCalledExactlyOnceWith('/repay?productId=7&orderId=174')
})

test('product_id is read as productId; the route wins over the session', async () => {
  const bodies = bodiesTo(LOAN_DETAILS_PATH)
  renderDetails(SCENARIOS.due, { product_id: '7' })
  await screen.findByRole('heading', { name: 'Repayment due' })
  expect(bodies).toEqual([{ productId: '7', orderId: '174' }])
})

test('a failed load shows the message and Try again, which loads the page', async () => {
  const user = userEvent.setup()
  renderDetails(SCENARIOS.failure)
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('Demo: this order could not be loaded.')
  answerWith(SCENARIOS.due, {})
  await user.click(within(alert).getByRole('button', { name: MESSAGES.common.retry }))
  expect(await screen.findByRole('heading', { name: 'Repayment due' })).toBeInTheDocument()
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
})

test('a payload that is not an order is an error state, not a crash', async () => {
  server.use(http.post(apiPath(LOAN_DETAILS_PATH), () => envelope('nonsense')))
  renderDetails(SCENARIOS.due)
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The server sent an unexpected response. Please try again later.',
  )
})

test.each([
  ['21', '21'],
  ['151', '151'],
  ['110', '110'],
  ['174', '174'],
  ['180', '180'],
  ['200', '200'],
  ['999', '200'],
  // 170 is due (README.md, Decisions): the due icon, never 200's settled tick.
  ['170', '174'],
])('status %s shows icon %s', async (status, icon) => {
  answerWith(SCENARIOS.due, { orderStatus: status, isScore: 0 })
  renderDetails(SCENARIOS.due)
  expect(await screen.findByRole('img', { name: m.statusIcon })).toHaveAttribute('data-icon', icon)
})

test.each([
  [m.repay, '/repay'],
  [m.rollover, '/delayRepay'],
])("174 with isDelay 1: '%s' opens %s and sets showBankTip", async (name, path) => {
  const user = userEvent.setup()
  const props = renderDetails(SCENARIOS.delayable)
  const button = await screen.findByRole('button', { name })
  expect(screen.getByText(m.rolloverTagline)).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: m.repayment })).not.toBeInTheDocument()
  await user.click(button)
  expect(props.navigate).toHaveBeenCalledExactlyOnceWith(`${path}?productId=1&orderId=86`)
  expect(sessionStorage.getItem(BANK_TIP_KEY)).not.toBeNull()
})

test.each([
  [m.repay, SCENARIOS.delayable, '/repay'],
  [m.rollover, SCENARIOS.delayable, '/delayRepay'],
  [m.repayment, SCENARIOS.due, '/repay'],
])("a double tap on '%s' opens its page once", async (name, orderId, path) => {
  const user = userEvent.setup()
  const props = renderDetails(orderId)
  await user.dblClick(await screen.findByRole('button', { name }))
  expect(props.navigate).toHaveBeenCalledExactlyOnceWith(`${path}?productId=1&orderId=${orderId}`)
})

test("two taps in one task on 'REPAY' and 'Rollover Repayment' open one page", async () => {
  const props = renderDetails(SCENARIOS.delayable)
  const repay = await screen.findByRole('button', { name: m.repay })
  const rollover = screen.getByRole('button', { name: m.rollover })
  act(() => {
    repay.click()
    repay.click()
    rollover.click()
  })
  expect(props.navigate).toHaveBeenCalledExactlyOnceWith('/repay?productId=1&orderId=86')
})

test.each([
  [0, false],
  [1, true],
  [2, false],
  [-1, false],
  ['1', true],
])(
  "174 with isDelay %j: 'REPAY' and 'Rollover Repayment' only for 1, else 'Repayment'",
  async (isDelay, delay) => {
    answerWith(SCENARIOS.due, { isDelay })
    renderDetails(SCENARIOS.due)
    await screen.findByRole('img', { name: m.statusIcon })
    expect(screen.queryByRole('button', { name: m.repay }) !== null).toBe(delay)
    expect(screen.queryByRole('button', { name: m.rollover }) !== null).toBe(delay)
    expect(screen.queryByRole('button', { name: m.repayment }) !== null).toBe(!delay)
  },
)

test("180 with isDelay 1 also offers 'REPAY' and 'Rollover Repayment'", async () => {
  answerWith(SCENARIOS.overdue, { isDelay: 1, cardNeedPop: 0 })
  renderDetails(SCENARIOS.overdue)
  expect(await screen.findByRole('button', { name: m.repay })).toBeInTheDocument()
  expect(screen.getByRole('button', { name: m.rollover })).toBeInTheDocument()
})

test.each([
  ['174 without isDelay', SCENARIOS.due],
  ['180 without isDelay', SCENARIOS.overdue],
  ['170', SCENARIOS.repayment],
])("%s: one 'Repayment' button to /repay", async (_, orderId) => {
  const user = userEvent.setup()
  sessionStorage.setItem(BANK_TIP_KEY, '1')
  answerWith(orderId, { cardNeedPop: 0 })
  const props = renderDetails(orderId)
  await user.click(await screen.findByRole('button', { name: m.repayment }))
  expect(props.navigate).toHaveBeenCalledWith(`/repay?productId=1&orderId=${orderId}`)
  expect(screen.queryByRole('button', { name: m.repay })).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: m.rollover })).not.toBeInTheDocument()
})

test.each([
  ['110', SCENARIOS.review],
  ['151 without products', SCENARIOS.recommended],
])('%s has no action buttons', async (_, orderId) => {
  answerWith(orderId, { recProducts: [] })
  renderDetails(orderId)
  await screen.findByRole('img', { name: m.statusIcon })
  for (const name of [m.repay, m.repayment, m.rollover, m.borrowAgain]) {
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument()
  }
})

test("200: 'Borrow Again' saves the event (module 30, position 0) and opens the product detail", async () => {
  const user = userEvent.setup()
  const events = bodiesTo(EVENT_SAVE_PATH)
  answerWith(SCENARIOS.settled, { isScore: 0 })
  const props = renderDetails(SCENARIOS.settled)
  await user.click(await screen.findByRole('button', { name: m.borrowAgain }))
  expect(props.bridgeCalls).toEqual([{ action: 'to', payload: ['productDetail'] }])
  await waitFor(() => expect(events).toEqual([{ productId: '1', moduleId: '30', positionId: '0' }]))
})

test("'Borrow Again' opens the product detail in the same tap while the event has no answer (issue #40)", async () => {
  const user = userEvent.setup()
  const events = bodiesTo(EVENT_SAVE_PATH)
  server.use(http.post(apiPath(EVENT_SAVE_PATH), () => delay('infinite')))
  answerWith(SCENARIOS.settled, { isScore: 0 })
  const props = renderDetails(SCENARIOS.settled)
  await user.click(await screen.findByRole('button', { name: m.borrowAgain }))
  // Nothing waited for: the tap itself asked the app for the page.
  expect(props.bridgeCalls).toEqual([{ action: 'to', payload: ['productDetail'] }])
  await waitFor(() => expect(events).toEqual([{ productId: '1', moduleId: '30', positionId: '0' }]))
})

test("a double tap on 'Borrow Again' saves one event and opens the product detail once", async () => {
  const user = userEvent.setup()
  const events = bodiesTo(EVENT_SAVE_PATH)
  answerWith(SCENARIOS.settled, { isScore: 0 })
  const props = renderDetails(SCENARIOS.settled)
  await user.dblClick(await screen.findByRole('button', { name: m.borrowAgain }))
  await waitFor(() => expect(props.bridgeCalls).toHaveLength(1))
  // What a second tap would have sent has had time to arrive.
  await new Promise((resolve) => setTimeout(resolve, 100))
  expect(props.bridgeCalls).toEqual([{ action: 'to', payload: ['productDetail'] }])
  expect(events).toEqual([{ productId: '1', moduleId: '30', positionId: '0' }])
})

test.each(['productDetail', 'login'])(
  'a continuation link that is a native page key (%s) goes to the app once; the order shows, as without a link',
  async (key) => {
    answerWith(SCENARIOS.redirect, { playeduL: key })
    const props = renderDetails(SCENARIOS.redirect)
    expect(await screen.findByRole('heading', { name: 'Under review' })).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: m.redirecting })).not.toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'CashLoan' })).toBeInTheDocument()
    expect(props.bridgeCalls).toEqual([{ action: 'to', payload: [key] }])
    expect(visits).toEqual([])
  },
)

test('a continuation link on any status but 21 opens at once, replacing the page, with the global parameters', async () => {
  renderDetails(SCENARIOS.redirect)
  await waitFor(() =>
    expect(visits).toEqual([
      { url: `${DEMO_LINKS.continuation}?productId=1&orderId=redirect`, replace: true },
    ]),
  )
  expect(screen.getByRole('status', { name: m.redirecting })).toBeInTheDocument()
  expect(screen.queryByRole('heading')).not.toBeInTheDocument()
})

test('a continuation link to a host the deployment does not allow is refused with a toast; the page shows', async () => {
  renderDetails(SCENARIOS.redirect, {}, TEST_SETTINGS)
  expect(await screen.findByText('This link cannot be opened.')).toBeInTheDocument()
  expect(await screen.findByRole('heading', { name: 'Under review' })).toBeInTheDocument()
  expect(visits).toEqual([])
})

test("21 with a link stays and asks: 'Cancel' goes home", async () => {
  const user = userEvent.setup()
  const props = renderDetails(SCENARIOS.withdraw)
  const prompt = await screen.findByRole('dialog', { name: MESSAGES.withdraw.title })
  expect(within(prompt).getByText(/is ready. Withdraw it to your account now\?/)).toBeInTheDocument()
  expect(screen.getByRole('heading', { name: 'Loan approved' })).toBeInTheDocument()
  expect(visits).toEqual([])
  await user.click(within(prompt).getByRole('button', { name: MESSAGES.withdraw.cancel }))
  expect(props.bridgeCalls).toEqual([{ action: 'toHome', payload: [''] }])
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test("21 with a link: 'Withdraw Now' opens the continuation link with the global parameters", async () => {
  const user = userEvent.setup()
  renderDetails(SCENARIOS.withdraw)
  const prompt = await screen.findByRole('dialog', { name: MESSAGES.withdraw.title })
  await user.click(within(prompt).getByRole('button', { name: MESSAGES.withdraw.confirm }))
  expect(visits).toEqual([{ url: `${DEMO_LINKS.withdraw}?productId=1&orderId=21`, replace: false }])
})

test("21 with a link: a double tap on 'Withdraw Now' opens the link once", async () => {
  const user = userEvent.setup()
  renderDetails(SCENARIOS.withdraw)
  const prompt = await screen.findByRole('dialog', { name: MESSAGES.withdraw.title })
  await user.dblClick(within(prompt).getByRole('button', { name: MESSAGES.withdraw.confirm }))
  expect(visits).toEqual([{ url: `${DEMO_LINKS.withdraw}?productId=1&orderId=21`, replace: false }])
})

test('21 without a link shows no prompt', async () => {
  answerWith(SCENARIOS.withdraw, { playeduL: '' })
  renderDetails(SCENARIOS.withdraw)
  await screen.findByRole('heading', { name: 'Loan approved' })
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test("recommended products show (with 'Click to view more products' home) instead of the button area", async () => {
  const user = userEvent.setup()
  const props = renderDetails(SCENARIOS.recommended)
  const list = await screen.findByRole('region', { name: m.recommended })
  const products = within(list).getAllByRole('listitem')
  expect(products).toHaveLength(4)
  const first = within(products[0])
  for (const text of [
    'Peso Plus',
    'Apply',
    '₱2.000 - ₱20.000',
    'Loan amount',
    '0.05%/day',
    'Money in 24 hours',
  ]) {
    expect(first.getByText(text)).toBeInTheDocument()
  }
  // The demo's logos come from a second origin (ADR 0022).
  expect(products[0].querySelector('img')).toHaveAttribute(
    'src',
    expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/utilities\/demo-pictures\/pp\.svg/),
  )
  await user.click(within(list).getByRole('button', { name: m.moreProducts }))
  expect(props.bridgeCalls).toEqual([{ action: 'toHome', payload: [''] }])
})

test.each([
  ['the market flag is off', SCENARIOS.review, {}],
  [
    'the status is 170',
    SCENARIOS.repayment,
    { recProducts: DEMO_ORDERS[SCENARIOS.recommended].recProducts, inside: true },
  ],
  [
    'the status is 174',
    SCENARIOS.due,
    { recProducts: DEMO_ORDERS[SCENARIOS.recommended].recProducts, inside: true },
  ],
  [
    'the status is 180',
    SCENARIOS.overdue,
    { recProducts: DEMO_ORDERS[SCENARIOS.recommended].recProducts, inside: true },
  ],
  ['the status is 200', SCENARIOS.settled, {}],
])('no recommended products when %s', async (_, orderId, changes) => {
  answerWith(orderId, { ...changes, KindTipsMsg: '', cardNeedPop: 0, isScore: 0 })
  renderDetails(orderId)
  await screen.findByRole('img', { name: m.statusIcon })
  expect(screen.queryByRole('region', { name: m.recommended })).not.toBeInTheDocument()
  expect(screen.queryByText('Peso Plus')).not.toBeInTheDocument()
})

test('an unknown status shows the recommended products', async () => {
  renderDetails(SCENARIOS.unknownStatus)
  expect(await screen.findByRole('region', { name: m.recommended })).toBeInTheDocument()
})

test('tapping a product saves the event and asks product-click; an http link opens through the guard', async () => {
  const user = userEvent.setup()
  const events = bodiesTo(EVENT_SAVE_PATH)
  const clicks = bodiesTo(PRODUCT_CLICK_PATH)
  renderDetails(SCENARIOS.recommended)
  await user.click(await screen.findByRole('button', { name: /Peso Plus/ }))
  await waitFor(() => expect(visits).toEqual([{ url: DEMO_LINKS.product, replace: false }]))
  expect(events).toEqual([{ productId: '101', moduleId: '31', positionId: '0' }])
  expect(clicks).toEqual([{ moduleId: '31', productId: '101', positionId: '0' }])
})

test('a product link that is not http goes to the bridge; its position is its index', async () => {
  const user = userEvent.setup()
  const clicks = bodiesTo(PRODUCT_CLICK_PATH)
  const props = renderDetails(SCENARIOS.recommended)
  await user.click(await screen.findByRole('button', { name: /Quick Cash/ }))
  await waitFor(() => expect(props.bridgeCalls).toEqual([{ action: 'to', payload: ['productDetail'] }]))
  expect(clicks).toEqual([{ moduleId: '31', productId: '102', positionId: '1' }])
  expect(visits).toEqual([])
})

test('a product-click refusal shows its message', async () => {
  const user = userEvent.setup()
  const props = renderDetails(SCENARIOS.recommended)
  await user.click(await screen.findByRole('button', { name: /Bayad Pera/ }))
  expect(await screen.findByText('This product is not accepting applications right now.')).toBeInTheDocument()
  expect(visits).toEqual([])
  expect(props.bridgeCalls).toEqual([])
})

test('a greyed-out product (globally 0) does nothing', async () => {
  const user = userEvent.setup()
  const events = bodiesTo(EVENT_SAVE_PATH)
  const clicks = bodiesTo(PRODUCT_CLICK_PATH)
  renderDetails(SCENARIOS.recommended)
  const greyed = await screen.findByRole('button', { name: /Sahod Loan/ })
  expect(greyed).toBeDisabled()
  await user.click(greyed)
  expect(events).toEqual([])
  expect(clicks).toEqual([])
})

test("'Kind tips' shows the message and closes only with 'Confirm'", async () => {
  const user = userEvent.setup()
  renderDetails(SCENARIOS.repayment)
  const tips = await screen.findByRole('dialog', { name: MESSAGES.kindTips.title })
  expect(
    within(tips).getByText('Please repay only through the channels shown in the app.'),
  ).toBeInTheDocument()
  await user.click(document.querySelector('.loan-modal')!)
  expect(screen.getByRole('dialog', { name: MESSAGES.kindTips.title })).toBeInTheDocument()
  await user.click(within(tips).getByRole('button', { name: MESSAGES.kindTips.confirm }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test("'Kind tips' stays away once the borrower went to repay in this session, and without a message", async () => {
  sessionStorage.setItem(BANK_TIP_KEY, '1')
  renderDetails(SCENARIOS.repayment)
  await screen.findByRole('button', { name: m.repayment })
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test("no 'Kind tips' when the order has no tips message", async () => {
  renderDetails(SCENARIOS.due)
  await screen.findByRole('button', { name: m.repayment })
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test('the app rating: no star → Silakan pilih and no call; star n fills 1..n', async () => {
  const user = userEvent.setup()
  const scores = bodiesTo(GOOGLE_SCORE_PATH)
  renderDetails(SCENARIOS.settled)
  const rating = await screen.findByRole('dialog', { name: MESSAGES.rating.title })
  await user.click(within(rating).getByRole('button', { name: MESSAGES.rating.submit }))
  expect(await screen.findByText(MESSAGES.rating.pickStars)).toBeInTheDocument()
  expect(scores).toEqual([])
  await user.click(within(rating).getByRole('button', { name: '3 stars' }))
  for (const n of [1, 2, 3]) {
    expect(within(rating).getByRole('button', { name: MESSAGES.rating.star(n) })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  }
  for (const n of [4, 5]) {
    expect(within(rating).getByRole('button', { name: MESSAGES.rating.star(n) })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
  }
})

test('fewer than 4 stars: score 5 is sent, thanks, the dialog closes, no store rating', async () => {
  const user = userEvent.setup()
  const scores = bodiesTo(GOOGLE_SCORE_PATH)
  const props = renderDetails(SCENARIOS.settled)
  const rating = await screen.findByRole('dialog', { name: MESSAGES.rating.title })
  await user.click(within(rating).getByRole('button', { name: '3 stars' }))
  await user.click(within(rating).getByRole('button', { name: MESSAGES.rating.submit }))
  expect(await screen.findByText(MESSAGES.rating.thanks)).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(scores).toEqual([{ score: '5' }])
  expect(props.bridgeCalls).toEqual([])
})

test('4 or more stars: score 5 is sent, then the native store rating, and the dialog closes', async () => {
  const user = userEvent.setup()
  const scores = bodiesTo(GOOGLE_SCORE_PATH)
  const props = renderDetails(SCENARIOS.settled)
  const rating = await screen.findByRole('dialog', { name: MESSAGES.rating.title })
  await user.click(within(rating).getByRole('button', { name: '4 stars' }))
  await user.click(within(rating).getByRole('button', { name: MESSAGES.rating.submit }))
  await waitFor(() => expect(props.bridgeCalls).toEqual([{ action: 'toRate', payload: [''] }]))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(scores).toEqual([{ score: '5' }])
})

test('a failed rating keeps the dialog open; Cancel closes it without a call', async () => {
  const user = userEvent.setup()
  server.use(http.post(apiPath(GOOGLE_SCORE_PATH), () => failure('Rating is not available.')))
  const props = renderDetails(SCENARIOS.settled)
  const rating = await screen.findByRole('dialog', { name: MESSAGES.rating.title })
  await user.click(within(rating).getByRole('button', { name: '5 stars' }))
  await user.click(within(rating).getByRole('button', { name: MESSAGES.rating.submit }))
  expect(await screen.findByText('Rating is not available.')).toBeInTheDocument()
  expect(screen.getByRole('dialog', { name: MESSAGES.rating.title })).toBeInTheDocument()
  await user.click(within(rating).getByRole('button', { name: MESSAGES.rating.cancel }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(props.bridgeCalls).toEqual([])
})

test.each([
  [0, false],
  [1, true],
  [2, false],
  [-1, false],
])('isScore %j: the rating opens only for 1', async (isScore, opens) => {
  answerWith(SCENARIOS.settled, { isScore })
  renderDetails(SCENARIOS.settled)
  await screen.findByRole('button', { name: m.borrowAgain })
  expect(screen.queryByRole('dialog', { name: MESSAGES.rating.title }) !== null).toBe(opens)
})

test.each([
  [0, false],
  [1, true],
  [2, false],
  [-1, false],
])('cardNeedPop %j: the bank-card dialog opens only for 1', async (cardNeedPop, opens) => {
  answerWith(SCENARIOS.overdue, { cardNeedPop })
  renderDetails(SCENARIOS.overdue)
  await screen.findByRole('button', { name: m.repayment })
  expect(screen.queryByRole('dialog', { name: 'Bind your bank card' }) !== null).toBe(opens)
})

test('the bank-card dialog: its close icon closes it', async () => {
  const user = userEvent.setup()
  const props = renderDetails(SCENARIOS.overdue)
  const card = await screen.findByRole('dialog', { name: 'Bind your bank card' })
  expect(within(card).getByText(/could not receive the money/)).toBeInTheDocument()
  await user.click(within(card).getByRole('button', { name: MESSAGES.bankCard.close }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(props.navigate).not.toHaveBeenCalled()
})

test("the bank-card dialog: 'Go and bind the card' opens /bindBank with this order's ids and source=loanDetail, and closes it", async () => {
  const user = userEvent.setup()
  // The session's last order is product 1, order 86: the page's own order is what the bind belongs to.
  const props = renderDetails(SCENARIOS.overdue, { productId: ' 7 ' })
  const card = await screen.findByRole('dialog', { name: 'Bind your bank card' })
  await user.click(within(card).getByRole('button', { name: MESSAGES.bankCard.bind }))
  expect(props.navigate).toHaveBeenCalledExactlyOnceWith(
    '/bindBank?productId=7&orderId=180&source=loanDetail',
  )
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test("'Go and bind the card' without ids on the route carries the session's order", async () => {
  const user = userEvent.setup()
  answerWith(SCENARIOS.overdue, {})
  const props = createTestProps({ screen: 'loanDetails', query: {}, settings: DEMO_SETTINGS })
  renderWithUi(<LoanDetailsScreen {...props} />)
  const card = await screen.findByRole('dialog', { name: 'Bind your bank card' })
  await user.click(within(card).getByRole('button', { name: MESSAGES.bankCard.bind }))
  expect(props.navigate).toHaveBeenCalledExactlyOnceWith('/bindBank?productId=1&orderId=86&source=loanDetail')
})

test('dialogs come one at a time: Kind tips, then the bank card, then the rating', async () => {
  const user = userEvent.setup()
  answerWith(SCENARIOS.settled, {
    KindTipsMsg: 'Tip',
    cardNeedPop: 1,
    cardPopTitle: 'Bind your bank card',
    cardPopMsg: 'Please bind.',
  })
  renderDetails(SCENARIOS.settled)
  await user.click(await screen.findByRole('button', { name: MESSAGES.kindTips.confirm }))
  const card = await screen.findByRole('dialog', { name: 'Bind your bank card' })
  await user.click(within(card).getByRole('button', { name: MESSAGES.bankCard.close }))
  expect(await screen.findByRole('dialog', { name: MESSAGES.rating.title })).toBeInTheDocument()
  expect(screen.getAllByRole('dialog')).toHaveLength(1)
})

test("the service telephone is the server's, else the deployment's; a tap dials", async () => {
  const user = userEvent.setup()
  const props = renderDetails(SCENARIOS.delayable)
  await user.click(await screen.findByRole('button', { name: '+63 2 8123 4567' }))
  expect(props.bridgeCalls).toEqual([{ action: 'callTelephone', payload: ['+63 2 8123 4567'] }])
})

test('without a server telephone the deployment one shows', async () => {
  renderDetails(SCENARIOS.due)
  expect(await screen.findByRole('button', { name: TEST_SETTINGS.servicePhone })).toBeInTheDocument()
})

// Issue #25, item 8: a loan that is due must not look paid.
test('status 170 (repayment due) shows the due icon, not the settled tick of 200', async () => {
  renderDetails(SCENARIOS.repayment)
  const icon = await screen.findByRole('img', { name: m.statusIcon })
  expect(icon).toHaveAttribute('data-icon', '174')
  expect(icon.getAttribute('data-icon')).not.toBe('200')
  expect(screen.getByRole('button', { name: m.repayment })).toBeInTheDocument()
})

// Issue #25, item 2: pictures from server data.
const CDN_LOGO = 'https://img.lender-cdn.example/peso-plus.png'

test('a product logo on another https origin shows, sized by its class', async () => {
  answerWith(SCENARIOS.due, { productLogo: CDN_LOGO })
  renderDetails(SCENARIOS.due)
  const logo = await screen.findByRole('img', { name: m.productLogo('CashLoan') })
  expect(logo.tagName).toBe('IMG')
  expect(logo).toHaveAttribute('src', CDN_LOGO)
  expect(logo).toHaveClass('loan-card__logo')
  expect(logo).toHaveAttribute('fetchpriority', 'low')
})

test.each([
  ['an http address', 'http://img.lender-cdn.example/peso-plus.png'],
  ['a data: picture', 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E'],
  ['a script address', 'javascript:alert(1)'],
  ['no logo at all', ''],
])("a product logo that cannot show (%s) is a neutral box of the logo's size", async (_, productLogo) => {
  answerWith(SCENARIOS.due, { productLogo })
  renderDetails(SCENARIOS.due)
  const box = await screen.findByRole('img', { name: m.productLogo('CashLoan') })
  expect(box.tagName).toBe('SPAN')
  expect(box).toHaveClass('loan-card__logo')
  expect(screen.getByRole('region', { name: 'CashLoan' }).querySelector('img')).toBeNull()
})

test('a product logo that fails to load becomes the neutral box, never a broken image', async () => {
  answerWith(SCENARIOS.due, { productLogo: CDN_LOGO })
  renderDetails(SCENARIOS.due)
  fireEvent.error(await screen.findByRole('img', { name: m.productLogo('CashLoan') }))
  const box = screen.getByRole('img', { name: m.productLogo('CashLoan') })
  expect(box.tagName).toBe('SPAN')
  expect(box).toHaveClass('loan-card__logo')
})

test("recommended products' logos: another origin shows; one that cannot show or fails is a box of its size", async () => {
  const [first, second, third] = DEMO_ORDERS[SCENARIOS.recommended].recProducts as Record<string, unknown>[]
  answerWith(SCENARIOS.recommended, {
    recProducts: [
      { ...first, logo: CDN_LOGO },
      { ...second, logo: 'http://img.lender-cdn.example/quick.png' },
      { ...third, logo: '' },
    ],
  })
  renderDetails(SCENARIOS.recommended)
  const list = await screen.findByRole('region', { name: m.recommended })
  const [one, two, three] = within(list).getAllByRole('listitem')
  expect(one.querySelector('img.loan-product__logo')).toHaveAttribute('src', CDN_LOGO)
  fireEvent.error(one.querySelector('img')!)
  for (const item of [one, two, three]) {
    expect(item.querySelector('img')).toBeNull()
    expect(item.querySelector('[data-server-image="placeholder"]')).toHaveClass('loan-product__logo')
  }
})

// Issue #25, items 3 and 4: money and dates in the detail lines and the products.
const NOON_UTC = 1795521600 // 2026-11-24T12:00:00Z: the same day in any time zone from UTC-11 to UTC+11.

test.each<[string, unknown, string]>([
  ['a decimal string', '5000.00', '₱5.000,00'],
  ['a decimal string with the peso sign', '₱250.00', '₱250,00'],
  ['a comma-grouped string', '5,227.50', '₱5.227,50'],
  ['text the server formatted', '₱5.000,00', '₱5.000,00'],
  ['a term', '91 days', '91 days'],
  ['a count as a number', 91, '91'],
  ['unix seconds', NOON_UTC, '2026-11-24'],
  ['unix milliseconds as digits', String(NOON_UTC * 1000), '2026-11-24'],
  ['an ISO date-time', '2026-11-24T12:00:00Z', '2026-11-24'],
  ['a date', '2026-11-24', '2026-11-24'],
  ['other text', 'GCash wallet', 'GCash wallet'],
])('a detail line given %s shows %s formatted', async (_, value, shown) => {
  answerWith(SCENARIOS.due, { userOrderDetail: { detail: [{ text: 'Line', value }] } })
  renderDetails(SCENARIOS.due)
  const line = await screen.findByText('Line')
  expect(line.nextElementSibling).toHaveTextContent(new RegExp(`^${shown.replace(/[.$]/g, '\\$&')}$`))
})

test.each<[unknown, string]>([
  [20000, '₱20.000,00'],
  ['20000.00', '₱20.000,00'],
  ['2000-20000', '₱2.000,00 - ₱20.000,00'],
  ['₱5,000.00 ~ ₱50,000.00', '₱5.000,00 - ₱50.000,00'],
  ['1,000 to 10,000', '₱1.000,00 - ₱10.000,00'],
  // Already in the peso format (a dot between thousands), or no amount: as the server wrote it.
  ['₱2.000 - ₱20.000', '₱2.000 - ₱20.000'],
  ['Up to 20k', 'Up to 20k'],
])("a recommended product's amount range %j shows as %s", async (amountRange, shown) => {
  const [first] = DEMO_ORDERS[SCENARIOS.recommended].recProducts as Record<string, unknown>[]
  answerWith(SCENARIOS.recommended, { recProducts: [{ ...first, amountRange }] })
  renderDetails(SCENARIOS.recommended)
  const list = await screen.findByRole('region', { name: m.recommended })
  expect(list.querySelector('.loan-product__range')).toHaveTextContent(shown)
  expect(list.querySelector('.loan-product__range')?.textContent).toBe(shown)
})

// Issue #25, item 9: unknown values.
test("an unknown status shows the default (200's icon, no buttons) and is logged once", async () => {
  answerWith(SCENARIOS.due, { orderStatus: 987 })
  renderDetails(SCENARIOS.due)
  expect(await screen.findByRole('img', { name: m.statusIcon })).toHaveAttribute('data-icon', '200')
  expect(screen.queryByRole('button', { name: m.repayment })).not.toBeInTheDocument()
  expect(warnUnknown).toHaveBeenCalledExactlyOnceWith('orderStatus', '987')
})

test('a missing status is an unknown one: the default, logged once', async () => {
  answerWith(SCENARIOS.due, { orderStatus: undefined })
  renderDetails(SCENARIOS.due)
  expect(await screen.findByRole('img', { name: m.statusIcon })).toHaveAttribute('data-icon', '200')
  expect(warnUnknown).toHaveBeenCalledExactlyOnceWith('orderStatus', '')
})

test.each(['21', '110', '151', '170', '174', '180', '200'])(
  'status %s is known: nothing is logged',
  async (status) => {
    answerWith(SCENARIOS.due, { orderStatus: status, isScore: 0 })
    renderDetails(SCENARIOS.due)
    await screen.findByRole('img', { name: m.statusIcon })
    expect(warnUnknown).not.toHaveBeenCalled()
  },
)

test('a product flag other than 1 or 0 leaves the product usable and is logged once', async () => {
  const [first, ...rest] = DEMO_ORDERS[SCENARIOS.recommended].recProducts as Record<string, unknown>[]
  answerWith(SCENARIOS.recommended, { recProducts: [{ ...first, globally: 2 }, ...rest] })
  renderDetails(SCENARIOS.recommended)
  expect(await screen.findByRole('button', { name: /Peso Plus/ })).toBeEnabled()
  expect(warnUnknown).toHaveBeenCalledExactlyOnceWith('globally', 2)
})
