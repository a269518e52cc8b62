import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mswHttp } from 'msw'
import { apiPath, envelope, legacyPath } from 'shared/mocks'
import { createTestProps, setupMswServer, TEST_SETTINGS } from 'shared/testing'
import { ABSENT, withAbsent } from 'shared/testing/fuzz'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { mountRepay } from '../testing/mount-repay'
import { MESSAGES } from '../content/messages'
import { handlers } from '../mocks/handlers'
import { realisticDelay, realisticInstalment, testPictures } from '../mocks/demo-data'
import { LEGACY_SCENARIOS, resetLegacyCalls } from '../mocks/legacy-repay'
import { resetStore } from '../mocks/store'
import { REPAYMENT_COMMIT_PATH, REPAYMENT_WAY_PATH } from './legacy-repay'
import { DELAY_PLAY_DETAIL_PATH, LOAN_PLAY_DETAIL_PATH } from './paths'

/*
 * docs/api-assumptions.md, mf-repay: each row's default for a field the server leaves out (or sends as null),
 * one test per field, named `missing <call> <field>` as the row writes them (shared/config/api-assumptions.ts
 * checks that every such row has its test).
 */

vi.mock('shared/navigation', () => import('shared/testing/recorded-navigation'))

const server = setupMswServer(...handlers)
beforeEach(() => {
  window.sessionStorage.clear()
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})
afterEach(() => {
  resetStore()
  resetLegacyCalls()
  vi.restoreAllMocks()
})

const REALISTIC = 'realistic'

function render(screenName: string, query: Record<string, string>) {
  const props = createTestProps({ screen: screenName, query, settings: TEST_SETTINGS })
  mountRepay(props)
  return { props, user: userEvent.setup() }
}

const answer = (path: string, data: unknown) => server.use(mswHttp.post(apiPath(path), () => envelope(data)))

const instalment = () => realisticInstalment(testPictures)
const extension = () => realisticDelay(testPictures)

/** The names of the channels 'Payment Method' offers. */
async function channelNames(user: ReturnType<typeof userEvent.setup>): Promise<string[]> {
  await user.click(await screen.findByRole('button', { name: MESSAGES.repay.paymentMethod }))
  const picker = screen.getByRole('dialog', { name: MESSAGES.repay.paymentMethod })
  return within(picker)
    .getAllByRole('radio')
    .map((radio) => radio.getAttribute('aria-label') ?? radio.textContent ?? '')
}

const loadedInstalment = () => screen.findByRole('region', { name: MESSAGES.repay.details })

test.each(ABSENT)(
  'missing POST /v3/installment/loan-play-detail repayAmount (%s): nothing shows for it; the page still lists the channels',
  async (how) => {
    answer(LOAN_PLAY_DETAIL_PATH, withAbsent(instalment(), ['repayAmount'], how))
    const { user } = render('repay', { orderId: REALISTIC })
    await loadedInstalment()
    expect(screen.getByRole('heading', { level: 1 })).toBeEmptyDOMElement()
    expect(await channelNames(user)).toEqual(['GCash', '7-Eleven', 'QR Ph'])
  },
)

test.each(ABSENT)(
  'missing POST /v3/installment/loan-play-detail repayDate (%s): the date line is left out',
  async (how) => {
    answer(LOAN_PLAY_DETAIL_PATH, withAbsent(instalment(), ['repayDate'], how))
    render('repay', { orderId: REALISTIC })
    await loadedInstalment()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('₱1.530,00')
    expect(screen.queryByText(MESSAGES.repay.repayDate, { exact: false })).not.toBeInTheDocument()
  },
)

test.each(ABSENT)(
  'missing POST /v3/installment/loan-play-detail repayList[].channel_number (%s): the channel is dropped',
  async (how) => {
    answer(LOAN_PLAY_DETAIL_PATH, withAbsent(instalment(), ['repayList', 0, 'channel_number'], how))
    const { user } = render('repay', { orderId: REALISTIC })
    expect(await channelNames(user)).toEqual(['7-Eleven', 'QR Ph'])
  },
)

test.each(ABSENT)(
  'missing POST /v3/installment/loan-play-detail isShowReyTop (%s): no banner',
  async (how) => {
    answer(LOAN_PLAY_DETAIL_PATH, withAbsent(instalment(), ['isShowReyTop'], how))
    render('repay', { orderId: REALISTIC })
    await loadedInstalment()
    expect(screen.queryByRole('button', { name: MESSAGES.repay.banner })).not.toBeInTheDocument()
  },
)

const loadedExtension = () => screen.findByRole('region', { name: MESSAGES.delay.plan })

/** The plan's rows: title, amount, remark, time. */
const planRows = () =>
  within(screen.getByRole('region', { name: MESSAGES.delay.plan }))
    .getAllByRole('listitem')
    .map((row) => [...row.children].map((cell) => cell.textContent))

test.each(ABSENT)(
  'missing POST /v3/installment/delay-play-detail delayInfo.delayAmount (%s): nothing shows for it',
  async (how) => {
    answer(DELAY_PLAY_DETAIL_PATH, withAbsent(extension(), ['delayInfo', 'delayAmount'], how))
    render('delayRepay', { orderId: REALISTIC })
    await loadedExtension()
    expect(screen.getByRole('heading', { level: 1 })).toBeEmptyDOMElement()
    expect(screen.getByRole('button', { name: MESSAGES.repay.paymentMethod })).toBeInTheDocument()
  },
)

test.each(ABSENT)(
  'missing POST /v3/installment/delay-play-detail repayPlan[].amount (%s): nothing shows for it',
  async (how) => {
    answer(DELAY_PLAY_DETAIL_PATH, withAbsent(extension(), ['repayPlan', 0, 'amount'], how))
    render('delayRepay', { orderId: REALISTIC })
    await loadedExtension()
    expect(planRows()).toEqual([
      ['Extension fee', '', 'Pay today', '2026-12-15'],
      ['Repayment', '₱1.530,00', 'After the extension', '2026-12-22'],
    ])
  },
)

// Issue #40, item 2: the parser read an answer without `success` as "no extension", against this row.
test.each(ABSENT)(
  'missing POST /v3/installment/delay-play-detail success (%s): there is an extension, and the screen shows it',
  async (how) => {
    answer(DELAY_PLAY_DETAIL_PATH, withAbsent(extension(), ['success'], how))
    render('delayRepay', { orderId: REALISTIC })
    expect(await screen.findByRole('heading', { name: '₱320,00' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: MESSAGES.repay.paymentMethod })).toBeInTheDocument()
    expect(screen.queryByText(MESSAGES.delay.failed)).not.toBeInTheDocument()
  },
)

// A link's query has no null: a showType left out, or given empty.
test.each([
  ['left out', {}],
  ['empty', { showType: '' }],
])(
  'missing /repaymentOfCode showType (%s): the pay code when there is one, else the picture',
  async (_, showType) => {
    const picture = '/utilities/repay-demo-images/qr-ph.svg'
    const { unmount } = mountRepay(
      createTestProps({
        screen: 'repaymentOfCode',
        query: { ...showType, payCode: '7E860042', payCodeImg: picture },
      }),
    )
    expect(
      within(await screen.findByRole('region', { name: 'Pay code' })).getByText('7E860042'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: MESSAGES.code.qrImage })).not.toBeInTheDocument()
    unmount()
    mountRepay(createTestProps({ screen: 'repaymentOfCode', query: { ...showType, payCodeImg: picture } }))
    expect(await screen.findByRole('img', { name: MESSAGES.code.qrImage })).toHaveAttribute('src', picture)
    expect(screen.queryByRole('region', { name: 'Pay code' })).not.toBeInTheDocument()
  },
)

const LEGACY_QUERY = { productId: '1', amount: '1530.00', couponId: 'C7', userId: '501' }
const WAY = {
  alipay: 1,
  repayToken: `demo-token-${LEGACY_SCENARIOS.withCode}`,
  bankCards: [
    { id: 11, bankName: 'BDO Unibank', cardNo: '6222 0210 0112 3456', bankCode: 'BDO' },
    { id: 12, bankName: 'Metrobank', cardNo: '4567********7890', bankCode: 'MBTC' },
  ],
}

/** The ways to pay the legacy page lists. */
async function legacyOptions(): Promise<string[]> {
  const group = await screen.findByRole('radiogroup', { name: '支付方式' })
  return within(group)
    .getAllByRole('radio')
    .map((radio) => radio.textContent ?? '')
}

test.each(ABSENT)('missing repayment-way bankCards[].id (%s): the card is dropped', async (how) => {
  server.use(
    mswHttp.post(legacyPath(REPAYMENT_WAY_PATH), () =>
      envelope(withAbsent(WAY, ['bankCards', 0, 'id'], how)),
    ),
  )
  render('legacyRepay', { orderId: LEGACY_SCENARIOS.withCode, ...LEGACY_QUERY })
  expect(await legacyOptions()).toEqual(['Metrobank **** 7890', '支付宝'])
})

test.each(ABSENT)('missing repayment-way alipay (%s): no alipay', async (how) => {
  server.use(mswHttp.post(legacyPath(REPAYMENT_WAY_PATH), () => envelope(withAbsent(WAY, ['alipay'], how))))
  render('legacyRepay', { orderId: LEGACY_SCENARIOS.withCode, ...LEGACY_QUERY })
  expect(await legacyOptions()).toEqual(['BDO Unibank **** 3456', 'Metrobank **** 7890'])
})

test.each(ABSENT)(
  'missing repayment-commit needValid (%s): straight to the loan details, no code step',
  async (how) => {
    server.use(
      mswHttp.post(legacyPath(REPAYMENT_COMMIT_PATH), () =>
        envelope(withAbsent({ needValid: 1, repayRecordId: 'R86' }, ['needValid'], how)),
      ),
    )
    const { props, user } = render('legacyRepay', { orderId: LEGACY_SCENARIOS.withCode, ...LEGACY_QUERY })
    await user.click(await screen.findByRole('radio', { name: /^BDO Unibank/ }))
    await user.click(screen.getByRole('button', { name: '立即还款' }))
    await waitFor(() => expect(props.navigate).toHaveBeenCalledWith('/loanDetails?productId=1&orderId=86'))
    expect(screen.queryByRole('dialog', { name: '短信验证' })).not.toBeInTheDocument()
  },
)
