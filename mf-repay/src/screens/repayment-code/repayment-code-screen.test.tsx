import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { RemoteProps } from 'shared/contract'
import { createTestProps, setupMswServer, TEST_SESSION, TEST_SETTINGS } from 'shared/testing'
import { beforeEach, expect, test } from 'vitest'
import { mountRepay } from '../../testing/mount-repay'
import { REPAY_INFO_KEY, saveRepayInfo, type RepayInfo } from '../../components/repay-info'
import { demoPayImage, SCENARIOS } from '../../mocks/demo-data'
import { handlers } from '../../mocks/handlers'

setupMswServer(...handlers)
beforeEach(() => window.sessionStorage.clear())

/** An image on a host the deployment lists in `imageHosts` (the CSP's img-src). */
const IMG = 'https://img.cashloan.ph/qr.png'
const SETTINGS = { ...TEST_SETTINGS, imageHosts: ['img.cashloan.ph'] }

function renderScreen(
  screenName: string,
  query: Record<string, string> = {},
  overrides: Partial<RemoteProps> = {},
) {
  const props = createTestProps({ screen: screenName, query, settings: SETTINGS, ...overrides })
  const view = mountRepay(props)
  return { props, user: userEvent.setup(), view }
}

/** `/repaymentOfCode`, once it has read its link (a load: its first render is the loading state). */
async function renderCodePage(query: Record<string, string>, overrides: Partial<RemoteProps> = {}) {
  const rendered = renderScreen('repaymentOfCode', query, overrides)
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading...' })).not.toBeInTheDocument())
  return rendered
}

/** What the instalment page of the test session's order (product 1, order 86) stores. */
const STORED_86: RepayInfo = {
  productId: '1',
  orderId: '86',
  logo: IMG,
  payCode: 'PF8600123456',
  amount: '320.00',
  notices: [],
}

const NOTHING_STORED = 'No repayment was started on this device. Please open your repayment page first.'

test('showType 1: the pay code with Copy, the channel image and the amount', async () => {
  const { user } = await renderCodePage({
    showType: '1',
    payCode: '7E860042',
    payCodeImg: IMG,
    repayAmount: '1530.00',
  })
  expect(screen.getByRole('heading', { name: '₱1.530,00' })).toBeInTheDocument()
  expect(screen.getByRole('img', { name: 'Payment channel' })).toHaveAttribute('src', IMG)
  expect(screen.queryByRole('img', { name: 'Payment QR code' })).not.toBeInTheDocument()
  const box = screen.getByRole('region', { name: 'Pay code' })
  expect(within(box).getByText('7E860042')).toBeInTheDocument()
  await user.click(within(box).getByRole('button', { name: 'Copy Pay code' }))
  expect(await screen.findByText('copy success')).toBeInTheDocument()
  expect(await navigator.clipboard.readText()).toBe('7E860042')
})

test('any other showType: the QR image with the scan-to-pay tips, no code', async () => {
  await renderCodePage({ showType: '2', payCodeImg: IMG })
  expect(screen.getByRole('img', { name: 'Payment QR code' })).toHaveAttribute('src', IMG)
  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    'Open your e-wallet app and choose Scan to pay.',
    'Scan this QR code and check the amount.',
    'Confirm the payment in your e-wallet app.',
  ])
  expect(screen.queryByRole('button', { name: /Copy/ })).not.toBeInTheDocument()
})

test('a missing or malformed query says so', async () => {
  await renderCodePage({ showType: '1' })
  expect(screen.getByRole('alert')).toHaveTextContent(
    'This repayment link is incomplete. Please open it again from your repayment page.',
  )
  expect(screen.queryByRole('img')).not.toBeInTheDocument()
})

const UNSHOWABLE = [
  ['a host the deployment does not list', 'https://img.lender-cdn.example/qr.png'],
  ['a listed host over http', 'http://img.cashloan.ph/qr.png'],
  ['an inline picture', 'data:image/png;base64,iVBORw0KGgo='],
  ['an inline SVG', 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E'],
]

const QR_UNAVAILABLE =
  'This QR code cannot be shown here. Please choose another payment method, or contact customer service.'

test.each(UNSHOWABLE)(
  'showType 1 with a channel picture from %s: the code, amount and Copy show; the picture is a grey box',
  async (_, image) => {
    const { user } = await renderCodePage({
      showType: '1',
      payCode: '7E860042',
      payCodeImg: image,
      repayAmount: '1530.00',
    })
    expect(screen.queryByText(/This repayment link is incomplete/)).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: '₱1.530,00' })).toBeInTheDocument()
    const box = screen.getByRole('region', { name: 'Pay code' })
    expect(within(box).getByText('7E860042')).toBeInTheDocument()
    expect(document.querySelector('img')).toBeNull()
    const picture = within(box).getByRole('img', { name: 'Payment channel' })
    expect(picture.tagName).toBe('SPAN')
    expect(picture).toHaveClass('repay-code__channel')
    await user.click(within(box).getByRole('button', { name: 'Copy Pay code' }))
    expect(await navigator.clipboard.readText()).toBe('7E860042')
  },
)

test.each(UNSHOWABLE)(
  'a QR picture from %s: a grey box and a message to pay another way; no scan-to-pay tips',
  async (_, image) => {
    await renderCodePage({ showType: '2', payCodeImg: image, repayAmount: '10' })
    expect(screen.queryByText(/This repayment link is incomplete/)).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: '₱10,00' })).toBeInTheDocument()
    expect(screen.getByText(QR_UNAVAILABLE)).toBeInTheDocument()
    expect(document.querySelector('img')).toBeNull()
    expect(screen.getByRole('img', { name: 'Payment QR code' })).toHaveClass('repay-qr')
    expect(screen.queryByText('Scan this QR code and check the amount.')).not.toBeInTheDocument()
  },
)

test('a QR picture that fails to load: the same grey box and message', async () => {
  await renderCodePage({ showType: '2', payCodeImg: IMG })
  expect(screen.getByText('Scan this QR code and check the amount.')).toBeInTheDocument()
  fireEvent.error(screen.getByRole('img', { name: 'Payment QR code' }))
  expect(document.querySelector('img')).toBeNull()
  expect(screen.getByText(QR_UNAVAILABLE)).toBeInTheDocument()
  expect(screen.queryByText('Scan this QR code and check the amount.')).not.toBeInTheDocument()
})

test("a QR image on the app's own path shows, with no image host configured", async () => {
  const image = demoPayImage('qr-ph.svg')
  await renderCodePage({ showType: '2', payCodeImg: image }, { settings: TEST_SETTINGS })
  expect(screen.getByRole('img', { name: 'Payment QR code' })).toHaveAttribute('src', image)
  // The demo API serves it there, as a picture.
  const answer = await fetch(new URL(image, window.location.origin))
  expect(answer.status).toBe(200)
  expect(answer.headers.get('content-type')).toBe('image/svg+xml')
  expect(await answer.text()).toMatch(/^<svg /)
})

test.each(['-1', 'abc', '<script>', '0'])(
  'a total of %j is left out; the code still shows',
  async (amount) => {
    await renderCodePage({ showType: '1', payCode: '7E860042', repayAmount: amount })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByText('7E860042')).toBeInTheDocument()
    expect(screen.queryByText('Total payment')).not.toBeInTheDocument()
    expect(screen.queryByText(amount)).not.toBeInTheDocument()
  },
)

test.each([
  ['1,530.00', '₱1.530,00'],
  ['₱1530.00', '₱1.530,00'],
  ['5000', '₱5.000,00'],
])('a total of %j (pesos, as the server writes money) shows as %s', async (amount, shown) => {
  await renderCodePage({ showType: '1', payCode: '7E860042', repayAmount: amount })
  expect(screen.getByRole('heading', { name: shown })).toBeInTheDocument()
})

test('code page 2: logo, pay code with Copy, total and the notices grouped by name with their steps', async () => {
  saveRepayInfo(window.sessionStorage, {
    ...STORED_86,
    notices: [
      {
        group: 'E-wallet',
        entries: [
          { name: 'GCash', steps: ['Open GCash.', 'Enter the pay code.'] },
          { name: 'Maya', steps: ['Open Maya.'] },
        ],
      },
      { group: 'Over the counter', entries: [{ name: '7-Eleven', steps: ['Go to a kiosk.'] }] },
    ],
  })
  const { user } = renderScreen('repaymentOfCode2')
  const box = screen.getByRole('region', { name: 'Pay code' })
  expect(box.querySelector('img')).toHaveAttribute('src', IMG)
  expect(within(box).getByText('PF8600123456')).toBeInTheDocument()
  expect(within(box).getByText('₱320,00')).toBeInTheDocument()
  await user.click(within(box).getByRole('button', { name: 'Copy Pay code' }))
  expect(await screen.findByText('copy success')).toBeInTheDocument()
  expect(await navigator.clipboard.readText()).toBe('PF8600123456')

  const wallet = screen.getByRole('region', { name: 'E-wallet' })
  expect(
    within(wallet)
      .getAllByRole('heading')
      .map((h) => h.textContent),
  ).toEqual(['E-wallet', 'GCash', 'Maya'])
  expect(
    within(wallet)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Open GCash.', 'Enter the pay code.', 'Open Maya.'])
  expect(
    within(screen.getByRole('region', { name: 'Over the counter' })).getByText('Go to a kiosk.'),
  ).toBeInTheDocument()
})

test('code page 2 without a pay code shows the contract number to copy', () => {
  saveRepayInfo(window.sessionStorage, { ...STORED_86, logo: '', payCode: '', amount: '' })
  renderScreen('repaymentOfCode2')
  const box = screen.getByRole('region', { name: 'Contract number' })
  expect(within(box).getByText('86')).toBeInTheDocument()
  expect(within(box).getByRole('button', { name: 'Copy Contract number' })).toBeInTheDocument()
})

test('code page 2: a logo on any https origin shows; one that may not show (or fails) is a grey box', () => {
  const cdn = 'https://img.lender-cdn.example/peso-cash.png'
  saveRepayInfo(window.sessionStorage, { ...STORED_86, logo: cdn })
  const first = renderScreen('repaymentOfCode2', {}, { settings: TEST_SETTINGS })
  const logo = document.querySelector('.repay-code__logo')
  expect(logo).toHaveAttribute('src', cdn)
  fireEvent.error(logo!)
  expect(document.querySelector('.repay-code__logo')).toHaveAttribute('data-server-image', 'placeholder')
  first.view.unmount()

  saveRepayInfo(window.sessionStorage, { ...STORED_86, logo: 'http://insecure.example/logo.png' })
  renderScreen('repaymentOfCode2')
  expect(document.querySelector('img')).toBeNull()
  expect(document.querySelector('.repay-code__logo')).toHaveAttribute('data-server-image', 'placeholder')
  expect(screen.getByText('PF8600123456')).toBeInTheDocument()
  expect(screen.getByText('₱320,00')).toBeInTheDocument()
})

test('code page 2: a total stored as a number shows in pesos', () => {
  window.sessionStorage.setItem(REPAY_INFO_KEY, JSON.stringify({ ...STORED_86, amount: 5000 }))
  renderScreen('repaymentOfCode2')
  expect(screen.getByText('₱5.000,00')).toBeInTheDocument()
})

test('code page 2 with nothing stored (or garbage) says so and leads back to the repayment', async () => {
  window.sessionStorage.setItem(REPAY_INFO_KEY, '{not json')
  const { props, user } = renderScreen('repaymentOfCode2', { productId: '1', orderId: '86' })
  const alert = screen.getByRole('alert')
  expect(alert).toHaveTextContent(NOTHING_STORED)
  await user.click(within(alert).getByRole('button', { name: 'Go to my repayment' }))
  expect(props.navigate).toHaveBeenCalledWith('/repay?productId=1&orderId=86')
})

test("code page 2 never shows another order's pay code: its own order's, or nothing stored", async () => {
  // Order 86 loads and stores its pay code; then the load of order 'fail' fails (it stores nothing).
  let shown = renderScreen('repay', { orderId: SCENARIOS.full })
  await screen.findByRole('heading', { name: '₱1.530,00' })
  shown.view.unmount()
  shown = renderScreen('repay', { orderId: SCENARIOS.failure })
  expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument()
  shown.view.unmount()

  const { props, user, view } = renderScreen('repaymentOfCode2', { orderId: SCENARIOS.plain })
  const alert = screen.getByRole('alert')
  expect(alert).toHaveTextContent(NOTHING_STORED)
  expect(screen.queryByText('PF8600123456')).not.toBeInTheDocument()
  expect(screen.queryByText('₱1.530,00')).not.toBeInTheDocument()
  await user.click(within(alert).getByRole('button', { name: 'Go to my repayment' }))
  expect(props.navigate).toHaveBeenCalledWith('/repay?productId=1&orderId=87')
  view.unmount()

  // Order 86's own code page still shows what its page stored.
  renderScreen('repaymentOfCode2', { orderId: SCENARIOS.full })
  const box = screen.getByRole('region', { name: 'Pay code' })
  expect(within(box).getByText('PF8600123456')).toBeInTheDocument()
  expect(within(box).getByText('₱1.530,00')).toBeInTheDocument()
})

test("code page 2 for the session's order, or another product, goes by that order too", () => {
  saveRepayInfo(window.sessionStorage, STORED_86)
  const other = { ...TEST_SESSION, globals: { productId: '1', orderId: SCENARIOS.plain } }
  const { view } = renderScreen('repaymentOfCode2', {}, { session: other })
  expect(screen.getByRole('alert')).toHaveTextContent(NOTHING_STORED)
  view.unmount()
  renderScreen('repaymentOfCode2', { productId: '2', orderId: SCENARIOS.full })
  expect(screen.getByRole('alert')).toHaveTextContent(NOTHING_STORED)
})

test('code page 2 without any order cannot tell whose the stored details are: nothing stored', async () => {
  saveRepayInfo(window.sessionStorage, STORED_86)
  const { props, user } = renderScreen('repaymentOfCode2', {}, { session: { ...TEST_SESSION, globals: {} } })
  const alert = screen.getByRole('alert')
  expect(alert).toHaveTextContent(NOTHING_STORED)
  expect(screen.queryByText('PF8600123456')).not.toBeInTheDocument()
  await user.click(within(alert).getByRole('button', { name: 'Go to my repayment' }))
  expect(props.navigate).toHaveBeenCalledWith('/repay')
})

test.each(['abc', '<script>', '-1', '0'])(
  'code page 2 leaves out a stored total of %j rather than show it as stored',
  (amount) => {
    saveRepayInfo(window.sessionStorage, { ...STORED_86, amount })
    renderScreen('repaymentOfCode2')
    const box = screen.getByRole('region', { name: 'Pay code' })
    expect(within(box).getByText('PF8600123456')).toBeInTheDocument()
    expect(within(box).queryByText('Total payment')).not.toBeInTheDocument()
    expect(within(box).queryByText(amount)).not.toBeInTheDocument()
    expect(box).not.toHaveTextContent('₱')
  },
)
