import { fireEvent, render, screen, within } from '@testing-library/react'
import { apiPath } from 'shared/mocks'
import type * as Schema from 'shared/schema'
import { warnUnknown } from 'shared/schema'
import { setupMswServer, unformattedValues } from 'shared/testing'
import { fuzzFieldShapes, type ShapedCall, fuzzRemote, type FuzzScreen } from 'shared/testing/fuzz'
import { vi } from 'vitest'
import { EVENT_SAVE_PATH, PRODUCT_CLICK_PATH } from '../api/events'
import { CLICK_TRACK_PATH, PRODUCT_LINK_PATH } from '../api/joint-failure'
import { CONFIRM_PATHS, GOOGLE_SCORE_PATH, JOINT_FAILURE_PATH, LOAN_DETAILS_PATH } from '../api/paths'
import { DEMO_AGREEMENT_PATH } from '../mocks/agreement-document'
import { CONFIRM_SCENARIOS, V2_EXTRA } from '../mocks/confirm'
import { handlers } from '../mocks/handlers'
import { SCENARIOS } from '../mocks/orders'
import { LoanApp } from './loan-app'
import { CONFIRM_MESSAGES, MESSAGES } from '../content/messages'

vi.mock('shared/schema', async (importOriginal) => ({
  ...(await importOriginal<typeof Schema>()),
  warnUnknown: vi.fn(),
}))

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

/**
 * A confirmation page (v1 or v2, by its `paths`): its load, then the agreement opened and the loan taken with
 * the page's button (`next`).
 */
function confirmation(route: string, paths: typeof V1 | typeof V2, next: string): FuzzScreen[] {
  const load = [apiPath(paths.detail), apiPath(paths.agreements)]
  return [
    { route, query: CONFIRM, calls: load },
    {
      route,
      name: 'agreement and Next',
      query: CONFIRM,
      calls: [apiPath(paths.agreementLink), apiPath(paths.push)],
      demoCalls: load,
      act: () => agreeAndConfirm(next),
    },
  ]
}

const server = setupMswServer(...handlers)

fuzzRemote({
  remote: 'mf_loan',
  server,
  handlers,
  render: (props) => void render(<LoanApp {...props} />),
  unread: [
    {
      path: apiPath(DEMO_AGREEMENT_PATH),
      why: "the agreement pop-up's document: the browser loads it into the pop-up's frame",
    },
  ],
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
    ...confirmation('/loanConfirm', V1, CONFIRM_MESSAGES.next),
    {
      route: '/confirmByPeriod',
      query: { productId: CONFIRM_SCENARIOS.byPeriod },
      calls: [apiPath(V1.detail), apiPath(V1.agreements)],
    },
    ...confirmation('/loanConfirmNew', V2, V2_EXTRA.buttonMsg),
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

// Issue #25, item 9: each field of each call in its other plausible shapes (`fuzzFieldShapes`, shared/testing/fuzz).

/** Like rendered-values.test.tsx: a rate ('0.05%') is no amount, though `unformattedValues` reads one. */
function rawValues(): string[] {
  const text = document.body.textContent ?? ''
  return unformattedValues(document.body).filter((value) => !text.includes(`${value}%`))
}

const REALISTIC_CONFIRM = { productId: CONFIRM_SCENARIOS.realistic, orderId: '77' }
const UNKNOWN_STATUSES = [999, '175', 'constructor']
const UNKNOWN_FLAGS = [2, -1]

// google-score, event/save and click-track answer no data the page reads.
const SHAPED_CALLS: ShapedCall[] = [
  {
    route: '/loanDetails',
    screen: 'loanDetails',
    query: { orderId: SCENARIOS.realisticProducts },
    method: 'POST',
    url: apiPath(LOAN_DETAILS_PATH),
    params: { productId: '1', orderId: SCENARIOS.realisticProducts },
    enums: { orderStatus: UNKNOWN_STATUSES, 'recProducts[0].globally': UNKNOWN_FLAGS },
  },
  {
    route: '/loanDetails',
    screen: 'loanDetails',
    query: { orderId: SCENARIOS.realistic },
    method: 'POST',
    url: apiPath(LOAN_DETAILS_PATH),
    params: { productId: '1', orderId: SCENARIOS.realistic },
    enums: { orderStatus: UNKNOWN_STATUSES },
  },
  {
    route: '/loanDetails',
    screen: 'loanDetails',
    query: { orderId: SCENARIOS.realisticProducts },
    method: 'POST',
    url: apiPath(PRODUCT_CLICK_PATH),
    params: { productId: '101', positionId: '0', moduleId: '31' },
    act: tapProduct,
  },
  ...(['v1', 'v2'] as const).flatMap((variant): ShapedCall[] => {
    const paths = CONFIRM_PATHS[variant]
    const screenName = variant === 'v1' ? 'confirmByPeriod' : 'loanConfirmNew'
    const query =
      variant === 'v1'
        ? { ...REALISTIC_CONFIRM, productId: CONFIRM_SCENARIOS.realisticPeriods }
        : REALISTIC_CONFIRM
    const listMethod = variant === 'v1' ? 'POST' : 'GET'
    const next = variant === 'v1' ? CONFIRM_MESSAGES.next : V2_EXTRA.buttonMsg
    const base = { route: `/${screenName}`, screen: screenName, query }
    return [
      {
        ...base,
        method: 'POST',
        url: apiPath(paths.detail),
        params: { productId: query.productId },
        // The by-period page reads termUnit (v1 here); v2's page shows days.
        enums: variant === 'v1' ? { termUnit: ['9', 'W', 'constructor', '__proto__'] } : {},
      },
      {
        ...base,
        method: listMethod,
        url: apiPath(paths.agreements),
        params: { productId: query.productId, scene: '3' },
      },
      {
        ...base,
        method: listMethod,
        url: apiPath(paths.agreementLink),
        params: { productId: query.productId, scene: '3', position: '1', orderId: '77' },
        act: () => agreeAndConfirm(next),
      },
      {
        ...base,
        method: 'POST',
        url: apiPath(paths.push),
        params: { productId: query.productId, amount: '5000.00', periods: '91' },
        act: () => agreeAndConfirm(next),
      },
    ]
  }),
  {
    route: '/jointLoginFailure',
    screen: 'jointLoginFailure',
    query: { orderId: SCENARIOS.realistic },
    method: 'POST',
    url: apiPath(JOINT_FAILURE_PATH),
    params: { productId: '1', orderId: SCENARIOS.realistic },
    enums: { 'list[0].enabled': UNKNOWN_FLAGS },
  },
  {
    route: '/jointLoginFailure',
    screen: 'jointLoginFailure',
    query: { orderId: SCENARIOS.realistic },
    method: 'POST',
    url: apiPath(PRODUCT_LINK_PATH),
    params: { productId: '301' },
    act: tapProduct,
  },
]

fuzzFieldShapes({
  server,
  render: (props) => void render(<LoanApp {...props} />),
  calls: SHAPED_CALLS,
  warnUnknown: vi.mocked(warnUnknown),
  rawValues,
})
