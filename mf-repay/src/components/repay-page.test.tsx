import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ApiResult } from 'shared/schema'
import { createTestProps, renderWithUi, TEST_SESSION } from 'shared/testing'
import { beforeEach, expect, test, vi } from 'vitest'
import type { Instalment } from '../api/repay-detail'
import { MESSAGES } from '../content/messages'
import { REPAY_INFO_KEY } from './repay-info'
import { RepayPage, type Repayment } from './repay-page'

beforeEach(() => window.sessionStorage.clear())

const ANSWER: Instalment = {
  productName: 'Peso Flex',
  productLogo: '',
  repayDate: '2026-12-01',
  repayList: [],
  noticeMsg: 'Pay before 5 pm.',
  defDetail: { payCode: '', logo: '', title: '', payNotice: {} },
  isShowReyTop: false,
  repayAmount: '1530',
  detail: [],
}

function renderPage(answers: ApiResult<Instalment>[], query: Record<string, string> = { orderId: '87' }) {
  const get = vi.fn<Repayment<Instalment>['get']>()
  for (const answer of answers) get.mockResolvedValueOnce(answer)
  const repayment: Repayment<Instalment> = { get, amountOf: (data) => data.repayAmount, delay: false }
  const props = createTestProps({
    screen: 'repay',
    query,
    session: { ...TEST_SESSION, globals: { productId: '1' } },
  })
  renderWithUi(
    <RepayPage remote={props} repayment={repayment} label={() => 'To repay'} dateLabel="Due:">
      {(data) => <section aria-label="Order">{data.productName}</section>}
    </RepayPage>,
  )
  return get
}

test('the order: its amount under the label, the due date, the page’s card and the notice; the total kept for the code page', async () => {
  const get = renderPage([{ ok: true, data: ANSWER }])
  expect(await screen.findByRole('heading', { level: 1, name: '₱1.530,00' })).toBeInTheDocument()
  expect(screen.getByRole('region', { name: '₱1.530,00' })).toHaveTextContent('To repay')
  expect(screen.getByText('Due:', { exact: false })).toHaveTextContent('Due: 2026-12-01')
  expect(screen.getByRole('region', { name: 'Order' })).toHaveTextContent('Peso Flex')
  expect(screen.getByText('Pay before 5 pm.')).toBeInTheDocument()
  expect(get).toHaveBeenCalledWith(expect.anything(), { productId: '1', orderId: '87' })
  // Kept by an effect once the detail is on screen, which may run after the heading is found.
  await waitFor(() =>
    expect(JSON.parse(window.sessionStorage.getItem(REPAY_INFO_KEY) ?? '{}')).toMatchObject({
      orderId: '87',
      amount: '1530',
    }),
  )
})

test('a failed load says so with Try again, which loads again', async () => {
  const get = renderPage([
    { ok: false, message: 'Server busy', notified: false },
    { ok: true, data: ANSWER },
  ])
  expect(await screen.findByRole('alert')).toHaveTextContent('Server busy')
  expect(window.sessionStorage.getItem(REPAY_INFO_KEY)).toBeNull()
  await userEvent.setup().click(screen.getByRole('button', { name: MESSAGES.common.retry }))
  expect(await screen.findByRole('heading', { level: 1, name: '₱1.530,00' })).toBeInTheDocument()
  expect(get).toHaveBeenCalledTimes(2)
})

test('a link without an order says it is incomplete and asks nothing', async () => {
  const get = renderPage([], {})
  // The test session names no order either.
  expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.common.badLink)
  expect(get).not.toHaveBeenCalled()
})
