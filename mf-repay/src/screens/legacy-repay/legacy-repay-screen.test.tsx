import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http as mswHttp, HttpResponse } from 'msw'
import { envelope, failure, legacyPath } from 'shared/mocks'
import { createTestProps, renderWithUi, setupMswServer, TEST_SETTINGS } from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { REPAYMENT_COMMIT_PATH, REPAYMENT_CONFIRM_PATH, REPAYMENT_WAY_PATH } from '../../api/legacy-repay'
import { RepayApp } from '../../app/repay-app'
import { handlers } from '../../mocks/handlers'
import { DEMO_CODE, LEGACY_SCENARIOS, legacyCalls, resetLegacyCalls } from '../../mocks/legacy-repay'
import { visits } from 'shared/testing/recorded-navigation'

vi.mock('shared/navigation', () => import('shared/testing/recorded-navigation'))

const server = setupMswServer(...handlers)
afterEach(() => {
  resetLegacyCalls()
  visits.length = 0
  vi.useRealTimers()
})

const SETTINGS = { ...TEST_SETTINGS, allowedHosts: ['pay.cashloan-demo.ph'] }

type User = ReturnType<typeof userEvent.setup>

async function renderLegacy(
  orderId: string = LEGACY_SCENARIOS.withCode,
  query: Record<string, string> = { productId: '1', amount: '1530.00', couponId: 'C7', userId: '501' },
  user: User = userEvent.setup(),
) {
  const props = createTestProps({
    screen: 'legacyRepay',
    query: { orderId, ...query },
    settings: SETTINGS,
  })
  renderWithUi(<RepayApp {...props} />)
  return { props, user }
}

async function loaded() {
  return screen.findByRole('heading', { name: '₱1.530,00' })
}

const calls = (path: string) => legacyCalls.filter((call) => call.path === path)

async function chooseAndPay(user: User, card = /^BDO Unibank/) {
  await user.click(await screen.findByRole('radio', { name: card }))
  await user.click(screen.getByRole('button', { name: 'Repay now' }))
}

const codeStep = () => screen.findByRole('dialog', { name: 'Verification code' })

test('the cards (bank and masked number) and alipay are listed; none is chosen at first', async () => {
  await renderLegacy()
  await loaded()
  const cards = screen.getByRole('radiogroup', { name: 'Payment card' })
  const options = within(cards).getAllByRole('radio')
  expect(options.map((o) => o.textContent)).toEqual([
    'BDO Unibank **** 3456',
    'Metrobank **** 7890',
    'Alipay',
  ])
  expect(options.map((o) => o.getAttribute('aria-checked'))).toEqual(['false', 'false', 'false'])
  expect(calls(REPAYMENT_WAY_PATH).map((c) => c.form)).toEqual([{ orderId: '86', productId: '1' }])
})

test('repaying without a card says to choose one first and sends nothing', async () => {
  const { user } = await renderLegacy()
  await loaded()
  await user.click(screen.getByRole('button', { name: 'Repay now' }))
  expect(await screen.findByText('请先选择支付银行卡')).toBeInTheDocument()
  expect(calls(REPAYMENT_COMMIT_PATH)).toHaveLength(0)
})

test('the commit sends the chosen card once as a money call, then the code step counts down', async () => {
  const { user } = await renderLegacy()
  await chooseAndPay(user)
  const step = await codeStep()
  expect(within(step).getByRole('button', { name: '60s' })).toBeDisabled()
  expect(calls(REPAYMENT_COMMIT_PATH)).toHaveLength(1)
  expect(calls(REPAYMENT_COMMIT_PATH)[0].form).toEqual({
    amount: '1530.00',
    bankName: 'BDO Unibank',
    cardId: '11',
    cardNo: '6222 0210 0112 3456',
    couponId: 'C7',
    orderId: '86',
    repayToken: 'demo-token-86',
    bankCode: 'BDO',
    sendMsg: '0',
  })
  expect(calls(REPAYMENT_COMMIT_PATH)[0].key).toBeTruthy()
})

test('a code shorter than 6 characters is refused with its message and sends nothing', async () => {
  const { user } = await renderLegacy()
  await chooseAndPay(user)
  const step = await codeStep()
  await user.type(within(step).getByLabelText('SMS code'), '12345')
  await user.click(within(step).getByRole('button', { name: 'Confirm' }))
  expect(await screen.findByText('请输入正确的验证码')).toBeInTheDocument()
  expect(calls(REPAYMENT_CONFIRM_PATH)).toHaveLength(0)
})

test('a wrong code (800006) says so and keeps the step; the right one confirms and leads to the loan details', async () => {
  const { props, user } = await renderLegacy()
  await chooseAndPay(user)
  const step = await codeStep()
  const input = within(step).getByLabelText('SMS code')
  await user.type(input, '654321')
  await user.click(within(step).getByRole('button', { name: 'Confirm' }))
  expect(await screen.findByText('验证码错误')).toBeInTheDocument()
  expect(screen.getByRole('dialog', { name: 'Verification code' })).toBeInTheDocument()
  expect(props.navigate).not.toHaveBeenCalled()
  await user.clear(input)
  await user.type(input, DEMO_CODE)
  await user.click(within(step).getByRole('button', { name: 'Confirm' }))
  await waitFor(() => expect(props.navigate).toHaveBeenCalledWith('/loanDetails?productId=1&orderId=86'))
  const confirms = calls(REPAYMENT_CONFIRM_PATH)
  expect(confirms.map((c) => c.form)).toEqual([
    { orderId: '86', verifyCode: '654321', repaymentRecordId: 'R86-2' },
    { orderId: '86', verifyCode: DEMO_CODE, repaymentRecordId: 'R86-2' },
  ])
  expect(confirms.every((c) => c.key)).toBe(true)
})

test('needValid other than 1 (here 2) is no code step: straight to the loan details', async () => {
  server.use(
    mswHttp.post(legacyPath(REPAYMENT_COMMIT_PATH), () => envelope({ needValid: 2, repayRecordId: 'R2' })),
  )
  const { props, user } = await renderLegacy()
  await chooseAndPay(user)
  await waitFor(() => expect(props.navigate).toHaveBeenCalledWith('/loanDetails?productId=1&orderId=86'))
  expect(screen.queryByRole('dialog', { name: 'Verification code' })).not.toBeInTheDocument()
})

test('a commit that needs no code (needValid 0) leads straight to the loan details', async () => {
  const { props, user } = await renderLegacy(LEGACY_SCENARIOS.noCode)
  await chooseAndPay(user, /^Metrobank/)
  await waitFor(() => expect(props.navigate).toHaveBeenCalledWith('/loanDetails?productId=1&orderId=90'))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test('a duplicate payment request (800005) says so', async () => {
  const { user } = await renderLegacy(LEGACY_SCENARIOS.duplicate)
  await chooseAndPay(user)
  expect(await screen.findByText('请勿重复提交支付请求')).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Repay now' })).toBeEnabled()
})

test('cancelling the code step resets its countdown', async () => {
  const { user } = await renderLegacy()
  await chooseAndPay(user)
  const step = await codeStep()
  await within(step).findByRole('button', { name: '59s' }, { timeout: 2000 })
  await user.click(within(step).getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Repay now' }))
  expect(within(await codeStep()).getByRole('button', { name: '60s' })).toBeDisabled()
  expect(calls(REPAYMENT_COMMIT_PATH)).toHaveLength(2)
})

test('after 60 s the code can be sent again: the commit again with sendMsg 1, and the countdown restarts', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  await renderLegacy(LEGACY_SCENARIOS.withCode, undefined, user)
  await chooseAndPay(user)
  const step = await codeStep()
  for (let i = 0; i < 60; i++) act(() => void vi.advanceTimersByTime(1000))
  fireEvent.click(within(step).getByRole('button', { name: 'Send again' }))
  await within(step).findByRole('button', { name: '60s' })
  const commits = calls(REPAYMENT_COMMIT_PATH)
  expect(commits.map((c) => c.form.sendMsg)).toEqual(['0', '1'])
  expect(commits[0].key).not.toBe(commits[1].key)
})

test('ten fast taps on Repay now send one commit', async () => {
  let requests = 0
  server.use(
    mswHttp.post(legacyPath(REPAYMENT_COMMIT_PATH), async () => {
      requests += 1
      await delay(30)
      return failure('Demo: declined.', '01')
    }),
  )
  const { user } = await renderLegacy()
  await user.click(await screen.findByRole('radio', { name: /^BDO/ }))
  const pay = screen.getByRole('button', { name: 'Repay now' })
  for (let i = 0; i < 10; i++) pay.click()
  expect(await screen.findByText('Demo: declined.')).toBeInTheDocument()
  expect(requests).toBe(1)
})

test('a commit whose answer never came says the outcome is unknown, is not retried, and points at the order', async () => {
  const { props, user } = await renderLegacy(LEGACY_SCENARIOS.noAnswer)
  await chooseAndPay(user)
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent(
    'We could not confirm the result. Please check your order status before trying again.',
  )
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(calls(REPAYMENT_COMMIT_PATH)).toHaveLength(1)
  await user.click(within(alert).getByRole('button', { name: 'Check my order status' }))
  expect(props.navigate).toHaveBeenCalledWith('/loanDetails?productId=1&orderId=93')
})

test('a failed card list shows its failure text; Try again loads it again', async () => {
  server.use(
    mswHttp.post(legacyPath(REPAYMENT_WAY_PATH), () => failure('Demo: the cards could not be listed.'), {
      once: true,
    }),
  )
  const { user } = await renderLegacy()
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('银行卡查询失败')
  await user.click(within(alert).getByRole('button', { name: 'Try again' }))
  expect(await loaded()).toBeInTheDocument()
})

test("a card list that got no answer (network error) shows 'error'", async () => {
  server.use(mswHttp.post(legacyPath(REPAYMENT_WAY_PATH), () => HttpResponse.error()))
  await renderLegacy()
  expect(await screen.findByRole('alert')).toHaveTextContent(/^error/)
})

test('a wrong code confirmed over a dropped connection is an unknown outcome, not a failure', async () => {
  server.use(mswHttp.post(legacyPath(REPAYMENT_CONFIRM_PATH), () => HttpResponse.error()))
  const { user } = await renderLegacy()
  await chooseAndPay(user)
  const step = await codeStep()
  await user.type(within(step).getByLabelText('SMS code'), DEMO_CODE)
  await user.click(within(step).getByRole('button', { name: 'Confirm' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('We could not confirm the result.')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test('alipay asks repayment-huichao once and opens its url through the guard', async () => {
  const { user } = await renderLegacy()
  await chooseAndPay(user, /^Alipay/)
  await waitFor(() => expect(visits).toHaveLength(1))
  expect(visits[0].url).toBe('https://pay.cashloan-demo.ph/huichao?order=86&amount=1530.00')
  const huichao = legacyCalls.filter((c) => c.path === '/repayment-huichao')
  expect(huichao.map((c) => c.form)).toEqual([{ userId: '501', orderId: '86', amount: '1530.00' }])
  expect(huichao[0].key).toBeTruthy()
  // The payment page is opening: no second payment from this page, until it is shown again from the cache.
  expect(screen.getByRole('button', { name: 'Repay now' })).toBeDisabled()
  act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })))
  expect(screen.getByRole('button', { name: 'Repay now' })).toBeEnabled()
})

test('a huichao url the guard refuses is toasted and nothing opens', async () => {
  server.use(mswHttp.post(legacyPath('/repayment-huichao'), () => envelope({ url: 'javascript:alert(1)' })))
  const { user } = await renderLegacy()
  await chooseAndPay(user, /^Alipay/)
  expect(await screen.findByText('This link cannot be opened.')).toBeInTheDocument()
  expect(visits).toHaveLength(0)
  expect(screen.getByRole('button', { name: 'Repay now' })).toBeEnabled()
})

test('a link without the order or the amount says it is incomplete and calls nothing', async () => {
  await renderLegacy(LEGACY_SCENARIOS.withCode, { productId: '1' })
  expect(await screen.findByRole('alert')).toHaveTextContent('This repayment link is incomplete.')
  expect(legacyCalls).toHaveLength(0)
})

test.each(['-1', 'abc', '<script>', '0', '0.00', '1e3', '12.345'])(
  'a link whose amount is %j is incomplete too: nothing is shown of it, nothing is called',
  async (amount) => {
    await renderLegacy(LEGACY_SCENARIOS.withCode, { productId: '1', amount, userId: '501' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This repayment link is incomplete.')
    expect(screen.queryByText(amount)).not.toBeInTheDocument()
    expect(screen.queryByText(/₱/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Repay now' })).not.toBeInTheDocument()
    expect(legacyCalls).toHaveLength(0)
  },
)

test('a valid amount is sent as the link gives it, less the spaces around it', async () => {
  const { user } = await renderLegacy(LEGACY_SCENARIOS.noCode, {
    productId: '1',
    amount: ' 1530.00 ',
    couponId: 'C7',
  })
  await loaded()
  await chooseAndPay(user)
  await waitFor(() => expect(calls(REPAYMENT_COMMIT_PATH)).toHaveLength(1))
  expect(calls(REPAYMENT_COMMIT_PATH)[0].form.amount).toBe('1530.00')
})
