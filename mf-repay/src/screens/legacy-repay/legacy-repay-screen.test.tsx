import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http as mswHttp, HttpResponse } from 'msw'
import { envelope, failure, legacyPath } from 'shared/mocks'
import { createTestProps } from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { REPAYMENT_COMMIT_PATH, REPAYMENT_CONFIRM_PATH, REPAYMENT_WAY_PATH } from '../../api/legacy-repay'
import { mountRepay } from '../../testing/mount-repay'
import {
  DEMO_CARDS,
  DEMO_CODE,
  LEGACY_SCENARIOS,
  listLegacyCalls,
  resetLegacyCalls,
} from '../../mocks/legacy-repay'
import { visits } from 'shared/testing/recorded-navigation'
import { DEMO_SETTINGS, setupScreenServer } from '../../testing/screen-server'

vi.mock('shared/navigation', () => import('shared/testing/recorded-navigation'))

const server = setupScreenServer()
afterEach(() => {
  resetLegacyCalls()
  vi.useRealTimers()
})

type User = ReturnType<typeof userEvent.setup>

async function renderLegacy(
  orderId: string = LEGACY_SCENARIOS.withCode,
  query: Record<string, string> = { productId: '1', amount: '1530.00', couponId: 'C7', userId: '501' },
  user: User = userEvent.setup(),
) {
  const props = createTestProps({
    screen: 'legacyRepay',
    query: { orderId, ...query },
    settings: DEMO_SETTINGS,
  })
  mountRepay(props)
  return { props, user }
}

async function loaded() {
  return screen.findByRole('heading', { name: '₱1.530,00' })
}

const calls = (path: string) => listLegacyCalls().filter((call) => call.path === path)

async function chooseAndPay(user: User, card = /^BDO Unibank/) {
  await user.click(await screen.findByRole('radio', { name: card }))
  await user.click(screen.getByRole('button', { name: '立即还款' }))
}

const codeStep = () => screen.findByRole('dialog', { name: '短信验证' })

test('the cards (bank and masked number) and alipay are listed; none is chosen at first', async () => {
  await renderLegacy()
  await loaded()
  const cards = screen.getByRole('radiogroup', { name: '支付方式' })
  const options = within(cards).getAllByRole('radio')
  expect(options.map((o) => o.textContent)).toEqual([
    'BDO Unibank **** 3456',
    'Metrobank **** 7890',
    '支付宝',
  ])
  expect(options.map((o) => o.getAttribute('aria-checked'))).toEqual(['false', 'false', 'false'])
  expect(calls(REPAYMENT_WAY_PATH).map((c) => c.form)).toEqual([{ orderId: '86', productId: '1' }])
})

test('repaying without a card says to choose one first and sends nothing', async () => {
  const { user } = await renderLegacy()
  await loaded()
  await user.click(screen.getByRole('button', { name: '立即还款' }))
  expect(await screen.findByText('请先选择支付银行卡')).toBeInTheDocument()
  expect(calls(REPAYMENT_COMMIT_PATH)).toHaveLength(0)
})

test('the commit sends the chosen card once as a money call, then the code step counts down', async () => {
  const { user } = await renderLegacy()
  await chooseAndPay(user)
  const step = await codeStep()
  expect(within(step).getByRole('button', { name: '60秒' })).toBeDisabled()
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
  await user.type(within(step).getByLabelText('验证码'), '12345')
  await user.click(within(step).getByRole('button', { name: '确认' }))
  expect(await screen.findByText('请输入正确的验证码')).toBeInTheDocument()
  expect(calls(REPAYMENT_CONFIRM_PATH)).toHaveLength(0)
})

test('a wrong code (800006) says so and keeps the step; the right one confirms and leads to the loan details', async () => {
  const { props, user } = await renderLegacy()
  await chooseAndPay(user)
  const step = await codeStep()
  const input = within(step).getByLabelText('验证码')
  await user.type(input, '654321')
  await user.click(within(step).getByRole('button', { name: '确认' }))
  expect(await screen.findByText('验证码错误')).toBeInTheDocument()
  expect(screen.getByRole('dialog', { name: '短信验证' })).toBeInTheDocument()
  expect(props.navigate).not.toHaveBeenCalled()
  await user.clear(input)
  await user.type(input, DEMO_CODE)
  await user.click(within(step).getByRole('button', { name: '确认' }))
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
  expect(screen.queryByRole('dialog', { name: '短信验证' })).not.toBeInTheDocument()
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
  expect(screen.getByRole('button', { name: '立即还款' })).toBeEnabled()
})

test('cancelling the code step resets its countdown', async () => {
  const { user } = await renderLegacy()
  await chooseAndPay(user)
  const step = await codeStep()
  await within(step).findByRole('button', { name: '59秒' }, { timeout: 2000 })
  await user.click(within(step).getByRole('button', { name: '取消' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: '立即还款' }))
  expect(within(await codeStep()).getByRole('button', { name: '60秒' })).toBeDisabled()
  expect(calls(REPAYMENT_COMMIT_PATH)).toHaveLength(2)
})

test('after 60 s the code can be sent again: the commit again with sendMsg 1, and the countdown restarts', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  await renderLegacy(LEGACY_SCENARIOS.withCode, undefined, user)
  await chooseAndPay(user)
  const step = await codeStep()
  for (let i = 0; i < 60; i++) act(() => void vi.advanceTimersByTime(1000))
  fireEvent.click(within(step).getByRole('button', { name: '重新发送' }))
  await within(step).findByRole('button', { name: '60秒' })
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
  const pay = screen.getByRole('button', { name: '立即还款' })
  for (let i = 0; i < 10; i++) pay.click()
  expect(await screen.findByText('Demo: declined.')).toBeInTheDocument()
  expect(requests).toBe(1)
})

test('a commit whose answer never came says the outcome is unknown, is not retried, and points at the order', async () => {
  const { props, user } = await renderLegacy(LEGACY_SCENARIOS.noAnswer)
  await chooseAndPay(user)
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('暂时无法确认支付结果，请先查看订单状态，再决定是否重新支付。')
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(calls(REPAYMENT_COMMIT_PATH)).toHaveLength(1)
  await user.click(within(alert).getByRole('button', { name: '查看订单状态' }))
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
  await user.click(within(alert).getByRole('button', { name: '重试' }))
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
  await user.type(within(step).getByLabelText('验证码'), DEMO_CODE)
  await user.click(within(step).getByRole('button', { name: '确认' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('暂时无法确认支付结果')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test('alipay asks repayment-huichao once and opens its url through the guard', async () => {
  const { user } = await renderLegacy()
  await chooseAndPay(user, /^支付宝/)
  await waitFor(() => expect(visits).toHaveLength(1))
  expect(visits[0].url).toBe('https://pay.cashloan-demo.ph/huichao?order=86&amount=1530.00')
  const huichao = listLegacyCalls().filter((c) => c.path === '/repayment-huichao')
  expect(huichao.map((c) => c.form)).toEqual([{ userId: '501', orderId: '86', amount: '1530.00' }])
  expect(huichao[0].key).toBeTruthy()
  // The payment page is opening: no second payment from this page, until it is shown again from the cache.
  expect(screen.getByRole('button', { name: '立即还款' })).toBeDisabled()
  act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })))
  expect(screen.getByRole('button', { name: '立即还款' })).toBeEnabled()
})

test('a huichao url the guard refuses is toasted and nothing opens', async () => {
  server.use(mswHttp.post(legacyPath('/repayment-huichao'), () => envelope({ url: 'javascript:alert(1)' })))
  const { user } = await renderLegacy()
  await chooseAndPay(user, /^支付宝/)
  expect(await screen.findByText('无法打开该支付链接。')).toBeInTheDocument()
  expect(visits).toHaveLength(0)
  expect(screen.getByRole('button', { name: '立即还款' })).toBeEnabled()
})

test('a link without the order or the amount says it is incomplete and calls nothing', async () => {
  await renderLegacy(LEGACY_SCENARIOS.withCode, { productId: '1' })
  expect(await screen.findByRole('alert')).toHaveTextContent('还款链接不完整，请从借款详情页重新打开。')
  expect(listLegacyCalls()).toHaveLength(0)
})

test.each(['-1', 'abc', '<script>', '0', '0.00', '1e3'])(
  'a link whose amount is %j is incomplete too: nothing is shown of it, nothing is called',
  async (amount) => {
    await renderLegacy(LEGACY_SCENARIOS.withCode, { productId: '1', amount, userId: '501' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('还款链接不完整，请从借款详情页重新打开。')
    expect(screen.queryByText(amount)).not.toBeInTheDocument()
    expect(screen.queryByText(/₱/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '立即还款' })).not.toBeInTheDocument()
    expect(listLegacyCalls()).toHaveLength(0)
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

test('a link amount as the server writes money (1,530.00) shows in pesos and is sent as the link gives it', async () => {
  const { user } = await renderLegacy(LEGACY_SCENARIOS.noCode, { productId: '1', amount: '1,530.00' })
  await loaded()
  await chooseAndPay(user)
  await waitFor(() => expect(calls(REPAYMENT_COMMIT_PATH)).toHaveLength(1))
  expect(calls(REPAYMENT_COMMIT_PATH)[0].form.amount).toBe('1,530.00')
})

test('needValid the spec does not name (7) is logged once as unknown', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  server.use(
    mswHttp.post(legacyPath(REPAYMENT_COMMIT_PATH), () => envelope({ needValid: 7, repayRecordId: 'R2' })),
  )
  const { props, user } = await renderLegacy()
  await chooseAndPay(user)
  await waitFor(() => expect(props.navigate).toHaveBeenCalled())
  expect(warn).toHaveBeenCalledWith('Unknown needValid: 7; showing the default.')
  warn.mockRestore()
})

/**
 * The page's words that are not Chinese: Latin-letter words, less what the page shows as the server or the
 * link gives it (bank names, card numbers, amounts) and the spec's own 'error'.
 */
function latinWords(allowed: readonly string[] = []): string[] {
  const texts = [document.body.textContent ?? '']
  for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
    for (const name of ['aria-label', 'placeholder', 'title', 'alt'])
      texts.push(element.getAttribute(name) ?? '')
  }
  let text = texts.join(' ')
  for (const word of [...allowed, 'error']) text = text.split(word).join(' ')
  return text.match(/[A-Za-z]+/g) ?? []
}

const BANKS = ['BDO Unibank', 'Metrobank', 'BPI', 'Security Bank']

test('every label, button, heading and message of the legacy page is Chinese', async () => {
  // Loaded, with the cards and alipay.
  const first = await renderLegacy(LEGACY_SCENARIOS.realistic, { productId: '1', amount: '1530.00' })
  await loaded()
  expect(latinWords(BANKS)).toEqual([])
  // Nothing chosen, then the code step: its countdown, a short code, a wrong code.
  await first.user.click(screen.getByRole('button', { name: '立即还款' }))
  await chooseAndPay(first.user, /^BPI/)
  const step = await codeStep()
  await first.user.type(within(step).getByLabelText('验证码'), '12')
  await first.user.click(within(step).getByRole('button', { name: '确认' }))
  await first.user.clear(within(step).getByLabelText('验证码'))
  await first.user.type(within(step).getByLabelText('验证码'), '654321')
  await first.user.click(within(step).getByRole('button', { name: '确认' }))
  await screen.findByText('验证码错误')
  expect(latinWords(BANKS)).toEqual([])
  cleanup()

  // An unknown outcome, a refused link, a failed card list, an incomplete link.
  const second = await renderLegacy(LEGACY_SCENARIOS.noAnswer)
  await chooseAndPay(second.user)
  await screen.findByText('查看订单状态')
  expect(latinWords(BANKS)).toEqual([])
  cleanup()
  server.use(mswHttp.post(legacyPath('/repayment-huichao'), () => envelope({ url: 'javascript:alert(1)' })))
  const third = await renderLegacy()
  await chooseAndPay(third.user, /^支付宝/)
  await screen.findByText('无法打开该支付链接。')
  expect(latinWords(BANKS)).toEqual([])
  cleanup()
  server.use(mswHttp.post(legacyPath(REPAYMENT_WAY_PATH), () => failure('银行卡查询失败')))
  await renderLegacy()
  expect(await screen.findByRole('alert')).toHaveTextContent('银行卡查询失败')
  expect(latinWords()).toEqual([])
  cleanup()
  await renderLegacy(LEGACY_SCENARIOS.withCode, { productId: '1' })
  await screen.findByRole('alert')
  expect(latinWords()).toEqual([])
})

test('the loading state and a commit answer the page cannot read are Chinese too', async () => {
  server.use(
    mswHttp.post(legacyPath(REPAYMENT_COMMIT_PATH), () => envelope('<html>')),
    mswHttp.post(legacyPath(REPAYMENT_WAY_PATH), async () => {
      await delay(30)
      return envelope({ alipay: 0, repayToken: 'demo-token-86', bankCards: DEMO_CARDS })
    }),
  )
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const { user } = await renderLegacy()
  expect(screen.getByRole('status')).toHaveAccessibleName('加载中...')
  await chooseAndPay(user)
  expect(await screen.findByText('服务器返回的数据有误，请稍后重试。')).toBeInTheDocument()
  expect(latinWords(BANKS)).toEqual([])
  warn.mockRestore()
})

test('no card and no alipay: the page says there is no way to pay, in Chinese', async () => {
  server.use(
    mswHttp.post(legacyPath(REPAYMENT_WAY_PATH), () =>
      envelope({ alipay: 0, repayToken: 'demo-token-86', bankCards: [] }),
    ),
  )
  await renderLegacy()
  expect(await screen.findByText('暂无可用的支付方式。')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: '立即还款' })).toBeDisabled()
})
