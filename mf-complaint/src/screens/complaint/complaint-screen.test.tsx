import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { apiPath, envelope, failure, readForm } from 'shared/mocks'
import { createTestProps, renderWithUi, setupMswServer, TEST_SESSION } from 'shared/testing'
import { afterEach, expect, test } from 'vitest'
import { PROBLEM_INIT_PATH } from '../../api/problem-init'
import { MESSAGES } from '../../app/messages'
import { handlers } from '../../mocks/handlers'
import { resetStore } from '../../mocks/store'
import { ComplaintScreen } from './complaint-screen'

const server = setupMswServer(...handlers)
afterEach(resetStore)

const m = MESSAGES.entry

function renderEntry(query: Record<string, string> = {}) {
  const props = createTestProps({ screen: 'complaint', query })
  renderWithUi(<ComplaintScreen {...props} />)
  return props
}

test('shows the order card and the question types from problem-init', async () => {
  renderEntry()
  expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.common.loading)
  expect(await screen.findByText('CashLoan')).toBeInTheDocument()
  expect(screen.getByText('Repaying')).toBeInTheDocument()
  expect(screen.getByText('Loan amount')).toBeInTheDocument()
  expect(screen.getByText('₱5.000,00')).toBeInTheDocument()
  expect(screen.getByRole('heading', { name: m.selectType })).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Repayment problem' })).toBeInTheDocument()
  // Sub-types only after type 1 is chosen.
  expect(screen.queryByRole('button', { name: 'Too many calls or messages' })).not.toBeInTheDocument()
})

test('asks problem-init for the order in the query, else the session order', async () => {
  const bodies: Record<string, string>[] = []
  server.events.on('request:start', async ({ request }) => {
    if (request.url.includes(PROBLEM_INIT_PATH)) bodies.push(await readForm(request.clone()))
  })
  renderEntry({ orderId: '87' })
  expect(await screen.findByText('CashLoan Plus')).toBeInTheDocument()
  renderEntry()
  await waitFor(() => expect(bodies).toHaveLength(2))
  expect(bodies).toEqual([{ orderId: '87' }, { orderId: TEST_SESSION.globals.orderId }])
  server.events.removeAllListeners()
})

test("'My complaints' opens the complaint list", async () => {
  const user = userEvent.setup()
  const props = renderEntry()
  await user.click(screen.getByRole('button', { name: m.myComplaints }))
  expect(props.navigate).toHaveBeenCalledWith('/complaintList')
})

test('a type other than 1 goes straight to the form, carrying productId and orderId', async () => {
  const user = userEvent.setup()
  const props = renderEntry({ productId: '1', orderId: '86' })
  await user.click(await screen.findByRole('button', { name: 'Repayment problem' }))
  expect(props.navigate).toHaveBeenCalledTimes(1)
  expect(props.navigate).toHaveBeenCalledWith(
    '/complainPageNext?problemType=2&problemSonType=&orderNo=CL20241105086&productId=1&orderId=86',
  )
})

test('type 1 needs a sub-type, which opens the form', async () => {
  const user = userEvent.setup()
  const props = renderEntry()
  const collection = await screen.findByRole('button', { name: 'Collection complaint' })
  await user.click(collection)
  expect(props.navigate).not.toHaveBeenCalled()
  expect(collection).toHaveAttribute('aria-pressed', 'true')
  expect(screen.getByRole('heading', { name: m.selectSonType })).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Too many calls or messages' }))
  expect(props.navigate).toHaveBeenCalledWith(
    '/complainPageNext?problemType=1&problemSonType=3&orderNo=CL20241105086',
  )
})

test('type 1 is refused when the order does not accept collection complaints', async () => {
  const user = userEvent.setup()
  const props = renderEntry({ orderId: '87' })
  await user.click(await screen.findByRole('button', { name: 'Collection complaint' }))
  expect(await screen.findByText(m.collectionRefused)).toBeInTheDocument()
  expect(screen.queryByRole('heading', { name: m.selectSonType })).not.toBeInTheDocument()
  expect(props.navigate).not.toHaveBeenCalled()
})

test("'All' switches the order, and the switched order's rules apply", async () => {
  const user = userEvent.setup()
  const props = renderEntry()
  await user.click(await screen.findByRole('button', { name: 'Collection complaint' }))
  expect(screen.getByRole('heading', { name: m.selectSonType })).toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: m.all }))
  const dialog = await screen.findByRole('dialog', { name: m.ordersTitle })
  await user.click(within(dialog).getByRole('button', { name: /CashLoan Plus/ }))
  await waitFor(() => expect(screen.queryByRole('dialog', { name: m.ordersTitle })).not.toBeInTheDocument())

  const card = screen.getByRole('region', { name: m.orderLabel })
  expect(within(card).getByText('CashLoan Plus')).toBeInTheDocument()
  expect(within(card).getByText('Settled')).toBeInTheDocument()
  // Switching the order drops the type chosen for the previous one.
  expect(screen.queryByRole('heading', { name: m.selectSonType })).not.toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: 'Collection complaint' }))
  expect(await screen.findByText(m.collectionRefused)).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Loan application' }))
  expect(props.navigate).toHaveBeenCalledWith(
    '/complainPageNext?problemType=3&problemSonType=&orderNo=CL20240912087',
  )
})

test('a failed problem-init shows the error with Try again, which calls again', async () => {
  const user = userEvent.setup()
  server.use(http.post(apiPath(PROBLEM_INIT_PATH), () => failure('Service is busy'), { once: true }))
  renderEntry()
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('Service is busy')
  expect(screen.getByRole('heading', { name: m.title })).toBeInTheDocument()
  await user.click(within(alert).getByRole('button', { name: MESSAGES.common.retry }))
  expect(await screen.findByText('Repaying')).toBeInTheDocument()
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
})

test('malformed init data is shown as empty, not a crash', async () => {
  server.use(
    http.post(apiPath(PROBLEM_INIT_PATH), () =>
      envelope({ problemType: 'x', problemSonType: null, orderDetail: [1, 2], orderList: { a: 1 } }),
    ),
  )
  renderEntry()
  expect(await screen.findByText(m.noOrder)).toBeInTheDocument()
  expect(screen.getByText(m.noTypes)).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: m.all })).not.toBeInTheDocument()
})

test('type 1 without an order is refused', async () => {
  const user = userEvent.setup()
  server.use(
    http.post(apiPath(PROBLEM_INIT_PATH), () =>
      envelope({ problemType: [{ title: 'Collection complaint', value: '1' }], orderDetail: null }),
    ),
  )
  const props = renderEntry()
  await user.click(await screen.findByRole('button', { name: 'Collection complaint' }))
  expect(await screen.findByText(m.collectionRefused)).toBeInTheDocument()
  expect(props.navigate).not.toHaveBeenCalled()
})
