import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http } from 'msw'
import { apiPath, envelope, readForm } from 'shared/mocks'
import type * as Schema from 'shared/schema'
import { warnUnknown } from 'shared/schema'
import { createTestProps, renderWithUi, TEST_SETTINGS } from 'shared/testing'
import { expect, test, vi } from 'vitest'
import { CLICK_TRACK_PATH, JOINT_FAILURE_PATH, PRODUCT_LINK_PATH } from '../../api/joint-failure'
import { JOINT_MESSAGES, MESSAGES } from '../../content/messages'
import { DEMO_JOINT_FAILURE, SCENARIOS } from '../../mocks/orders'
import { visits } from 'shared/testing/recorded-navigation'
import { JointLoginFailureScreen } from './joint-login-failure-screen'
import { setupScreenServer } from '../../testing/screen-server'

vi.mock('shared/navigation', () => import('shared/testing/recorded-navigation'))
vi.mock('shared/schema', async (importOriginal) => ({
  ...(await importOriginal<typeof Schema>()),
  warnUnknown: vi.fn(),
}))

const server = setupScreenServer()

const DEMO_SETTINGS = { ...TEST_SETTINGS, allowedHosts: ['partners.cashloan-demo.ph'] }

function renderPage(query: Record<string, string> = {}) {
  const props = createTestProps({ screen: 'jointLoginFailure', query, settings: DEMO_SETTINGS })
  renderWithUi(<JointLoginFailureScreen {...props} />)
  return props
}

/** The paths and form bodies sent, in order. */
function sent(): { path: string; body: Record<string, string> }[] {
  const calls: { path: string; body: Record<string, string> }[] = []
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname.replace('/utilities', '')
    const entry = { path, body: {} as Record<string, string> }
    calls.push(entry)
    void readForm(request.clone()).then((body) => (entry.body = body))
  })
  return calls
}

test('shows the notice, the error and the products with range, rate, description and tags', async () => {
  const calls = sent()
  renderPage({ orderId: '5' })
  expect(screen.getByRole('status', { name: MESSAGES.common.loading })).toBeInTheDocument()
  expect(await screen.findByRole('heading', { name: DEMO_JOINT_FAILURE.noticeMsg })).toBeInTheDocument()
  expect(screen.getByText(DEMO_JOINT_FAILURE.errorMsg)).toBeInTheDocument()
  const list = screen.getByRole('region', { name: JOINT_MESSAGES.products })
  const items = within(list).getAllByRole('listitem')
  expect(items).toHaveLength(4)
  for (const text of [
    '₱2.000 - ₱20.000',
    'Loan amount',
    '0.05%/day',
    'Peso Plus: money in 24 hours',
    'Fast',
    'No collateral',
  ]) {
    expect(within(items[0]).getByText(text)).toBeInTheDocument()
  }
  await waitFor(() =>
    expect(calls).toEqual([{ path: JOINT_FAILURE_PATH, body: { productId: '1', orderId: '5' } }]),
  )
})

test('a tap sends the click tracking, then asks for the link; an http link opens through the guard', async () => {
  const user = userEvent.setup()
  renderPage()
  await screen.findByRole('region', { name: JOINT_MESSAGES.products })
  const calls = sent()
  await user.click(screen.getByRole('button', { name: /Peso Plus/ }))
  await waitFor(() =>
    expect(visits).toEqual([{ url: 'https://partners.cashloan-demo.ph/apply?product=301', replace: false }]),
  )
  expect(calls).toEqual([
    { path: CLICK_TRACK_PATH, body: { productId: '301', positionId: '0' } },
    { path: PRODUCT_LINK_PATH, body: { productId: '301' } },
  ])
})

test('a product opens while its click tracking has no answer (issue #40)', async () => {
  const user = userEvent.setup()
  server.use(http.post(apiPath(CLICK_TRACK_PATH), () => delay('infinite')))
  renderPage()
  await user.click(await screen.findByRole('button', { name: /Peso Plus/ }))
  // The link's own round trip only: never the tracking's (which would be the call's 60 s timeout).
  await waitFor(
    () =>
      expect(visits).toEqual([
        { url: 'https://partners.cashloan-demo.ph/apply?product=301', replace: false },
      ]),
    { timeout: 1000 },
  )
})

test('a link that is not http goes to the bridge', async () => {
  const user = userEvent.setup()
  const props = renderPage()
  await user.click(await screen.findByRole('button', { name: /Quick Cash/ }))
  await waitFor(() => expect(props.bridgeCalls).toEqual([{ action: 'to', payload: ['productDetail'] }]))
  expect(visits).toEqual([])
})

test('a double tap on a product tracks it once and opens it once', async () => {
  const user = userEvent.setup()
  const props = renderPage()
  await screen.findByRole('region', { name: JOINT_MESSAGES.products })
  const calls = sent()
  await user.dblClick(screen.getByRole('button', { name: /Quick Cash/ }))
  await waitFor(() => expect(props.bridgeCalls).toHaveLength(1))
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(props.bridgeCalls).toEqual([{ action: 'to', payload: ['productDetail'] }])
  expect(calls.map((call) => call.path)).toEqual([CLICK_TRACK_PATH, PRODUCT_LINK_PATH])
})

test('an http link to a host the deployment does not allow is refused with a toast', async () => {
  const user = userEvent.setup()
  server.use(
    http.post(apiPath(PRODUCT_LINK_PATH), () => envelope({ link: 'https://evil.example.com/steal' })),
  )
  renderPage()
  await user.click(await screen.findByRole('button', { name: /Peso Plus/ }))
  expect(await screen.findByText('This link cannot be opened.')).toBeInTheDocument()
  expect(visits).toEqual([])
})

test("a code other than '00' shows the server's message and opens nothing", async () => {
  const user = userEvent.setup()
  const props = renderPage()
  await user.click(await screen.findByRole('button', { name: /Bayad Pera/ }))
  expect(await screen.findByText('This product is not accepting applications right now.')).toBeInTheDocument()
  expect(visits).toEqual([])
  expect(props.bridgeCalls).toEqual([])
})

test('a disabled product (enabled 0) does nothing', async () => {
  const user = userEvent.setup()
  renderPage()
  const disabled = await screen.findByRole('button', { name: /Sahod Loan/ })
  const calls = sent()
  expect(disabled).toBeDisabled()
  await user.click(disabled)
  expect(calls).toEqual([])
})

test('a failed load shows its message and Try again, which loads the page', async () => {
  const user = userEvent.setup()
  renderPage({ orderId: SCENARIOS.failure })
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('Demo: the failure notice could not be loaded.')
  server.use(http.post(apiPath(JOINT_FAILURE_PATH), () => envelope(DEMO_JOINT_FAILURE)))
  await user.click(within(alert).getByRole('button', { name: MESSAGES.common.retry }))
  expect(await screen.findByRole('heading', { name: DEMO_JOINT_FAILURE.noticeMsg })).toBeInTheDocument()
})

test('an answer with no notice, no error and no product says so instead of a blank page (found by fuzzing)', async () => {
  server.use(http.post(apiPath(JOINT_FAILURE_PATH), () => envelope({ unknown: 'field' })))
  renderPage({ orderId: '5' })
  expect(await screen.findByRole('heading', { name: JOINT_MESSAGES.noDetails })).toBeInTheDocument()
})

test('a notice-less answer with an error shows the error alone, with no stand-in notice', async () => {
  server.use(http.post(apiPath(JOINT_FAILURE_PATH), () => envelope({ errorMsg: 'Login expired.' })))
  renderPage({ orderId: '5' })
  expect(await screen.findByText('Login expired.')).toBeInTheDocument()
  expect(screen.queryByRole('heading')).not.toBeInTheDocument()
})

/** Answers the failure notice with the demo's first product changed by `changes`. */
function productWith(changes: Record<string, unknown>) {
  const [first] = DEMO_JOINT_FAILURE.list
  server.use(
    http.post(apiPath(JOINT_FAILURE_PATH), () =>
      envelope({ ...DEMO_JOINT_FAILURE, list: [{ ...first, ...changes }] }),
    ),
  )
}

// Issue #25, item 3: a product's range is pesos when the server sends amounts.
test.each<[unknown, string]>([
  [10000, '₱10.000,00'],
  ['2000.00-20000.00', '₱2.000,00 - ₱20.000,00'],
  ['₱1,000 ~ ₱10,000', '₱1.000,00 - ₱10.000,00'],
  ['₱2.000 - ₱20.000', '₱2.000 - ₱20.000'],
  ['Up to 20k', 'Up to 20k'],
])('a product range %j shows as %s', async (range, shown) => {
  productWith({ range })
  renderPage({ orderId: '5' })
  const list = await screen.findByRole('region', { name: JOINT_MESSAGES.products })
  expect(list.querySelector('.loan-product__range')?.textContent).toBe(shown)
})

// Issue #25, item 2: the spec names no logo for variant 2's products; one the server sends shows safely.
test('a product logo the server sends shows; one that cannot show or fails is a box of its size', async () => {
  const [first, second, third] = DEMO_JOINT_FAILURE.list
  server.use(
    http.post(apiPath(JOINT_FAILURE_PATH), () =>
      envelope({
        ...DEMO_JOINT_FAILURE,
        list: [
          { ...first, logo: 'https://img.lender-cdn.example/peso-plus.png' },
          { ...second, logo: 'http://img.lender-cdn.example/quick.png' },
          third,
        ],
      }),
    ),
  )
  renderPage({ orderId: '5' })
  const list = await screen.findByRole('region', { name: JOINT_MESSAGES.products })
  const [one, two, three] = within(list).getAllByRole('listitem')
  const logo = one.querySelector('img.loan-product__logo')
  expect(logo).toHaveAttribute('src', 'https://img.lender-cdn.example/peso-plus.png')
  fireEvent.error(logo!)
  for (const item of [one, two]) {
    expect(item.querySelector('img')).toBeNull()
    expect(item.querySelector('[data-server-image="placeholder"]')).toHaveClass('loan-product__logo')
  }
  // No logo sent: none is drawn (the spec's variant 2 has none).
  expect(three.querySelector('.loan-product__logo')).toBeNull()
})

// Issue #25, item 9: an enabled flag the spec does not give.
test('an enabled flag other than 1 or 0 leaves the product usable and is logged once', async () => {
  productWith({ enabled: 7 })
  renderPage({ orderId: '5' })
  expect(await screen.findByRole('button', { name: /Peso Plus/ })).toBeEnabled()
  expect(warnUnknown).toHaveBeenCalledExactlyOnceWith('enabled', 7)
})

test('the demo flags (1 and 0) are known: nothing is logged', async () => {
  renderPage({ orderId: '5' })
  await screen.findByRole('region', { name: JOINT_MESSAGES.products })
  expect(warnUnknown).not.toHaveBeenCalled()
})
