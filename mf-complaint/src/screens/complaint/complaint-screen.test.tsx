import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { apiPath, envelope, failure, readForm } from 'shared/mocks'
import { createTestProps, renderWithUi, setupMswServer, TEST_SESSION } from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { PROBLEM_INIT_PATH } from '../../api/problem-init'
import { MESSAGES } from '../../content/messages'
import { overlayChunks } from '../../components/lazy-overlays'
import { handlers } from '../../mocks/handlers'
import { DEMO_ORDERS, DEMO_PROBLEM_TYPES, resetStore, SCENARIOS } from '../../mocks/store'
import { ComplaintScreen } from './complaint-screen'

const server = setupMswServer(...handlers)
afterEach(() => {
  resetStore()
  vi.restoreAllMocks()
})

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
  server.events.on('request:start', ({ request }) => {
    if (request.url.includes(PROBLEM_INIT_PATH))
      void readForm(request.clone()).then((body) => bodies.push(body))
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

test('type 1 without sub-types from the server opens the form with the sub-type left empty', async () => {
  const user = userEvent.setup()
  const init = { problemType: DEMO_PROBLEM_TYPES, orderDetail: DEMO_ORDERS[SCENARIOS.orderCollectionAllowed] }
  server.use(http.post(apiPath(PROBLEM_INIT_PATH), () => envelope({ ...init, problemSonType: [] })))
  const props = renderEntry({ productId: '1', orderId: '86' })
  await user.click(await screen.findByRole('button', { name: 'Collection complaint' }))
  expect(props.navigate).toHaveBeenCalledTimes(1)
  expect(props.navigate).toHaveBeenCalledWith(
    '/complainPageNext?problemType=1&problemSonType=&orderNo=CL20241105086&productId=1&orderId=86',
  )
})

test('type 1 whose sub-types are all unusable (no value) opens the form too', async () => {
  const user = userEvent.setup()
  const init = { problemType: DEMO_PROBLEM_TYPES, orderDetail: DEMO_ORDERS[SCENARIOS.orderCollectionAllowed] }
  server.use(
    http.post(apiPath(PROBLEM_INIT_PATH), () =>
      envelope({ ...init, problemSonType: [{ title: 'Harassment' }, { title: 'Calls', value: '' }] }),
    ),
  )
  const props = renderEntry()
  await user.click(await screen.findByRole('button', { name: 'Collection complaint' }))
  expect(props.navigate).toHaveBeenCalledWith(
    '/complainPageNext?problemType=1&problemSonType=&orderNo=CL20241105086',
  )
})

test('type 1 without sub-types is still refused for an order that does not accept it', async () => {
  const user = userEvent.setup()
  const init = { problemType: DEMO_PROBLEM_TYPES, orderDetail: DEMO_ORDERS[SCENARIOS.orderCollectionRefused] }
  server.use(http.post(apiPath(PROBLEM_INIT_PATH), () => envelope({ ...init, problemSonType: [] })))
  const props = renderEntry({ orderId: '87' })
  await user.click(await screen.findByRole('button', { name: 'Collection complaint' }))
  expect(await screen.findByText(m.collectionRefused)).toBeInTheDocument()
  expect(props.navigate).not.toHaveBeenCalled()
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

test("the order list's code is fetched in the background once the entry has shown, not before", async () => {
  const popup = vi.spyOn(overlayChunks, 'popup')
  renderEntry()
  expect(popup).not.toHaveBeenCalled()
  await screen.findByText('CashLoan')
  await waitFor(() => expect(popup).toHaveBeenCalled())
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test("'All' while the order list's code is still downloading: the page stays, the list appears when it arrives", async () => {
  const user = userEvent.setup()
  const load = overlayChunks.popup
  let arrive!: () => void
  const code = new Promise<void>((resolve) => (arrive = resolve))
  vi.spyOn(overlayChunks, 'popup').mockImplementation(() => code.then(load))
  renderEntry()
  await user.click(await screen.findByRole('button', { name: m.all }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(screen.getByRole('region', { name: m.orderLabel })).toHaveTextContent('CashLoan')
  arrive()
  const dialog = await screen.findByRole('dialog', { name: m.ordersTitle })
  expect(within(dialog).getByRole('button', { name: /CashLoan Plus/ })).toBeInTheDocument()
  await user.click(within(dialog).getByRole('button', { name: m.close }))
  await waitFor(() => expect(screen.queryByRole('dialog', { name: m.ordersTitle })).not.toBeInTheDocument())
})

test("when the order list's code cannot be downloaded, 'All' says so and Try again downloads it", async () => {
  const user = userEvent.setup()
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const offline = vi
    .spyOn(overlayChunks, 'popup')
    .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'))
  renderEntry()
  await user.click(await screen.findByRole('button', { name: m.all }))
  const message = await screen.findByRole('dialog', { name: MESSAGES.common.openFailed })
  expect(screen.queryByRole('dialog', { name: m.ordersTitle })).not.toBeInTheDocument()
  expect(screen.getByRole('region', { name: m.orderLabel })).toHaveTextContent('CashLoan')

  // Back online: Try again calls the import again.
  const calls = offline.mock.calls.length
  offline.mockRestore()
  const online = vi.spyOn(overlayChunks, 'popup')
  await user.click(within(message).getByRole('button', { name: MESSAGES.common.retry }))
  const dialog = await screen.findByRole('dialog', { name: m.ordersTitle })
  expect(calls).toBeGreaterThan(0)
  expect(online).toHaveBeenCalled()
  expect(screen.queryByRole('dialog', { name: MESSAGES.common.openFailed })).not.toBeInTheDocument()
  await user.click(within(dialog).getByRole('button', { name: /CashLoan Plus/ }))
  await waitFor(() => expect(screen.queryByRole('dialog', { name: m.ordersTitle })).not.toBeInTheDocument())
  expect(within(screen.getByRole('region', { name: m.orderLabel })).getByText('Settled')).toBeInTheDocument()
})

test("the failed-download message's Close leaves the page as it was", async () => {
  const user = userEvent.setup()
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  vi.spyOn(overlayChunks, 'popup').mockRejectedValue(
    new TypeError('Failed to fetch dynamically imported module'),
  )
  renderEntry()
  await user.click(await screen.findByRole('button', { name: m.all }))
  const message = await screen.findByRole('dialog', { name: MESSAGES.common.openFailed })
  await user.click(within(message).getByRole('button', { name: MESSAGES.common.close }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(screen.getByRole('region', { name: m.orderLabel })).toHaveTextContent('CashLoan')
  // Opening again tries again (still offline here, so the message comes back).
  await user.click(screen.getByRole('button', { name: m.all }))
  expect(await screen.findByRole('dialog', { name: MESSAGES.common.openFailed })).toBeInTheDocument()
})
