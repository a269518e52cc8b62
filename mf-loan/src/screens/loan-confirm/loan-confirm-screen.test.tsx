import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { MESSAGES as HTTP_MESSAGES } from 'shared/http'
import { apiPath, envelope, failure, readForm } from 'shared/mocks'
import type * as Schema from 'shared/schema'
import { warnUnknown } from 'shared/schema'
import {
  createTestProps,
  renderWithUi,
  TEST_SETTINGS,
  UNKNOWN_OUTCOME_ANSWERS,
  withShortTimeouts,
} from 'shared/testing'
import { expect, test, vi } from 'vitest'
import { CONFIRM_PATHS } from '../../api/loan-confirm'
import { CONFIRM_MESSAGES, MESSAGES } from '../../content/messages'
import {
  CODE_01_MESSAGE,
  CONFIRM_LINKS,
  CONFIRM_SCENARIOS,
  demoConfirmations,
  LOAD_FAILED,
  PUSH_REFUSED,
  V2_EXTRA,
} from '../../mocks/confirm'
import {
  DEMO_AGREEMENT_HEADING,
  DEMO_AGREEMENT_PATH,
  TEST_AGREEMENT_URL,
} from '../../mocks/agreement-document'
import { testPictures } from '../../mocks/demo-images'
import { REFUSED_MESSAGE, visits } from 'shared/testing/recorded-navigation'
import { AGREEMENT_LOAD_MS } from './agreement-document'
import { LoanConfirmScreen, type LoanConfirmScreenProps } from './loan-confirm-screen'
import { setupScreenServer } from '../../testing/screen-server'

vi.mock('shared/navigation', () => import('shared/testing/recorded-navigation'))
vi.mock('shared/schema', async (importOriginal) => ({
  ...(await importOriginal<typeof Schema>()),
  warnUnknown: vi.fn(),
}))

const server = setupScreenServer()

const m = CONFIRM_MESSAGES
const DEMO_CONFIRMATIONS = demoConfirmations(testPictures, TEST_AGREEMENT_URL)
const V1 = CONFIRM_PATHS.v1
const V2 = CONFIRM_PATHS.v2
/** The demo deployment's link hosts, which the demo's links use. */
const DEMO_SETTINGS = {
  ...TEST_SETTINGS,
  allowedHosts: ['contracts.cashloan-demo.ph', 'partners.cashloan-demo.ph'],
}

interface Rendered extends ReturnType<typeof createTestProps> {
  /** The app's back action (`window.LoanShell.onNativeBack()`): true when the page handled it. */
  back: () => boolean
}

function renderConfirm(
  productId: string,
  options: {
    variant?: LoanConfirmScreenProps['variant']
    byPeriod?: boolean
    query?: Record<string, string>
    /** Calls give up after TEST_TIMEOUT_MS (shared/testing), for a timeout a test waits for. */
    shortTimeouts?: boolean
  } = {},
): Rendered {
  const { variant = 'v1', byPeriod = false, query = {} } = options
  const created = createTestProps({
    screen: variant === 'v2' ? 'loanConfirmNew' : byPeriod ? 'confirmByPeriod' : 'loanConfirm',
    query: { productId, ...query },
    settings: DEMO_SETTINGS,
  })
  const props = options.shortTimeouts ? withShortTimeouts(created) : created
  const listeners: (() => boolean)[] = []
  const bridge = {
    ...props.bridge,
    onNativeBack: (listener: () => boolean) => {
      listeners.push(listener)
      return () => void listeners.splice(listeners.indexOf(listener), 1)
    },
  }
  renderWithUi(<LoanConfirmScreen {...props} bridge={bridge} variant={variant} byPeriod={byPeriod} />)
  // As the shell's bridge: the newest listener first; none that handled it means the app goes back itself.
  const back = () => {
    let handled = false
    act(() => {
      handled = listeners.toReversed().some((listener) => listener())
    })
    return handled
  }
  return { ...props, back }
}

interface Sent {
  method: string
  path: string
  params: Record<string, string>
  key: string | null
}

/** The calls sent from now on: method, path (under the API base), form body or GET parameters, and key. */
function sent(): Sent[] {
  const calls: Sent[] = []
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url)
    const entry: Sent = {
      method: request.method,
      path: url.pathname.replace('/utilities', ''),
      params: {},
      key: request.headers.get('Idempotency-Key'),
    }
    calls.push(entry)
    if (request.method === 'GET') {
      const params = Object.fromEntries(url.searchParams)
      // The session query every call carries is not what the screen chose.
      for (const name of ['appVersion', 'sessionId', 'deviceId']) delete params[name]
      entry.params = params
    } else void readForm(request.clone()).then((body) => (entry.params = body))
  })
  return calls
}

const loaded = () => screen.findByRole('heading', { name: m.title, level: 1 })
const nextButton = (name: string = m.next) => screen.getByRole('button', { name })

test('loads: a skeleton, then the amount, the term in days, the rate, the details and the plan', async () => {
  const calls = sent()
  renderConfirm(CONFIRM_SCENARIOS.standard)
  expect(screen.getByRole('status', { name: MESSAGES.common.loading })).toBeInTheDocument()
  await loaded()
  const head = screen.getByRole('region', { name: m.title })
  for (const [label, value] of [
    [m.amount, '₱5.000,00'],
    [m.term, '91 days'],
    [m.rate, '0.05%/day'],
  ]) {
    expect(within(head).getByText(label).nextElementSibling).toHaveTextContent(value)
  }
  const details = screen.getByRole('region', { name: m.details })
  expect(within(details).getByText('Service fee').nextElementSibling).toHaveTextContent('₱250,00')
  const plan = screen.getByRole('region', { name: m.plan })
  expect(within(plan).getByText(m.firstPayTime).nextElementSibling).toHaveTextContent('2027-02-22')
  expect(within(plan).getByText(m.firstPeriodDay).nextElementSibling).toHaveTextContent('91 days')
  const [period] = within(plan).getAllByRole('listitem')
  for (const text of ['Period 1', 'Principal and interest', '₱5.227,50', '2027-02-22'])
    expect(within(period).getByText(text)).toBeInTheDocument()
  expect(screen.queryByRole('status')).not.toBeInTheDocument()
  await waitFor(() =>
    expect(calls).toEqual([
      { method: 'POST', path: V1.detail, params: { productId: '1' }, key: null },
      { method: 'POST', path: V1.agreements, params: { productId: '1', scene: '3' }, key: null },
    ]),
  )
})

test('/confirmByPeriod reads the term by period from termUnit and lists every period', async () => {
  renderConfirm(CONFIRM_SCENARIOS.byPeriod, { byPeriod: true })
  await loaded()
  const head = screen.getByRole('region', { name: m.title })
  expect(within(head).getByText(m.term).nextElementSibling).toHaveTextContent('3 months')
  expect(within(head).getByText(m.amount).nextElementSibling).toHaveTextContent('₱12.000,00')
  const plan = screen.getByRole('region', { name: m.plan })
  expect(
    within(plan)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    'Period 1₱4.180,00Principal and interest2027-01-23',
    'Period 2₱4.180,00Principal and interest2027-02-23',
    'Period 3₱4.180,00Principal and interest2027-03-23',
  ])
  expect(within(plan).getByText(m.firstPeriodDay).nextElementSibling).toHaveTextContent('31 days')
})

test('/confirmByPeriod: a termUnit the page does not know reads as periods', async () => {
  server.use(
    http.post(apiPath(V1.detail), () =>
      envelope({ ...DEMO_CONFIRMATIONS[CONFIRM_SCENARIOS.byPeriod], termUnit: 9 }),
    ),
  )
  renderConfirm(CONFIRM_SCENARIOS.byPeriod, { byPeriod: true })
  await loaded()
  const head = screen.getByRole('region', { name: m.title })
  expect(within(head).getByText(m.term).nextElementSibling).toHaveTextContent('3 periods')
})

test('the agreement box starts ticked; unticked, Next is grey and inactive and sends nothing', async () => {
  const user = userEvent.setup()
  renderConfirm(CONFIRM_SCENARIOS.standard)
  await loaded()
  const box = screen.getByRole('checkbox', { name: m.agree })
  expect(box).toBeChecked()
  expect(nextButton()).toBeEnabled()
  const calls = sent()
  await user.click(box)
  expect(nextButton()).toBeDisabled()
  expect(nextButton()).toHaveClass('is-grey')
  await user.click(nextButton())
  expect(calls).toEqual([])
  await user.click(box)
  expect(nextButton()).toBeEnabled()
  expect(nextButton()).not.toHaveClass('is-grey')
})

test('an agreement title asks contract-jump for its link (position, orderId) and opens it through the guard', async () => {
  const user = userEvent.setup()
  renderConfirm(CONFIRM_SCENARIOS.standard, { query: { orderId: '77' } })
  await loaded()
  const calls = sent()
  const agreements = screen.getByRole('region', { name: m.agreements })
  await user.click(within(agreements).getByRole('button', { name: 'Privacy Agreement' }))
  await waitFor(() => expect(visits).toEqual([{ url: CONFIRM_LINKS.agreement('1'), replace: false }]))
  expect(calls).toEqual([
    {
      method: 'POST',
      path: V1.agreementLink,
      params: { productId: '1', scene: '3', position: '1', orderId: '77' },
      key: null,
    },
  ])
})

test('an agreement link to a host the deployment does not allow is refused with a toast', async () => {
  const user = userEvent.setup()
  server.use(
    http.post(apiPath(V1.agreementLink), () => envelope({ contract_url: 'https://evil.example.com/x' })),
  )
  renderConfirm(CONFIRM_SCENARIOS.standard)
  await loaded()
  await user.click(screen.getByRole('button', { name: 'Loan Agreement' }))
  expect(await screen.findByText('This link cannot be opened.')).toBeInTheDocument()
  expect(visits).toEqual([])
})

test('Next pushes the loan with an Idempotency-Key and replaces the page with lendDetailsUrl, the carried query and from=confirm', async () => {
  const user = userEvent.setup()
  renderConfirm(CONFIRM_SCENARIOS.standard, {
    // A session parameter never travels to another origin.
    query: { orderId: '77', utm_source: 'sms', sessionId: 'secret' },
  })
  await loaded()
  const calls = sent()
  await user.click(nextButton())
  await waitFor(() =>
    expect(visits).toEqual([
      {
        url: `${CONFIRM_LINKS.lendDetails}?productId=1&orderId=77&utm_source=sms&from=confirm`,
        replace: true,
      },
    ]),
  )
  expect(calls).toEqual([
    {
      method: 'POST',
      path: V1.push,
      params: { productId: '1', amount: '5000', periods: '91', termUnit: '1' },
      key: expect.stringMatching(/.+/) as string,
    },
  ])
})

test('a double tap on Next sends one request', async () => {
  const user = userEvent.setup()
  renderConfirm(CONFIRM_SCENARIOS.standard)
  await loaded()
  const calls = sent()
  await user.dblClick(nextButton())
  await waitFor(() => expect(visits).toHaveLength(1))
  expect(calls.filter((call) => call.path === V1.push)).toHaveLength(1)
})

test("a refused push shows the server's message; the page stays and Next works again", async () => {
  const user = userEvent.setup()
  renderConfirm(CONFIRM_SCENARIOS.pushFailure)
  await loaded()
  await user.click(nextButton())
  expect(await screen.findByText(PUSH_REFUSED)).toBeInTheDocument()
  expect(visits).toEqual([])
  expect(nextButton()).toBeEnabled()
})

test('a push without an answer says the outcome is unknown; the retry carries the same Idempotency-Key', async () => {
  const user = userEvent.setup()
  renderConfirm(CONFIRM_SCENARIOS.pushTimeout)
  await loaded()
  const calls = sent()
  await user.click(nextButton())
  expect(await screen.findByText(HTTP_MESSAGES.unknownOutcome)).toBeInTheDocument()
  expect(visits).toEqual([])
  await user.click(nextButton())
  await waitFor(() => expect(calls).toHaveLength(2))
  expect(calls[1].key).toBe(calls[0].key)
})

test.each(UNKNOWN_OUTCOME_ANSWERS)(
  'a push that ends with %s: the outcome is unknown, the page stays, and the next tap sends the same key',
  async (_, answer) => {
    let pushes = 0
    server.use(
      http.post(apiPath(V1.push), () => (++pushes === 1 ? answer() : envelope({ lendDetailsUrl: '' }))),
    )
    const user = userEvent.setup()
    renderConfirm(CONFIRM_SCENARIOS.standard, { shortTimeouts: true })
    await loaded()
    const calls = sent()
    await user.click(nextButton())
    expect(await screen.findByText(HTTP_MESSAGES.unknownOutcome)).toBeInTheDocument()
    expect(visits).toEqual([])
    expect(nextButton()).toBeEnabled()
    await user.click(nextButton())
    await waitFor(() => expect(calls.filter((call) => call.path === V1.push)).toHaveLength(2))
    const [first, second] = calls.filter((call) => call.path === V1.push)
    expect(first.key).toBeTruthy()
    expect(second.key).toBe(first.key)
  },
)

/** Closes v2's promotional pop-up, which comes first; returns 'Next' as the variant names it. */
async function readyToPush(
  user: ReturnType<typeof userEvent.setup>,
  variant: LoanConfirmScreenProps['variant'],
): Promise<string> {
  if (variant === 'v1') {
    await loaded()
    return m.next
  }
  const promotion = await screen.findByRole('dialog', { name: m.promotion.title })
  await user.click(within(promotion).getByRole('button', { name: m.promotion.close }))
  return V2_EXTRA.buttonMsg
}

test.each([
  ['v1', 'a host the guard refuses', 'https://evil.com/lend'],
  ['v1', 'a script', 'javascript:alert(1)'],
  ['v1', 'no link', ''],
  ['v2', 'a host the guard refuses', 'https://evil.com/lend'],
  ['v2', 'no link', ''],
] as const)(
  '%s: a push that succeeds with %s is done: the borrower is told the loan was received and Next never pushes again',
  async (variant, _, lendDetailsUrl) => {
    const user = userEvent.setup()
    server.use(http.post(apiPath(CONFIRM_PATHS[variant].push), () => envelope({ lendDetailsUrl })))
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    renderConfirm(CONFIRM_SCENARIOS.standard, { variant })
    const next = await readyToPush(user, variant)
    const calls = sent()
    await user.click(nextButton(next))
    expect(await screen.findByRole('status')).toHaveTextContent(m.received)
    expect(nextButton(next)).toBeDisabled()
    // Unticking and ticking again does not make it a new loan.
    const box = screen.getByRole('checkbox', { name: m.agree })
    await user.click(box)
    await user.click(box)
    expect(nextButton(next)).toBeDisabled()
    await user.click(nextButton(next))
    act(() => nextButton(next).click())
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls.filter((call) => call.path === CONFIRM_PATHS[variant].push)).toHaveLength(1)
    expect(visits).toEqual([])
  },
)

test('a push that succeeds with a native page key hands it to the app once; Next never pushes again', async () => {
  const user = userEvent.setup()
  server.use(http.post(apiPath(V1.push), () => envelope({ lendDetailsUrl: 'order' })))
  const props = renderConfirm(CONFIRM_SCENARIOS.standard)
  await loaded()
  const calls = sent()
  await user.dblClick(nextButton())
  expect(await screen.findByRole('status')).toHaveTextContent(m.received)
  expect(nextButton()).toBeDisabled()
  expect(props.bridgeCalls).toEqual([{ action: 'to', payload: ['order'] }])
  expect(calls.filter((call) => call.path === V1.push)).toHaveLength(1)
})

test('two taps on Next in one task push once and replace the page once', async () => {
  renderConfirm(CONFIRM_SCENARIOS.standard)
  await loaded()
  const calls = sent()
  const next = nextButton()
  act(() => {
    next.click()
    next.click()
  })
  await waitFor(() => expect(visits).toHaveLength(1))
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(visits).toEqual([{ url: `${CONFIRM_LINKS.lendDetails}?productId=1&from=confirm`, replace: true }])
  expect(calls.filter((call) => call.path === V1.push)).toHaveLength(1)
})

test('a product id from the route is trimmed in the calls and in the link that carries it on', async () => {
  const user = userEvent.setup()
  const calls = sent()
  renderConfirm(' 1 ')
  await loaded()
  await user.click(nextButton())
  await waitFor(() => expect(visits).toHaveLength(1))
  expect(visits[0].url).toBe(`${CONFIRM_LINKS.lendDetails}?productId=1&from=confirm`)
  expect(calls.map((call) => call.params.productId)).toEqual(['1', '1', '1'])
})

test('a double tap on an agreement opens it once', async () => {
  const user = userEvent.setup()
  renderConfirm(CONFIRM_SCENARIOS.standard)
  await loaded()
  const calls = sent()
  await user.dblClick(screen.getByRole('button', { name: 'Privacy Agreement' }))
  await waitFor(() => expect(visits).toHaveLength(1))
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(visits).toEqual([{ url: CONFIRM_LINKS.agreement('1'), replace: false }])
  expect(calls).toHaveLength(1)
})

test('a failed load shows its message and Try again, which loads the page', async () => {
  const user = userEvent.setup()
  renderConfirm(CONFIRM_SCENARIOS.loadFailure)
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent(LOAD_FAILED)
  server.use(http.post(apiPath(V1.detail), () => envelope(DEMO_CONFIRMATIONS[CONFIRM_SCENARIOS.standard])))
  await user.click(within(alert).getByRole('button', { name: MESSAGES.common.retry }))
  expect(await loaded()).toBeInTheDocument()
})

test('agreements that fail to load fail the page: nothing to agree to', async () => {
  server.use(http.post(apiPath(V1.agreements), () => failure('Demo: no agreements.')))
  renderConfirm(CONFIRM_SCENARIOS.standard)
  expect(await screen.findByRole('alert')).toHaveTextContent('Demo: no agreements.')
  expect(screen.queryByRole('button', { name: m.next })).not.toBeInTheDocument()
})

/** Answers v1's detail with the agreement pop-up's product, its `popAgreementUrl` being `url`. */
function agreementAt(url: unknown) {
  const loan = DEMO_CONFIRMATIONS[CONFIRM_SCENARIOS.agreementPopup]
  server.use(http.post(apiPath(V1.detail), () => envelope({ ...loan, popAgreementUrl: url })))
}

function renderAgreementAt(url: unknown) {
  agreementAt(url)
  return renderConfirm(CONFIRM_SCENARIOS.agreementPopup)
}

async function agreementPopup() {
  return screen.findByRole('dialog', { name: m.agreementPopup.title })
}

test('the full-screen agreement pop-up shows the agreement itself in a frame, Cancel and Agree below it (issue #40)', async () => {
  const user = userEvent.setup()
  agreementAt(TEST_AGREEMENT_URL)
  renderConfirm(CONFIRM_SCENARIOS.agreementPopup)
  const dialog = await agreementPopup()
  expect(dialog.parentElement).toHaveClass('loan-modal--full')
  const frame = within(dialog).getByTitle(m.agreementPopup.document)
  expect(frame.tagName).toBe('IFRAME')
  expect(frame).toHaveAttribute('src', TEST_AGREEMENT_URL)
  // It keeps its own origin and scripts; it can never open windows or take this page away.
  expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin')
  expect(within(dialog).getByRole('status')).toHaveTextContent(m.agreementPopup.loading)
  fireEvent.load(frame)
  expect(within(dialog).queryByRole('status')).not.toBeInTheDocument()
  expect(within(dialog).queryByText(m.agreementPopup.text)).not.toBeInTheDocument()
  expect(within(dialog).queryByRole('button', { name: m.agreementPopup.read })).not.toBeInTheDocument()
  expect(within(dialog).getByRole('button', { name: m.agreementPopup.cancel })).toBeVisible()
  await user.click(within(dialog).getByRole('button', { name: m.agreementPopup.agree }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(nextButton()).toBeEnabled()
  expect(visits).toEqual([])
})

test("the demo's agreement is framed from the demo's second origin, where the demo serves it", async () => {
  renderConfirm(CONFIRM_SCENARIOS.agreementPopup)
  const frame = within(await agreementPopup()).getByTitle(m.agreementPopup.document)
  const src = new URL(frame.getAttribute('src')!)
  expect(src.pathname).toBe(`/utilities${DEMO_AGREEMENT_PATH}`)
  expect(src.hostname).toBe(window.location.hostname === 'localhost' ? '127.0.0.1' : 'localhost')
  const document = await fetch(src)
  expect(document.headers.get('content-type')).toContain('text/html')
  expect(await document.text()).toContain(`<h1>${DEMO_AGREEMENT_HEADING}</h1>`)
})

test.each([
  ['a host the deployment does not allow', 'https://evil.example/agreement'],
  ['plain http', 'http://contracts.cashloan-demo.ph/loan-agreement'],
  ['a script', 'javascript:alert(1)'],
  ['a native page key', 'productDetail'],
])('an agreement at %s is not framed: the pop-up offers its link (the guard decides)', async (_, url) => {
  const user = userEvent.setup()
  const props = renderAgreementAt(url)
  const dialog = await agreementPopup()
  expect(within(dialog).queryByTitle(m.agreementPopup.document)).not.toBeInTheDocument()
  expect(within(dialog).getByText(m.agreementPopup.text)).toBeInTheDocument()
  await user.click(within(dialog).getByRole('button', { name: m.agreementPopup.read }))
  if (url === 'productDetail') {
    expect(props.bridgeCalls).toEqual([{ action: 'to', payload: ['productDetail'] }])
  } else {
    expect(await screen.findByText(REFUSED_MESSAGE)).toBeInTheDocument()
  }
  expect(visits).toEqual([])
  expect(within(dialog).getByRole('button', { name: m.agreementPopup.agree })).toBeVisible()
})

test("an agreement on the app's own origin is not framed (its pages refuse it): the link opens it in the app", async () => {
  const user = userEvent.setup()
  const props = renderAgreementAt(`${window.location.origin}/loanAgreement`)
  const dialog = await agreementPopup()
  expect(within(dialog).queryByTitle(m.agreementPopup.document)).not.toBeInTheDocument()
  await user.click(within(dialog).getByRole('button', { name: m.agreementPopup.read }))
  expect(props.navigate).toHaveBeenCalledWith('/loanAgreement', { replace: undefined })
})

test('a frame the CSP refuses gives way to the link; another violation changes nothing', async () => {
  agreementAt(TEST_AGREEMENT_URL)
  renderConfirm(CONFIRM_SCENARIOS.agreementPopup)
  const dialog = await agreementPopup()
  const violation = (effectiveDirective: string, blockedURI: string) =>
    act(() => {
      document.dispatchEvent(
        Object.assign(new Event('securitypolicyviolation'), { effectiveDirective, blockedURI }),
      )
    })
  violation('img-src', 'https://contracts.cashloan-demo.ph/logo.png')
  violation('frame-src', 'https://elsewhere.example/x')
  expect(within(dialog).getByTitle(m.agreementPopup.document)).toBeInTheDocument()
  violation('frame-src', TEST_AGREEMENT_URL)
  expect(within(dialog).queryByTitle(m.agreementPopup.document)).not.toBeInTheDocument()
  expect(within(dialog).getByRole('button', { name: m.agreementPopup.read })).toBeInTheDocument()
  expect(within(dialog).getByRole('button', { name: m.agreementPopup.cancel })).toBeInTheDocument()
})

test(`an agreement not loaded after ${AGREEMENT_LOAD_MS / 1000} s adds its link beside the frame, until it loads`, async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  try {
    agreementAt(TEST_AGREEMENT_URL)
    renderConfirm(CONFIRM_SCENARIOS.agreementPopup)
    const dialog = await agreementPopup()
    const frame = within(dialog).getByTitle(m.agreementPopup.document)
    act(() => {
      vi.advanceTimersByTime(AGREEMENT_LOAD_MS - 100)
    })
    expect(within(dialog).queryByRole('button', { name: m.agreementPopup.read })).not.toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(100)
    })
    expect(within(dialog).getByText(m.agreementPopup.slow)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: m.agreementPopup.read })).toBeInTheDocument()
    expect(frame).toBeInTheDocument()
    fireEvent.load(frame)
    expect(within(dialog).queryByRole('button', { name: m.agreementPopup.read })).not.toBeInTheDocument()
  } finally {
    vi.useRealTimers()
  }
})

test("the agreement pop-up's Cancel closes the web view", async () => {
  const user = userEvent.setup()
  const props = renderConfirm(CONFIRM_SCENARIOS.agreementPopup)
  const dialog = await screen.findByRole('dialog', { name: m.agreementPopup.title })
  await user.click(within(dialog).getByRole('button', { name: m.agreementPopup.cancel }))
  expect(props.bridgeCalls).toEqual([{ action: 'closeWebview', payload: [''] }])
})

test('without popAgreementUrl there is no pop-up', async () => {
  renderConfirm(CONFIRM_SCENARIOS.standard)
  await loaded()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test("isPopType 1: the app's back shows 'Point out'; Agree stays, Cancel leaves", async () => {
  const user = userEvent.setup()
  const props = renderConfirm(CONFIRM_SCENARIOS.backIntercept)
  await loaded()
  // The screen listens for the app's back in an effect, which can run after the heading shows; until then
  // the back is the app's own (false) and changes nothing, so asking again is safe.
  await vi.waitFor(() => expect(props.back()).toBe(true))
  const dialog = await screen.findByRole('dialog', { name: m.pointOut.title })
  expect(within(dialog).getByText('Your loan is almost ready')).toBeInTheDocument()
  expect(within(dialog).getByText(/Do you want to stay\?/)).toBeInTheDocument()
  await user.click(within(dialog).getByRole('button', { name: m.pointOut.agree }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(props.bridgeCalls).toEqual([])

  expect(props.back()).toBe(true)
  await user.click(screen.getByRole('button', { name: m.pointOut.cancel }))
  expect(props.bridgeCalls).toEqual([{ action: 'closeWebview', payload: [''] }])
})

test.each([0, 2, -1])("isPopType %j: the app's back is not intercepted", async (isPopType) => {
  server.use(
    http.post(apiPath(V1.detail), () =>
      envelope({ ...DEMO_CONFIRMATIONS[CONFIRM_SCENARIOS.backIntercept], isPopType }),
    ),
  )
  const props = renderConfirm(CONFIRM_SCENARIOS.backIntercept)
  await loaded()
  expect(props.back()).toBe(false)
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test("v2: the /v4 calls, buttonMsg as Next's text and popMsg's pop-up", async () => {
  const user = userEvent.setup()
  const calls = sent()
  renderConfirm(CONFIRM_SCENARIOS.standard, { variant: 'v2', query: { orderId: '77' } })
  const promotion = await screen.findByRole('dialog', { name: m.promotion.title })
  expect(within(promotion).getByText(V2_EXTRA.popMsg)).toBeInTheDocument()
  await user.click(within(promotion).getByRole('button', { name: m.promotion.close }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: m.next })).not.toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: 'Loan Agreement' }))
  await waitFor(() => expect(visits).toHaveLength(1))
  await user.click(nextButton(V2_EXTRA.buttonMsg))
  await waitFor(() => expect(visits).toHaveLength(2))
  expect(visits[1]).toEqual({
    url: `${CONFIRM_LINKS.lendDetails}?productId=1&orderId=77&from=confirm`,
    replace: true,
  })
  expect(calls.map(({ method, path, params }) => ({ method, path, params }))).toEqual([
    { method: 'POST', path: V2.detail, params: { productId: '1' } },
    { method: 'GET', path: V2.agreements, params: { productId: '1', scene: '3' } },
    {
      method: 'GET',
      path: V2.agreementLink,
      params: { productId: '1', scene: '3', position: '0', orderId: '77' },
    },
    {
      method: 'POST',
      path: V2.push,
      params: { productId: '1', amount: '5000', periods: '91', termUnit: '1' },
    },
  ])
})

test("v2: a detail answered with a code other than '00' shows the server's message", async () => {
  renderConfirm(CONFIRM_SCENARIOS.serverCode, { variant: 'v2' })
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent(CODE_01_MESSAGE)
  expect(within(alert).getByRole('button', { name: MESSAGES.common.retry })).toBeInTheDocument()
})

test("v2: a push answered with a code other than '00' shows the server's message", async () => {
  const user = userEvent.setup()
  renderConfirm(CONFIRM_SCENARIOS.pushFailure, { variant: 'v2' })
  await user.click(
    within(await screen.findByRole('dialog', { name: m.promotion.title })).getByRole('button', {
      name: m.promotion.close,
    }),
  )
  await user.click(nextButton(V2_EXTRA.buttonMsg))
  expect(await screen.findByText(PUSH_REFUSED)).toBeInTheDocument()
  expect(visits).toEqual([])
})

test('v2 without buttonMsg or popMsg: Next and no pop-up', async () => {
  server.use(http.post(apiPath(V2.detail), () => envelope(DEMO_CONFIRMATIONS[CONFIRM_SCENARIOS.standard])))
  renderConfirm(CONFIRM_SCENARIOS.standard, { variant: 'v2' })
  await loaded()
  expect(nextButton()).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test('v1 ignores buttonMsg and popMsg', async () => {
  server.use(
    http.post(apiPath(V1.detail), () =>
      envelope({ ...DEMO_CONFIRMATIONS[CONFIRM_SCENARIOS.standard], ...V2_EXTRA }),
    ),
  )
  renderConfirm(CONFIRM_SCENARIOS.standard)
  await loaded()
  expect(nextButton()).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test('a malformed amount makes the confirmation unusable: the page says so', async () => {
  server.use(
    http.post(apiPath(V1.detail), () =>
      envelope({ ...DEMO_CONFIRMATIONS[CONFIRM_SCENARIOS.standard], amount: null }),
    ),
  )
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  renderConfirm(CONFIRM_SCENARIOS.standard)
  expect(await screen.findByRole('alert')).toHaveTextContent('The server sent an unexpected response')
})

/** Answers the v1 confirmation with the standard demo one changed by `changes`. */
function confirmWith(changes: Record<string, unknown>) {
  server.use(
    http.post(apiPath(V1.detail), () =>
      envelope({ ...DEMO_CONFIRMATIONS[CONFIRM_SCENARIOS.standard], ...changes }),
    ),
  )
}

// Issue #25, item 3: money is read as pesos (README.md, Calls), whatever its JSON type.
test.each([5000, '5000', '5000.00', ' 5000.00 ', '5,000.00', '₱5,000.00'])(
  'A ₱5,000 loan never shows as ₱50,00 (amount %j); the push sends the amount exactly as the server sent it',
  async (amount) => {
    const user = userEvent.setup()
    confirmWith({ amount })
    renderConfirm(CONFIRM_SCENARIOS.standard)
    await loaded()
    const head = screen.getByRole('region', { name: m.title })
    expect(within(head).getByText(m.amount).nextElementSibling?.textContent).toBe('₱5.000,00')
    expect(screen.queryByText(/₱50,00/)).not.toBeInTheDocument()
    const calls = sent()
    await user.click(nextButton())
    await waitFor(() => expect(calls.filter((call) => call.path === V1.push)).toHaveLength(1))
    await waitFor(() => expect(calls[0].params.amount).toBe(String(amount)))
  },
)

test.each(['To be confirmed', 'abc', '', null, true])(
  'an amount that is no amount (%j) makes the confirmation unusable: nothing wrong is taken',
  async (amount) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    confirmWith({ amount })
    renderConfirm(CONFIRM_SCENARIOS.standard)
    expect(await screen.findByRole('alert')).toHaveTextContent('The server sent an unexpected response')
  },
)

test.each<[unknown, string]>([
  [5227.5, '₱5.227,50'],
  ['5227.50', '₱5.227,50'],
  ['5,227.50', '₱5.227,50'],
  ['₱5227.50', '₱5.227,50'],
  [522750, '₱522.750,00'],
  ['To be confirmed', 'To be confirmed'],
])('a repayment plan amount %j is pesos: %s', async (amount, shown) => {
  confirmWith({
    repay_plans: [{ title: 'Period 1', description: '', amount, pay_time: '2027-02-23' }],
  })
  renderConfirm(CONFIRM_SCENARIOS.standard)
  await loaded()
  const plan = screen.getByRole('region', { name: m.plan })
  expect(plan.querySelector('.loan-plan__amount')?.textContent).toBe(shown)
})

test.each<[unknown, string]>([
  ['250.00', '₱250,00'],
  ['₱4,750.00', '₱4.750,00'],
  ['₱250,00', '₱250,00'],
  ['0.05% / day', '0.05% / day'],
  ['91 days', '91 days'],
])('a detail line %j shows as %s', async (value, shown) => {
  confirmWith({ details: [{ text: 'Line', value }] })
  renderConfirm(CONFIRM_SCENARIOS.standard)
  await loaded()
  expect(screen.getByText('Line').nextElementSibling?.textContent).toBe(shown)
})

// Issue #25, item 4: dates as timestamps, ISO or YYYY-MM-DD all show as YYYY-MM-DD.
const NOON_UTC = 1803384000 // 2027-02-23T12:00:00Z: the same day in any time zone from UTC-11 to UTC+11.

test.each<[string, unknown]>([
  ['unix seconds', NOON_UTC],
  ['unix seconds as digits', String(NOON_UTC)],
  ['milliseconds', NOON_UTC * 1000],
  ['milliseconds as digits', String(NOON_UTC * 1000)],
  ['an ISO date-time', '2027-02-23T12:00:00Z'],
  ['a date', '2027-02-23'],
])('firstPayTime and pay_time as %s show as YYYY-MM-DD', async (_, date) => {
  confirmWith({
    firstPayTime: date,
    repay_plans: [{ title: 'Period 1', description: '', amount: '5227.50', pay_time: date }],
  })
  renderConfirm(CONFIRM_SCENARIOS.standard)
  await loaded()
  const plan = screen.getByRole('region', { name: m.plan })
  expect(within(plan).getByText(m.firstPayTime).nextElementSibling?.textContent).toBe('2027-02-23')
  expect(plan.querySelector('.loan-plan__time')?.textContent).toBe('2027-02-23')
})

test('a date the server writes as text shows as it is; a number that is no date shows no raw digits', async () => {
  confirmWith({
    firstPayTime: 'To be confirmed',
    repay_plans: [{ title: 'Period 1', description: '', amount: '5227.50', pay_time: '2027-13-45' }],
  })
  renderConfirm(CONFIRM_SCENARIOS.standard)
  await loaded()
  const plan = screen.getByRole('region', { name: m.plan })
  expect(within(plan).getByText(m.firstPayTime).nextElementSibling?.textContent).toBe('To be confirmed')
  expect(plan.querySelector('.loan-plan__time')?.textContent).toBe('')
})

// Issue #25, item 2: the confirmation's logo.
test('the confirmation logo on another https origin shows; one that cannot show or fails is a box of its size', async () => {
  confirmWith({ comProductLogo: 'https://img.lender-cdn.example/cashloan.png' })
  renderConfirm(CONFIRM_SCENARIOS.standard)
  await loaded()
  const head = screen.getByRole('region', { name: m.title })
  const logo = head.querySelector('img.loan-card__logo')
  expect(logo).toHaveAttribute('src', 'https://img.lender-cdn.example/cashloan.png')
  // Issue #31: a logo never competes with the screen's code and calls (Lighthouse counted it in the LCP).
  expect(logo).toHaveAttribute('fetchpriority', 'low')
  fireEvent.error(logo!)
  expect(head.querySelector('img')).toBeNull()
  expect(head.querySelector('[data-server-image="placeholder"]')).toHaveClass('loan-card__logo')
})

test.each(['http://img.lender-cdn.example/cashloan.png', 'data:image/png;base64,AAAA', ''])(
  'a confirmation logo that cannot show (%j) is a neutral box of the logo size',
  async (comProductLogo) => {
    confirmWith({ comProductLogo })
    renderConfirm(CONFIRM_SCENARIOS.standard)
    await loaded()
    const head = screen.getByRole('region', { name: m.title })
    expect(head.querySelector('img')).toBeNull()
    expect(head.querySelector('[data-server-image="placeholder"]')).toHaveClass('loan-card__logo')
  },
)

// Issue #25, item 9: an unknown termUnit.
test('/confirmByPeriod: an unknown termUnit reads as periods and is logged once', async () => {
  server.use(
    http.post(apiPath(V1.detail), () =>
      envelope({ ...DEMO_CONFIRMATIONS[CONFIRM_SCENARIOS.byPeriod], termUnit: 'W' }),
    ),
  )
  renderConfirm(CONFIRM_SCENARIOS.byPeriod, { byPeriod: true })
  await loaded()
  expect(screen.getByText(m.term).nextElementSibling).toHaveTextContent('3 periods')
  expect(warnUnknown).toHaveBeenCalledExactlyOnceWith('termUnit', 'W')
})

test.each(['1', '2', '3'])('/confirmByPeriod: termUnit %s is known: nothing is logged', async (termUnit) => {
  server.use(
    http.post(apiPath(V1.detail), () =>
      envelope({ ...DEMO_CONFIRMATIONS[CONFIRM_SCENARIOS.byPeriod], termUnit }),
    ),
  )
  renderConfirm(CONFIRM_SCENARIOS.byPeriod, { byPeriod: true })
  await loaded()
  expect(warnUnknown).not.toHaveBeenCalled()
})
