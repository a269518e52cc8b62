import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mswHttp } from 'msw'
import { apiPath, envelope } from 'shared/mocks'
import { createTestProps, TEST_SESSION, unformattedValues } from 'shared/testing'
import { expect, test, vi } from 'vitest'
import { DELAY_PLAY_DETAIL_PATH } from '../../api/paths'
import { mountRepay } from '../../testing/mount-repay'
import { REPAY_INFO_KEY } from '../../components/repay-info'
import { DEMO_DELAYS, realisticDelay, SCENARIOS, testPictures } from '../../mocks/demo-data'
import { listPays } from '../../mocks/store'
import { visits } from 'shared/testing/recorded-navigation'
import { expectIncompleteLinkWithoutCall } from '../../testing/incomplete-link'
import { DEMO_SETTINGS, setupScreenServer } from '../../testing/screen-server'

vi.mock('shared/navigation', () => import('shared/testing/recorded-navigation'))

const server = setupScreenServer()

function renderDelay(orderId: string = SCENARIOS.full) {
  const props = createTestProps({
    screen: 'delayRepay',
    query: { productId: '1', orderId },
    settings: DEMO_SETTINGS,
  })
  mountRepay(props)
  return { props, user: userEvent.setup() }
}

test('the delay title and amount, and the next payment date', async () => {
  renderDelay()
  expect(await screen.findByRole('heading', { name: '₱320,00' })).toBeInTheDocument()
  expect(screen.getByText('Extend your repayment by 7 days')).toBeInTheDocument()
  expect(screen.getByText('Your next payment date is', { exact: false })).toHaveTextContent(
    'Your next payment date is 2026-12-22',
  )
  expect(screen.getByText('Peso Flex')).toBeInTheDocument()
})

test("the 'Plan' lists each row's remark, title, amount and time", async () => {
  renderDelay()
  const plan = await screen.findByRole('region', { name: 'Plan' })
  const rows = within(plan).getAllByRole('listitem')
  expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
    ['Extension fee', '₱320,00', 'Pay today', '2026-12-15'],
    ['Repayment', '₱1.530,00', 'After the extension', '2026-12-22'],
  ])
})

test('banner and pay-code box as on the instalment page; neither without isShowReyTop and a pay code', async () => {
  const { props, user } = renderDelay()
  await user.click(await screen.findByRole('button', { name: 'How to repay? Read the payment instructions' }))
  expect(props.navigate).toHaveBeenCalledWith('/paymentInstructions')
  expect(screen.getByText('PF8600123456')).toBeInTheDocument()
  // The code page gets the extension's amount.
  expect(JSON.parse(window.sessionStorage.getItem(REPAY_INFO_KEY) ?? 'null')).toMatchObject({
    productId: '1',
    orderId: '86',
    amount: '320.00',
  })
})

test('without isShowReyTop and a pay code: no banner, no pay-code box', async () => {
  renderDelay(SCENARIOS.plain)
  await screen.findByRole('heading', { name: '₱320,00' })
  expect(screen.queryByRole('button', { name: /payment instructions/ })).not.toBeInTheDocument()
  expect(screen.queryByText('Pay code')).not.toBeInTheDocument()
})

test('paying an extension sends isDelay=1 with the delay amount and opens the payUrl', async () => {
  const { user } = renderDelay()
  await user.click(await screen.findByRole('button', { name: 'Payment Method' }))
  const picker = screen.getByRole('dialog', { name: 'Payment Method' })
  expect(within(picker).getByRole('radio', { name: 'GCash' })).toHaveAttribute('aria-checked', 'true')
  await user.click(within(picker).getByRole('button', { name: 'Pay now' }))
  await waitFor(() => expect(visits).toHaveLength(1))
  expect(listPays().map((pay) => pay.form)).toEqual([
    { productId: '1', orderId: '86', amount: '320.00', channelNumber: 'GCASH', isDelay: '1' },
  ])
  expect(visits[0].url).toBe(
    'https://pay.cashloan-demo.ph/checkout?order=86&channel=GCASH&amount=320.00&type=delay',
  )
})

test('success false shows the error state; Try again loads it again', async () => {
  server.use(
    mswHttp.post(apiPath(DELAY_PLAY_DETAIL_PATH), () => envelope(DEMO_DELAYS[SCENARIOS.noDelay]), {
      once: true,
    }),
  )
  const { user } = renderDelay()
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('Your rollover details could not be loaded.')
  expect(screen.queryByRole('button', { name: 'Payment Method' })).not.toBeInTheDocument()
  await user.click(within(alert).getByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('heading', { name: '₱320,00' })).toBeInTheDocument()
})

test('a failed call shows its message with Try again', async () => {
  renderDelay(SCENARIOS.failure)
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('Demo: this rollover could not be loaded.')
  expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
})

test('without an order in the link or the session: the incomplete-link message, and no call', async () => {
  const props = createTestProps({
    screen: 'delayRepay',
    query: {},
    session: { ...TEST_SESSION, globals: {} },
  })
  await expectIncompleteLinkWithoutCall(props)
})

/** The realistic answer (README: orderId=realistic) with `changes`, logos on an image CDN's https origin. */
function answerWith(changes: Record<string, unknown>) {
  server.use(
    mswHttp.post(apiPath(DELAY_PLAY_DETAIL_PATH), () =>
      envelope({ ...realisticDelay(testPictures), ...changes }),
    ),
  )
}

const planCells = async () => {
  const plan = await screen.findByRole('region', { name: 'Plan' })
  return within(plan)
    .getAllByRole('listitem')
    .map((row) => [...row.querySelectorAll('span, strong')].map((cell) => cell.textContent))
}

test("the plan's amounts (a number, a decimal string) and times (milliseconds, a date) show formatted", async () => {
  answerWith({})
  renderDelay(SCENARIOS.realistic)
  expect(await planCells()).toEqual([
    ['Extension fee', '₱320,00', 'Pay today', '2026-12-15'],
    ['Repayment', '₱1.530,00', 'After the extension', '2026-12-22'],
  ])
  expect(unformattedValues(document.body)).toEqual([])
})

test.each([
  ['unix seconds', new Date(2026, 11, 22, 12).getTime() / 1000],
  ['milliseconds as digits', String(new Date(2026, 11, 22, 12).getTime())],
  ['an ISO date-time', '2026-12-22T12:00:00'],
  ['YYYY-MM-DD', '2026-12-22'],
])('repayDate as %s shows as YYYY-MM-DD; plan times alike', async (_, date) => {
  answerWith({
    repayDate: date,
    repayPlan: [{ remark: 'Due', title: 'Repayment', amount: '1530.00', time: date }],
  })
  renderDelay(SCENARIOS.realistic)
  expect(await planCells()).toEqual([['Repayment', '₱1.530,00', 'Due', '2026-12-22']])
  expect(screen.getByText('Your next payment date is', { exact: false })).toHaveTextContent(
    'Your next payment date is 2026-12-22',
  )
  expect(unformattedValues(document.body)).toEqual([])
})

test.each([
  [320, '₱320,00', '320'],
  ['320.00', '₱320,00', '320.00'],
  ['5,000.00', '₱5.000,00', '5,000.00'],
])(
  'delayAmount %j (pesos) shows as %s and is sent back as the server gave it',
  async (delayAmount, shown, sent) => {
    answerWith({ delayInfo: { title: 'Extend', delayAmount } })
    const { user } = renderDelay(SCENARIOS.realistic)
    expect(await screen.findByRole('heading', { name: shown })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Payment Method' }))
    await user.click(
      within(screen.getByRole('dialog', { name: 'Payment Method' })).getByRole('button', { name: 'Pay now' }),
    )
    await waitFor(() => expect(listPays()).toHaveLength(1))
    expect(listPays()[0].form).toMatchObject({ amount: sent, isDelay: '1' })
  },
)

test('a plan amount that is words shows as it is; a number that is no date shows no time', async () => {
  answerWith({ repayPlan: [{ remark: '', title: 'Fee', amount: 'To be confirmed', time: 42 }] })
  renderDelay(SCENARIOS.realistic)
  expect(await planCells()).toEqual([['Fee', 'To be confirmed', '', '']])
})
