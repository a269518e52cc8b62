import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http as mswHttp, HttpResponse } from 'msw'
import { MESSAGES as HTTP_MESSAGES } from 'shared/http'
import { apiPath, envelope, failure } from 'shared/mocks'
import {
  createTestProps,
  TEST_SESSION,
  UNKNOWN_OUTCOME_ANSWERS,
  withShortTimeouts,
  unformattedValues,
} from 'shared/testing'
import { expect, test, vi } from 'vitest'
import { GENERATE_VCODE_PATH, LOAN_PLAY_DETAIL_PATH } from '../../api/paths'
import { mountRepay } from '../../testing/mount-repay'
import { REPAY_INFO_KEY } from '../../components/repay-info'
import { DEMO_INSTALMENTS, realisticInstalment, SCENARIOS, testPictures } from '../../mocks/demo-data'
import { listPays } from '../../mocks/store'
import { visits } from 'shared/testing/recorded-navigation'
import { expectIncompleteLinkWithoutCall } from '../../testing/incomplete-link'
import { DEMO_SETTINGS, setupScreenServer } from '../../testing/screen-server'

vi.mock('shared/navigation', () => import('shared/testing/recorded-navigation'))

const server = setupScreenServer()

async function renderRepay(orderId: string = SCENARIOS.full, options: { shortTimeouts?: boolean } = {}) {
  const created = createTestProps({
    screen: 'repay',
    query: { productId: '1', orderId },
    settings: DEMO_SETTINGS,
  })
  // Calls give up after TEST_TIMEOUT_MS: a timeout a test can wait for.
  const props = options.shortTimeouts ? withShortTimeouts(created) : created
  const user = userEvent.setup()
  mountRepay(props)
  await screen.findByRole('heading', { name: /^₱/ })
  return { props, user }
}

async function openPicker(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Payment Method' }))
  return screen.getByRole('dialog', { name: 'Payment Method' })
}

function detailTerms(): string[] {
  const list = screen.getByRole('region', { name: 'Repayment details' })
  return [...list.querySelectorAll('dt')].map((dt) => dt.textContent ?? '')
}

test('a skeleton shows while the repayment loads', async () => {
  server.use(
    mswHttp.post(apiPath(LOAN_PLAY_DETAIL_PATH), async () => {
      await delay(50)
      return envelope(DEMO_INSTALMENTS[SCENARIOS.full])
    }),
  )
  mountRepay(createTestProps({ screen: 'repay', query: { orderId: SCENARIOS.full } }))
  expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument()
  expect(await screen.findByRole('heading', { name: '₱1.530,00' })).toBeInTheDocument()
  expect(screen.queryByRole('status', { name: 'Loading...' })).not.toBeInTheDocument()
})

test('the title block shows the amount and date; the product its name and logo', async () => {
  await renderRepay()
  expect(screen.getByText('2026-12-15')).toBeInTheDocument()
  expect(screen.getByText('Peso Flex')).toBeInTheDocument()
  expect(screen.getByRole('img', { name: 'Peso Flex logo' })).toBeInTheDocument()
  expect(screen.getByText('Payments made after 22:00 are credited the next day.')).toBeInTheDocument()
})

test("the detail list shows 2 rows; 'more' shows them all and 'hide' collapses it again", async () => {
  const { user } = await renderRepay()
  expect(detailTerms()).toEqual(['Loan amount', 'Interest'])
  await user.click(screen.getByRole('button', { name: 'more' }))
  expect(detailTerms()).toEqual(['Loan amount', 'Interest', 'Service fee', 'Term'])
  await user.click(screen.getByRole('button', { name: 'hide' }))
  expect(detailTerms()).toEqual(['Loan amount', 'Interest'])
})

test("a list of 2 rows or fewer has no 'more'", async () => {
  server.use(
    mswHttp.post(apiPath(LOAN_PLAY_DETAIL_PATH), () =>
      envelope({
        ...DEMO_INSTALMENTS[SCENARIOS.full],
        detail: DEMO_INSTALMENTS[SCENARIOS.full].detail.slice(0, 2),
      }),
    ),
  )
  await renderRepay()
  expect(detailTerms()).toEqual(['Loan amount', 'Interest'])
  expect(screen.queryByRole('button', { name: 'more' })).not.toBeInTheDocument()
})

test('the guidance banner shows when isShowReyTop is 1 and leads to the payment instructions', async () => {
  const { props, user } = await renderRepay()
  await user.click(screen.getByRole('button', { name: 'How to repay? Read the payment instructions' }))
  expect(props.navigate).toHaveBeenCalledWith('/paymentInstructions')
})

test('the banner shows for isShowReyTop 1 only: 2 (or any other value) is no banner', async () => {
  server.use(
    mswHttp.post(apiPath(LOAN_PLAY_DETAIL_PATH), () =>
      envelope({ ...DEMO_INSTALMENTS[SCENARIOS.full], isShowReyTop: 2 }),
    ),
  )
  await renderRepay()
  expect(screen.queryByRole('button', { name: /payment instructions/ })).not.toBeInTheDocument()
})

test('no banner and no pay-code box when isShowReyTop is 0 and the pay code is empty', async () => {
  await renderRepay(SCENARIOS.plain)
  expect(screen.queryByRole('button', { name: /payment instructions/ })).not.toBeInTheDocument()
  expect(screen.queryByText('Pay code')).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Copy Pay code' })).not.toBeInTheDocument()
})

test("the pay-code box shows the logo, title and code; Copy puts the code on the clipboard: 'copy success'", async () => {
  const { user } = await renderRepay()
  const box = screen.getByRole('region', { name: 'Pay with your Peso Flex code' })
  expect(within(box).getByText('PF8600123456')).toBeInTheDocument()
  expect(box.querySelector('img')).not.toBeNull()
  await user.click(within(box).getByRole('button', { name: 'Copy Pay code' }))
  expect(await screen.findByText('copy success')).toBeInTheDocument()
  expect(await navigator.clipboard.readText()).toBe('PF8600123456')
})

test('the pay-code box leads to the code page, which gets what this page stored', async () => {
  const { props, user } = await renderRepay()
  await user.click(screen.getByRole('button', { name: 'How to pay with this code' }))
  expect(props.navigate).toHaveBeenCalledWith('/repaymentOfCode2')
  const stored = JSON.parse(window.sessionStorage.getItem(REPAY_INFO_KEY) ?? 'null')
  // With the order it belongs to: the code page shows it for that order only.
  expect(stored).toMatchObject({ productId: '1', orderId: '86', payCode: 'PF8600123456', amount: '1530.00' })
  expect(stored.notices.map((group: { group: string }) => group.group)).toEqual([
    'E-wallet',
    'Over the counter',
  ])
})

test("'Payment Method' opens the channels (logo, name) with the first one chosen", async () => {
  const { user } = await renderRepay()
  const picker = await openPicker(user)
  const channels = within(picker).getAllByRole('radio')
  expect(channels.map((c) => c.textContent)).toEqual(['GCash', '7-Eleven', 'QR Ph'])
  expect(channels.map((c) => c.getAttribute('aria-checked'))).toEqual(['true', 'false', 'false'])
  expect(channels.every((c) => c.querySelector('img'))).toBe(true)
  await user.click(within(picker).getByRole('radio', { name: 'QR Ph' }))
  expect(within(picker).getByRole('radio', { name: 'QR Ph' })).toHaveAttribute('aria-checked', 'true')
  await user.click(within(picker).getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  // Opened again, it starts from the first channel.
  expect(within(await openPicker(user)).getByRole('radio', { name: 'GCash' })).toHaveAttribute(
    'aria-checked',
    'true',
  )
})

test('paying sends one money call for the chosen channel and opens the payUrl through the guard', async () => {
  const { user } = await renderRepay()
  const picker = await openPicker(user)
  await user.click(within(picker).getByRole('button', { name: 'Pay now' }))
  await waitFor(() => expect(visits).toHaveLength(1))
  expect(visits[0]).toEqual({
    url: 'https://pay.cashloan-demo.ph/checkout?order=86&channel=GCASH&amount=1530.00',
    replace: false,
  })
  expect(listPays()).toHaveLength(1)
  expect(listPays()[0].form).toEqual({
    productId: '1',
    orderId: '86',
    amount: '1530.00',
    channelNumber: 'GCASH',
  })
  expect(listPays()[0].key).toBeTruthy()
  // The page is leaving: no second payment from it.
  expect(within(picker).getByRole('button', { name: 'Opening the payment page...' })).toBeDisabled()
})

test('back from the payment page (restored from the cache), the borrower can pay again', async () => {
  const { user } = await renderRepay()
  await user.click(within(await openPicker(user)).getByRole('button', { name: 'Pay now' }))
  await waitFor(() => expect(visits).toHaveLength(1))
  act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  await user.click(within(await openPicker(user)).getByRole('button', { name: 'Pay now' }))
  await waitFor(() => expect(visits).toHaveLength(2))
  expect(listPays()).toHaveLength(2)
})

test('a pay answer without a payUrl is reported and opens nothing', async () => {
  server.use(mswHttp.post(apiPath(GENERATE_VCODE_PATH), () => envelope({ payUrl: '' })))
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const { user } = await renderRepay()
  await user.click(within(await openPicker(user)).getByRole('button', { name: 'Pay now' }))
  expect(
    await screen.findByText('The server sent an unexpected response. Please try again later.'),
  ).toBeInTheDocument()
  expect(visits).toHaveLength(0)
  warn.mockRestore()
})

test('a payUrl on the app opens in the app (a code page)', async () => {
  const { props, user } = await renderRepay()
  const picker = await openPicker(user)
  await user.click(within(picker).getByRole('radio', { name: '7-Eleven' }))
  await user.click(within(picker).getByRole('button', { name: 'Pay now' }))
  await waitFor(() => expect(props.navigate).toHaveBeenCalledTimes(1))
  expect(props.navigate.mock.calls[0][0]).toMatch(/^\/repaymentOfCode\?showType=1&payCode=7E860042&/)
  expect(listPays()[0].form.channelNumber).toBe('SEVEN')
})

test('a payUrl the guard refuses is toasted and the borrower can choose again', async () => {
  server.use(
    mswHttp.post(apiPath(GENERATE_VCODE_PATH), () => envelope({ payUrl: 'https://evil.example/pay' })),
  )
  const { user } = await renderRepay()
  const picker = await openPicker(user)
  await user.click(within(picker).getByRole('button', { name: 'Pay now' }))
  expect(await screen.findByText('This link cannot be opened.')).toBeInTheDocument()
  expect(visits).toHaveLength(0)
  expect(within(picker).getByRole('button', { name: 'Pay now' })).toBeEnabled()
})

test("a refused payment shows the server's message; nothing is retried and the borrower may try again", async () => {
  const { user } = await renderRepay(SCENARIOS.failingPay)
  const picker = await openPicker(user)
  await user.click(within(picker).getByRole('button', { name: 'Pay now' }))
  expect(await screen.findByText('Demo: this channel is not available right now.')).toBeInTheDocument()
  expect(listPays()).toHaveLength(1)
  expect(visits).toHaveLength(0)
  expect(within(picker).getByRole('button', { name: 'Pay now' })).toBeEnabled()
})

test('a payment whose answer never came says the outcome is unknown and points at the order', async () => {
  const { props, user } = await renderRepay(SCENARIOS.failingPay)
  const picker = await openPicker(user)
  await user.click(within(picker).getByRole('radio', { name: 'Demo: no answer' }))
  await user.click(within(picker).getByRole('button', { name: 'Pay now' }))
  const alert = await screen.findByRole('alert')
  const unknown = 'We could not confirm the result. Please check your order status before trying again.'
  expect(alert).toHaveTextContent(unknown)
  expect(screen.queryByText(/failed/i)).not.toBeInTheDocument()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  // Never retried automatically.
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(listPays()).toHaveLength(1)
  await user.click(within(alert).getByRole('button', { name: 'Check my order status' }))
  expect(props.navigate).toHaveBeenCalledWith('/loanDetails?productId=1&orderId=89')
})

test('a dropped connection is an unknown outcome too', async () => {
  server.use(mswHttp.post(apiPath(GENERATE_VCODE_PATH), () => HttpResponse.error()))
  const { user } = await renderRepay()
  const picker = await openPicker(user)
  await user.click(within(picker).getByRole('button', { name: 'Pay now' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('We could not confirm the result.')
})

test.each(UNKNOWN_OUTCOME_ANSWERS)(
  'a payment that ends with %s: the outcome is unknown, it points at the order, and the next tap sends the same key',
  async (_, answer) => {
    const keys: (string | null)[] = []
    server.use(
      mswHttp.post(apiPath(GENERATE_VCODE_PATH), ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'))
        return keys.length === 1 ? answer() : failure('Demo: declined.', '01')
      }),
    )
    const { user } = await renderRepay(SCENARIOS.full, { shortTimeouts: true })
    const picker = await openPicker(user)
    await user.click(within(picker).getByRole('button', { name: 'Pay now' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('We could not confirm the result. Please check your order status')
    expect(within(alert).getByRole('button', { name: 'Check my order status' })).toBeInTheDocument()
    expect(visits).toHaveLength(0)
    await user.click(within(await openPicker(user)).getByRole('button', { name: 'Pay now' }))
    await waitFor(() => expect(keys).toHaveLength(2))
    expect(keys[0]).toBeTruthy()
    expect(keys[1]).toBe(keys[0])
  },
)

test('a mistyped API base: the page leaves its skeleton with a clear message and Try again, and nothing throws', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const settings = { ...DEMO_SETTINGS, apiBase: 'https://api example.com/utilities' }
  mountRepay(createTestProps({ screen: 'repay', query: { orderId: '86' }, settings }))
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent(HTTP_MESSAGES.notSent)
  expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled()
  expect(screen.queryByRole('status', { name: 'Loading...' })).not.toBeInTheDocument()
  errors.mockRestore()
})

test('ten fast taps on pay send one request', async () => {
  let requests = 0
  server.use(
    mswHttp.post(apiPath(GENERATE_VCODE_PATH), async () => {
      requests += 1
      await delay(30)
      return failure('Demo: declined.', '01')
    }),
  )
  const { user } = await renderRepay()
  const picker = await openPicker(user)
  const pay = within(picker).getByRole('button', { name: 'Pay now' })
  for (let i = 0; i < 10; i++) pay.click()
  await screen.findByText('Demo: declined.')
  expect(requests).toBe(1)
  await user.click(within(picker).getByRole('button', { name: 'Pay now' }))
  await waitFor(() => expect(requests).toBe(2))
})

test('a failed load shows the message and Try again loads it again', async () => {
  server.use(
    mswHttp.post(apiPath(LOAN_PLAY_DETAIL_PATH), () => failure('Demo: this repayment could not be loaded.'), {
      once: true,
    }),
  )
  const props = createTestProps({ screen: 'repay', query: { orderId: SCENARIOS.full } })
  const user = userEvent.setup()
  mountRepay(props)
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('Demo: this repayment could not be loaded.')
  await user.click(within(alert).getByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('heading', { name: '₱1.530,00' })).toBeInTheDocument()
})

test('a malformed channel is left out; the rest still pay', async () => {
  server.use(
    mswHttp.post(apiPath(LOAN_PLAY_DETAIL_PATH), () =>
      envelope({
        ...DEMO_INSTALMENTS[SCENARIOS.full],
        repayList: [{ name: 'Broken' }, ...DEMO_INSTALMENTS[SCENARIOS.full].repayList],
      }),
    ),
  )
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const { user } = await renderRepay()
  const picker = await openPicker(user)
  expect(
    within(picker)
      .getAllByRole('radio')
      .map((c) => c.textContent),
  ).toEqual(['GCash', '7-Eleven', 'QR Ph'])
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('repayList[0]'))
  warn.mockRestore()
})

test('without an order in the link or the session: the incomplete-link message, and no call', async () => {
  const props = createTestProps({
    screen: 'repay',
    query: { productId: '1' },
    session: { ...TEST_SESSION, globals: { productId: '1' } },
  })
  await expectIncompleteLinkWithoutCall(props)
  expect(window.sessionStorage.getItem(REPAY_INFO_KEY)).toBeNull()
})

/** The realistic answer (README: orderId=realistic) with `changes`, logos on an image CDN's https origin. */
function answerWith(changes: Record<string, unknown>) {
  server.use(
    mswHttp.post(apiPath(LOAN_PLAY_DETAIL_PATH), () =>
      envelope({ ...realisticInstalment(testPictures), ...changes }),
    ),
  )
}

test('the product, pay-code and channel logos come from any https origin; one that fails is a grey box', async () => {
  answerWith({})
  const { user } = await renderRepay()
  const logo = screen.getByRole('img', { name: 'Peso Cash logo' })
  expect(logo).toHaveAttribute('src', testPictures('Peso Cash', ''))
  expect(document.querySelector('.repay-code__logo')).toHaveAttribute('src', testPictures('Peso Cash', ''))
  // Logos never compete with the screen's code and calls for the link (issue #31).
  expect(logo).toHaveAttribute('fetchpriority', 'low')
  expect(document.querySelector('.repay-code__logo')).toHaveAttribute('fetchpriority', 'low')
  fireEvent.error(logo)
  const box = screen.getByRole('img', { name: 'Peso Cash logo' })
  expect(box.tagName).toBe('SPAN')
  expect(box).toHaveClass('repay-product__logo')
  const picker = await openPicker(user)
  const logos = [...picker.querySelectorAll('.repay-channel__logo')]
  expect(logos.map((l) => l.getAttribute('src'))).toEqual(
    ['GCash', '7-Eleven', 'QR Ph'].map((name) => testPictures(name, '')),
  )
  for (const l of logos) expect(l).toHaveAttribute('fetchpriority', 'low')
})

test('logos that may not show (http, inline, none) are grey boxes of the same size, never broken images', async () => {
  answerWith({
    productLogo: 'http://insecure.example/logo.png',
    defDetail: { ...realisticInstalment(testPictures).defDetail, logo: 'data:image/png;base64,AAAA' },
    repayList: [
      { logo: 'javascript:alert(1)', name: 'GCash', channel_number: 'GCASH' },
      { name: '7-Eleven', channel_number: 'SEVEN' },
    ],
  })
  const { user } = await renderRepay()
  await openPicker(user)
  expect(document.querySelector('img')).toBeNull()
  for (const className of ['repay-product__logo', 'repay-code__logo', 'repay-channel__logo']) {
    const boxes = document.querySelectorAll(`.${className}`)
    expect(boxes.length).toBeGreaterThan(0)
    for (const box of boxes) expect(box).toHaveAttribute('data-server-image', 'placeholder')
  }
  expect(screen.getByText('PC20261215042')).toBeInTheDocument()
})

test.each([
  [5000, '₱5.000,00', '5000'],
  ['1530.00', '₱1.530,00', '1530.00'],
  ['1,530.00', '₱1.530,00', '1,530.00'],
])(
  'repayAmount %j (pesos) shows as %s and is sent back as the server gave it',
  async (repayAmount, shown, sent) => {
    answerWith({ repayAmount })
    const props = createTestProps({
      screen: 'repay',
      query: { productId: '1', orderId: SCENARIOS.realistic },
      settings: DEMO_SETTINGS,
    })
    const user = userEvent.setup()
    mountRepay(props)
    expect(await screen.findByRole('heading', { name: shown })).toBeInTheDocument()
    await user.click(within(await openPicker(user)).getByRole('button', { name: 'Pay now' }))
    await waitFor(() => expect(listPays()).toHaveLength(1))
    expect(listPays()[0].form.amount).toBe(sent)
  },
)

const DUE = new Date(2026, 11, 15, 12)

test.each([
  ['unix seconds', DUE.getTime() / 1000],
  ['unix seconds as digits', String(DUE.getTime() / 1000)],
  ['milliseconds', DUE.getTime()],
  ['an ISO date-time', '2026-12-15T12:00:00'],
  ['YYYY-MM-DD', '2026-12-15'],
])('repayDate as %s shows as YYYY-MM-DD', async (_, repayDate) => {
  answerWith({ repayDate })
  await renderRepay()
  expect(screen.getByText('Repayment date', { exact: false })).toHaveTextContent('Repayment date: 2026-12-15')
  expect(unformattedValues(document.body)).toEqual([])
})

test('detail values as the server writes them: money in the peso format, dates as YYYY-MM-DD, words as they are', async () => {
  answerWith({})
  const { user } = await renderRepay()
  await user.click(screen.getByRole('button', { name: 'more' }))
  const list = screen.getByRole('region', { name: 'Repayment details' })
  expect([...list.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
    '₱1.500,00',
    '₱30,00',
    '2026-12-15',
    '91 days',
    '2026-09-15',
  ])
})

test('an isShowReyTop the spec does not name is no banner, and is logged once', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  answerWith({ isShowReyTop: 'yes' })
  await renderRepay()
  expect(screen.queryByRole('button', { name: /payment instructions/ })).not.toBeInTheDocument()
  expect(warn).toHaveBeenCalledWith('Unknown isShowReyTop: "yes"; showing the default.')
  warn.mockRestore()
})
