import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { PlatformProvider } from '../../boot/platform'
import type { LoadRecord } from '../../remote/load-stages'
import { fakePlatform } from '../../testing/fake-platform'
import { DEFAULT_SETTINGS } from 'shared/host/settings'
import { REMOTE_ROUTES } from 'shared/routes'
import { LOAN_DEMO_LINKS, repayDemoLinks } from './preview-links'
import { TestPreviewScreen } from './test-preview-screen'

const FIELDS = [
  ['App version', '1.0.0'],
  ['Device name', ''],
  ['Device id', ''],
  ['OS version', ''],
  ['Session id', ''],
  ['Ad id', ''],
  ['Product id', '1'],
  ['Order id', '86'],
] as const

const LINKS = [
  ['Loan confirmation', '/loanConfirm'],
  ['Order details', '/loanDetails'],
  ['Repayment', '/repay'],
  ['Extension repayment', '/delayRepay'],
  ['Bank binding', '/bindBank'],
  ['About us', '/aboutUs'],
  ['Complaint', '/complaint'],
  ['Customer service', '/customerService'],
  ['Privacy policy', '/privacyPolicy'],
  ['Repayment instructions', '/paymentInstructions'],
] as const

function renderScreen(
  props: Parameters<typeof TestPreviewScreen>[0] = {},
  records: readonly LoadRecord[] = [],
) {
  const platform = fakePlatform({ records: () => records })
  return render(
    <MemoryRouter initialEntries={['/testPreview']}>
      <PlatformProvider platform={platform}>
        <TestPreviewScreen {...props} />
      </PlatformProvider>
    </MemoryRouter>,
  )
}

function fakeGeolocation(
  answer: (success: PositionCallback, error: PositionErrorCallback) => void,
): Geolocation {
  return {
    getCurrentPosition: vi.fn((success: PositionCallback, error?: PositionErrorCallback | null) =>
      answer(success, error ?? (() => undefined)),
    ),
    watchPosition: vi.fn(),
    clearWatch: vi.fn(),
  }
}

function positionError(code: 1 | 2 | 3): GeolocationPositionError {
  return { code, message: 'x', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }
}

const linkHrefs = () => LINKS.map(([name]) => screen.getByRole('link', { name }).getAttribute('href'))

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost:3000/photo-1')
  URL.revokeObjectURL = vi.fn()
})

afterEach(() => {
  vi.restoreAllMocks()
})

test('shows the eight session fields with their defaults', () => {
  renderScreen()
  expect(screen.getByRole('heading', { name: 'Test preview' })).toBeInTheDocument()
  for (const [label, value] of FIELDS) expect(screen.getByLabelText(label)).toHaveValue(value)
  const session = screen.getByRole('region', { name: 'Session' })
  expect(within(session).getAllByRole('textbox')).toHaveLength(8)
})

const EMPTY_SESSION = 'deviceName=&deviceId=&osVersion=&sessionId=&adId='

test('each of the ten page links carries every field as its query, an empty one as key=', () => {
  renderScreen()
  const pages = screen.getByRole('navigation', { name: 'Pages' })
  expect(within(pages).getAllByRole('link')).toHaveLength(10)
  expect(linkHrefs()).toEqual(
    LINKS.map(([, path]) => `${path}?appVersion=1.0.0&${EMPTY_SESSION}&productId=1&orderId=86`),
  )
})

test('links to a page whose remote is not released yet say so; the others do not', () => {
  renderScreen()
  const pages = screen.getByRole('navigation', { name: 'Pages' })
  const marked = within(pages)
    .getAllByRole('listitem')
    .filter((item) => item.textContent?.includes('(not available yet)'))
    .map((item) => within(item).getByRole('link').getAttribute('href')?.split('?')[0])
  expect(marked).toEqual([])
})

test('the links follow what is typed into the fields', async () => {
  const user = userEvent.setup()
  renderScreen()
  await user.type(screen.getByLabelText('Session id'), 'sess 1')
  await user.type(screen.getByLabelText('Device name'), 'Pixel')
  await user.clear(screen.getByLabelText('App version'))
  await user.clear(screen.getByLabelText('Order id'))
  await user.type(screen.getByLabelText('Order id'), '170')
  expect(linkHrefs()).toEqual(
    LINKS.map(
      ([, path]) =>
        `${path}?appVersion=&deviceName=Pixel&deviceId=&osVersion=&sessionId=sess+1&adId=&productId=1&orderId=170`,
    ),
  )
})

test('an emptied field goes on the links as key= (which clears the stored value); blank counts as empty', async () => {
  const user = userEvent.setup()
  renderScreen()
  for (const label of ['App version', 'Product id', 'Order id'])
    await user.clear(screen.getByLabelText(label))
  await user.type(screen.getByLabelText('Ad id'), '   ')
  expect(linkHrefs()).toEqual(
    LINKS.map(([, path]) => `${path}?appVersion=&${EMPTY_SESSION}&productId=&orderId=`),
  )
})

test('the fields start from the stored session, with the spec defaults where it holds nothing', () => {
  const platform = fakePlatform()
  platform.session.set({ deviceName: 'Pixel', sessionId: 's-9', orderId: '151' })
  render(
    <MemoryRouter initialEntries={['/testPreview']}>
      <PlatformProvider platform={platform}>
        <TestPreviewScreen />
      </PlatformProvider>
    </MemoryRouter>,
  )
  expect(screen.getByLabelText('Device name')).toHaveValue('Pixel')
  expect(screen.getByLabelText('Session id')).toHaveValue('s-9')
  expect(screen.getByLabelText('Order id')).toHaveValue('151')
  expect(screen.getByLabelText('App version')).toHaveValue('1.0.0')
  expect(screen.getByLabelText('Product id')).toHaveValue('1')
})

test('the photo picker previews an image file', async () => {
  const user = userEvent.setup()
  renderScreen()
  const photo = new File(['png'], 'selfie.png', { type: 'image/png' })
  await user.upload(screen.getByLabelText('Photo'), photo)
  expect(URL.createObjectURL).toHaveBeenCalledWith(photo)
  expect(screen.getByRole('img', { name: 'Selected photo preview' })).toHaveAttribute(
    'src',
    'blob:http://localhost:3000/photo-1',
  )
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
})

test('the photo picker refuses a file that is not an image', async () => {
  const user = userEvent.setup({ applyAccept: false })
  renderScreen()
  await user.upload(
    screen.getByLabelText('Photo'),
    new File(['%PDF'], 'contract.pdf', { type: 'application/pdf' }),
  )
  expect(screen.getByRole('alert')).toHaveTextContent('Please choose an image file.')
  expect(screen.queryByRole('img')).not.toBeInTheDocument()
  expect(URL.createObjectURL).not.toHaveBeenCalled()
})

test('choosing an image after a refused file clears the error, and a non-image removes the preview', async () => {
  const user = userEvent.setup({ applyAccept: false })
  renderScreen()
  const input = screen.getByLabelText('Photo')
  await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }))
  await user.upload(input, new File(['png'], 'selfie.png', { type: 'image/png' }))
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  expect(screen.getByRole('img', { name: 'Selected photo preview' })).toBeInTheDocument()
  await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }))
  expect(screen.queryByRole('img')).not.toBeInTheDocument()
  expect(screen.getByRole('alert')).toHaveTextContent('Please choose an image file.')
})

test('the contact field keeps only digits, + and spaces', async () => {
  const user = userEvent.setup()
  renderScreen()
  await user.type(screen.getByLabelText('Contact'), 'tel: +63 (917) 555-0000')
  expect(screen.getByLabelText('Contact')).toHaveValue(' +63 917 5550000')
})

test('get location shows the coordinates', async () => {
  const user = userEvent.setup()
  const geolocation = fakeGeolocation((success) =>
    success({ coords: { latitude: 14.5995, longitude: 120.9842 } } as GeolocationPosition),
  )
  renderScreen({ geolocation })
  await user.click(screen.getByRole('button', { name: 'get location' }))
  expect(screen.getByText('Latitude 14.599500, longitude 120.984200')).toBeInTheDocument()
  expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(1)
})

test('get location says so while it waits for the device', async () => {
  const user = userEvent.setup()
  renderScreen({ geolocation: fakeGeolocation(() => undefined) })
  await user.click(screen.getByRole('button', { name: 'get location' }))
  expect(screen.getByText('Getting location…')).toBeInTheDocument()
})

test.each([
  [1, 'Location permission was refused. Allow location access and try again.'],
  [2, 'Your location could not be determined. Please try again.'],
  [3, 'Getting your location took too long. Please try again.'],
] as const)('get location explains error code %i', async (code, message) => {
  const user = userEvent.setup()
  renderScreen({ geolocation: fakeGeolocation((_success, error) => error(positionError(code))) })
  await user.click(screen.getByRole('button', { name: 'get location' }))
  expect(screen.getByText(message)).toBeInTheDocument()
})

test('get location explains when the device has no geolocation', async () => {
  const user = userEvent.setup()
  // Passing undefined falls back to navigator.geolocation, which jsdom does not have.
  expect(navigator.geolocation).toBeUndefined()
  renderScreen({ geolocation: undefined })
  await user.click(screen.getByRole('button', { name: 'get location' }))
  expect(screen.getByText('Location is not available on this device.')).toBeInTheDocument()
})

test('diagnostics say when no remote has been loaded', () => {
  renderScreen()
  expect(screen.getByText('No remote loaded yet in this page view.')).toBeInTheDocument()
  expect(screen.queryByRole('table')).not.toBeInTheDocument()
})

test('diagnostics list every load attempt, with the failure reason', () => {
  renderScreen({}, [
    {
      remote: 'mf_loan',
      version: '2.0.0',
      stage: 'manifest',
      ok: false,
      durationMs: 12,
      error: 'manifest answered 500',
      at: 1,
    },
    { remote: 'mf_loan', version: '1.9.0', stage: 'ready', ok: true, durationMs: 340, at: 2 },
  ])
  const rows = within(screen.getByRole('table')).getAllByRole('row')
  expect(
    rows.map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent)),
  ).toEqual([
    ['Remote', 'Version', 'Stage', 'ms'],
    ['mf_loan', '2.0.0', 'manifest failed: manifest answered 500', '12'],
    ['mf_loan', '1.9.0', 'ready', '340'],
  ])
})

test('the promotion demo links open each scenario; the standalone entry is a full page load', () => {
  renderScreen()
  const promotion = screen.getByRole('navigation', { name: 'Promotion demo' })
  const hrefs = within(promotion)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'))
  expect(hrefs).toEqual([
    '/promotion?id=7&app_from=demo&user_from=preview&utm_tag=test&links_id=1#/registerTemplate',
    '/standalone/promotion?id=7&app_from=demo&user_from=preview&utm_tag=test&links_id=1#/registerTemplate',
    '/promotion?id=error&app_from=demo&user_from=preview&utm_tag=test&links_id=1#/registerTemplate',
    '/promotion?id=offline&app_from=demo&user_from=preview&utm_tag=test&links_id=1#/registerTemplate',
    '/promotion?id=7&utm_content=sid-error&app_from=demo&user_from=preview&utm_tag=test&links_id=1#/',
    '/promotion?id=7&app_from=demo&user_from=preview&utm_tag=test&links_id=1#/downloadTemplate',
    '/promotion?id=7&app_from=demo&user_from=preview&utm_tag=test&links_id=1#/agreementTemplate',
  ])
  expect(within(promotion).getByText(/13800000011 already registered/)).toBeInTheDocument()
})

test('every borrower route of the route table is linked from the test page once, with the session fields', () => {
  renderScreen()
  const more = screen.getByRole('navigation', { name: 'More pages' })
  const paths = [screen.getByRole('navigation', { name: 'Pages' }), more]
    .flatMap((nav) => within(nav).getAllByRole('link'))
    .map((link) => new URL(link.getAttribute('href') ?? '', 'http://x').pathname)
  // The promotion landing has its scenarios in its own list (asserted above).
  for (const route of REMOTE_ROUTES.filter((r) => r.path !== '/' && r.remote !== 'mf_promotion')) {
    expect(
      paths.filter((path) => path === route.path),
      route.path,
    ).toHaveLength(1)
  }
  for (const link of within(more).getAllByRole('link')) {
    expect(link.getAttribute('href')).toContain(`?appVersion=1.0.0&${EMPTY_SESSION}&productId=1&orderId=86`)
  }
  expect(within(more).getByRole('link', { name: 'Loan confirmation (/loanConfirmNew)' })).toBeInTheDocument()
  // The legacy repayment's amount and user come from the link.
  expect(within(more).getByRole('link', { name: 'Repayment (/legacyRepay)' }).getAttribute('href')).toMatch(
    /^\/legacyRepay\?appVersion=.*&orderId=86&amount=1530\.00&userId=501$/,
  )
})

test("the loan demo links open each of mf-loan's demo orders and products with the session fields", () => {
  renderScreen()
  const loan = screen.getByRole('navigation', { name: 'Loan demo' })
  const links = within(loan).getAllByRole('link')
  expect(links).toHaveLength(LOAN_DEMO_LINKS.length)
  const opened = links.map((link) => {
    const url = new URL(link.getAttribute('href') ?? '', 'http://x')
    // The session fields as the page shows them, the scenario's id set.
    expect(url.searchParams.get('appVersion')).toBe('1.0.0')
    return `${url.pathname} ${url.searchParams.get('productId')} ${url.searchParams.get('orderId')}`
  })
  // One order id per status (mf-loan README), and the confirmation and joint-failure scenarios.
  for (const orderId of ['86', '21', '110', '151', '170', '174', '180', '200', '999', 'redirect', 'fail'])
    expect(opened).toContain(`/loanDetails 1 ${orderId}`)
  for (const productId of ['1', '2', '3', 'fail', 'push-fail', 'push-timeout'])
    expect(opened).toContain(`/loanConfirm ${productId} 86`)
  expect(opened).toContain('/confirmByPeriod 4 86')
  expect(opened).toContain('/loanConfirmNew code-01 86')
  expect(opened).toContain('/jointLoginFailure 1 fail')
})

test("the repayment demo links open mf-repay's demo repayments, code pages and legacy repayments", () => {
  renderScreen()
  const repay = screen.getByRole('navigation', { name: 'Repayment demo' })
  const links = within(repay).getAllByRole('link')
  expect(links).toHaveLength(repayDemoLinks('/utilities').length)
  const urls = links.map((link) => new URL(link.getAttribute('href') ?? '', 'http://x'))
  const opened = urls.map((url) => `${url.pathname} ${url.searchParams.get('orderId')}`)
  for (const orderId of ['86', '87', '89', 'fail']) expect(opened).toContain(`/repay ${orderId}`)
  for (const orderId of ['86', '88']) expect(opened).toContain(`/delayRepay ${orderId}`)
  for (const orderId of ['86', '90', '91', '92', '93']) expect(opened).toContain(`/legacyRepay ${orderId}`)
  expect(opened).toContain('/repaymentOfCode2 86')
  // The code pages with their demo pictures, served under the API base on the app's origin.
  const codePages = urls.filter((url) => url.pathname === '/repaymentOfCode')
  expect(
    codePages.map((url) => [url.searchParams.get('showType'), url.searchParams.get('payCodeImg')]),
  ).toEqual([
    ['1', `${DEFAULT_SETTINGS.apiBase}/repay-demo-images/7-eleven.svg`],
    ['2', `${DEFAULT_SETTINGS.apiBase}/repay-demo-images/qr-ph.svg`],
  ])
  for (const url of urls.filter((u) => u.pathname === '/legacyRepay'))
    expect(url.searchParams.get('amount')).toBe('1530.00')
})
