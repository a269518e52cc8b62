import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { http as mswHttp } from 'msw'
import { MESSAGES as HTTP_MESSAGES } from 'shared/http'
import { apiPath, envelope, failure } from 'shared/mocks'
import {
  createTestProps,
  setupMswServer,
  type TestProps,
  UNKNOWN_OUTCOME_ANSWERS,
  withShortTimeouts,
} from 'shared/testing'
import { afterEach, expect, test } from 'vitest'
import { BIND_CARD_PATH, CARD_INIT_PATH } from '../../api/paths'
import { mountBindcard } from '../../testing/mount-bindcard'
import { handlers } from '../../mocks/handlers'
import { BIND_FAILURE_MESSAGE, listBinds, resetStore } from '../../mocks/store'

const server = setupMswServer(...handlers)
afterEach(resetStore)

async function renderScreen(query: Record<string, string> = {}, options: { shortTimeouts?: boolean } = {}) {
  const created = createTestProps({ screen: 'bindBank', query })
  // Calls give up after TEST_TIMEOUT_MS: a timeout a test can wait for.
  const props = options.shortTimeouts ? withShortTimeouts(created) : created
  const user = userEvent.setup()
  const view = mountBindcard(props)
  await screen.findByRole('tablist', { name: 'Card type' })
  return { props, user, view }
}

function shownFields(): string[] {
  const form = screen.getByRole('form', { name: 'Payment account information' })
  return [...form.querySelectorAll('label')].map((label) => label.textContent ?? '')
}

async function pick(user: UserEvent, field: string, choices: string[], action: 'Confirm' | 'Cancel') {
  await user.click(screen.getByRole('button', { name: field }))
  const dialog = await screen.findByRole('dialog', { name: field })
  for (const choice of choices) await user.click(within(dialog).getByRole('radio', { name: choice }))
  await user.click(within(dialog).getByRole('button', { name: action }))
}

/** Fills the bank-card tab: every visible field. */
async function fillBankCard(user: UserEvent, cardNo = '4111111111111111') {
  await user.click(screen.getByRole('tab', { name: 'Bank card' }))
  await pick(user, 'Bank', ['Metrobank'], 'Confirm')
  await user.type(screen.getByLabelText('Bank card number'), cardNo)
  await pick(user, 'City of residence', ['Metro Manila', 'Makati'], 'Confirm')
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-05-17' } })
  await user.type(screen.getByLabelText('ZIP code'), '1100')
}

test('the bank flow is bracketed: startBank on mount, endBank on leaving', async () => {
  const { props, view } = await renderScreen()
  expect(props.bridgeCalls.map((call) => call.action)).toEqual(['startBank'])
  view.unmount()
  expect(props.bridgeCalls.map((call) => call.action)).toEqual(['startBank', 'endBank'])
})

test('card type 1 first, channel 90006 first: its items and those for every type', async () => {
  await renderScreen()
  expect(screen.getByRole('heading', { name: 'Payment account information' })).toBeInTheDocument()
  expect(screen.getByRole('tab', { name: 'E-wallet' })).toHaveAttribute('aria-selected', 'true')
  expect(screen.getByRole('tab', { name: 'Bank card' })).toHaveAttribute('aria-selected', 'false')
  expect(screen.getByRole('radio', { name: 'GCash' })).toHaveAttribute('aria-checked', 'true')
  expect(shownFields()).toEqual(['GCash number', 'City of residence', 'Date of birth', 'ZIP code'])
})

test('the channel picker filters card type 1 by channel', async () => {
  const { user } = await renderScreen()
  await user.click(screen.getByRole('radio', { name: 'Maya' }))
  expect(screen.getByRole('radio', { name: 'Maya' })).toHaveAttribute('aria-checked', 'true')
  expect(shownFields()).toEqual(['Maya number', 'City of residence', 'Date of birth', 'ZIP code'])
})

test('another card-type tab shows its items, without the channel picker', async () => {
  const { user } = await renderScreen()
  await user.click(screen.getByRole('tab', { name: 'Bank card' }))
  expect(screen.getByRole('tab', { name: 'Bank card' })).toHaveAttribute('aria-selected', 'true')
  expect(screen.queryByRole('radiogroup', { name: 'Channel' })).not.toBeInTheDocument()
  expect(shownFields()).toEqual([
    'Bank',
    'Bank card number',
    'City of residence',
    'Date of birth',
    'ZIP code',
  ])
})

test('text inputs keep digits only: phone capped at 11 as 3-4-4, bank card in 4s, number digits', async () => {
  const { user } = await renderScreen()
  await user.type(screen.getByLabelText('GCash number'), 'a0917-123 4567 89')
  expect(screen.getByLabelText('GCash number')).toHaveValue('091 7123 4567')
  await user.type(screen.getByLabelText('ZIP code'), '1x1-00')
  expect(screen.getByLabelText('ZIP code')).toHaveValue('1100')
  await user.click(screen.getByRole('tab', { name: 'Bank card' }))
  await user.type(screen.getByLabelText('Bank card number'), '4111-1111 1111 1111 12')
  expect(screen.getByLabelText('Bank card number')).toHaveValue('4111 1111 1111 1111 12')
})

test('enum: a single-choice picker; Cancel keeps the value, Confirm takes the choice', async () => {
  const { user } = await renderScreen()
  await user.click(screen.getByRole('tab', { name: 'Bank card' }))
  expect(screen.getByRole('button', { name: 'Bank' })).toHaveTextContent('Choose your bank')
  await pick(user, 'Bank', ['BDO Unibank'], 'Cancel')
  expect(screen.getByRole('button', { name: 'Bank' })).toHaveTextContent('Choose your bank')
  await pick(user, 'Bank', ['BDO Unibank', 'Metrobank'], 'Confirm')
  expect(screen.getByRole('button', { name: 'Bank' })).toHaveTextContent('Metrobank')
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bank' })).not.toBeInTheDocument())
})

test('city select: province, then a city of it', async () => {
  const { user } = await renderScreen()
  await user.click(screen.getByRole('button', { name: 'City of residence' }))
  const dialog = await screen.findByRole('dialog', { name: 'City of residence' })
  const cities = within(dialog).getByRole('radiogroup', { name: 'City' })
  expect(within(cities).queryAllByRole('radio')).toHaveLength(0)
  expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled()
  await user.click(within(dialog).getByRole('radio', { name: 'Cebu' }))
  expect(
    within(cities)
      .getAllByRole('radio')
      .map((r) => r.textContent),
  ).toEqual(['Cebu City', 'Mandaue'])
  await user.click(within(dialog).getByRole('radio', { name: 'Mandaue' }))
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
  expect(screen.getByRole('button', { name: 'City of residence' })).toHaveTextContent('Cebu, Mandaue')
})

test('day: a date picker whose value is YYYY-MM-DD', async () => {
  await renderScreen()
  const day = screen.getByLabelText('Date of birth')
  expect(day).toHaveAttribute('type', 'date')
  fireEvent.change(day, { target: { value: '1990-05-17' } })
  expect(day).toHaveValue('1990-05-17')
})

test('day: empty, the field shows its placeholder, not the engine’s own date; chosen, the date alone', async () => {
  await renderScreen()
  const day = screen.getByLabelText('Date of birth')
  // Engines ignore a date field's placeholder attribute: WebKit paints today's date in grey instead.
  expect(screen.getByText('YYYY-MM-DD')).toBeVisible()
  expect(day).toHaveAccessibleDescription('YYYY-MM-DD')
  fireEvent.change(day, { target: { value: '1990-05-17' } })
  expect(screen.queryByText('YYYY-MM-DD')).not.toBeInTheDocument()
  expect(day).toHaveAccessibleDescription('')
  fireEvent.change(day, { target: { value: '' } })
  expect(screen.getByText('YYYY-MM-DD')).toBeVisible()
})

test('Next with an empty visible field names it and calls nothing', async () => {
  const { user } = await renderScreen()
  await user.type(screen.getByLabelText('GCash number'), '09171234567')
  await user.click(screen.getByRole('button', { name: 'Next' }))
  expect(await screen.findByText('Please fill in City of residence')).toBeInTheDocument()
  expect(listBinds()).toHaveLength(0)
})

test('Next binds once per tap: one entry per visible code, product_id and the card type; then closes', async () => {
  const { props, user } = await renderScreen({ productId: '3' })
  await fillBankCard(user)
  await user.dblClick(screen.getByRole('button', { name: 'Next' }))
  await waitFor(() => expect(props.bridgeCalls.map((call) => call.action)).toContain('closeWebview'))
  expect(listBinds()).toEqual([
    {
      path: '/v3/bind-card/bind-card-new',
      body: {
        bankCode: 'MBTC',
        cardNo: '4111111111111111',
        city: 'Metro Manila, Makati',
        birthday: '1990-05-17',
        zipCode: '1100',
        product_id: '3',
        cardType: '2',
      },
    },
  ])
  expect(props.navigate).not.toHaveBeenCalled()
})

test('the e-wallet on its channel sends that channel’s number, digits only', async () => {
  const { props, user } = await renderScreen()
  await user.click(screen.getByRole('radio', { name: 'Maya' }))
  await user.type(screen.getByLabelText('Maya number'), '09181234567')
  await pick(user, 'City of residence', ['Davao del Sur', 'Davao City'], 'Confirm')
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1988-01-02' } })
  await user.type(screen.getByLabelText('ZIP code'), '8000')
  await user.click(screen.getByRole('button', { name: 'Next' }))
  await waitFor(() => expect(props.bridgeCalls.map((call) => call.action)).toContain('closeWebview'))
  expect(listBinds()[0].body).toEqual({
    mayaPhone: '09181234567',
    city: 'Davao del Sur, Davao City',
    birthday: '1988-01-02',
    zipCode: '8000',
    product_id: '1',
    cardType: '1',
  })
})

test('from loan detail: the card-change path, then the order page with the carried query', async () => {
  const { props, user } = await renderScreen({ source: 'loanDetail', productId: '1', orderId: '86' })
  await fillBankCard(user)
  await user.click(screen.getByRole('button', { name: 'Next' }))
  await waitFor(() => expect(props.navigate).toHaveBeenCalledTimes(1))
  expect(props.navigate).toHaveBeenCalledWith('/order?source=loanDetail&productId=1&orderId=86', {
    replace: true,
  })
  expect(listBinds().map((bind) => bind.path)).toEqual(['/v3/provider/card-change'])
  expect(props.bridgeCalls.map((call) => call.action)).not.toContain('closeWebview')
})

test('from loan detail: the order page gets the same order, whichever way the route names it', async () => {
  const { props, user } = await renderScreen({ source: 'loanDetail', product_id: ' 5', orderId: '91 ' })
  await fillBankCard(user)
  await user.click(screen.getByRole('button', { name: 'Next' }))
  await waitFor(() => expect(props.navigate).toHaveBeenCalledTimes(1))
  expect(props.navigate).toHaveBeenCalledWith('/order?source=loanDetail&productId=5&orderId=91', {
    replace: true,
  })
  expect(listBinds()[0].body.product_id).toBe('5')
})

test("the route's productId is the one submitted, not the session's", async () => {
  const { props, user } = await renderScreen({ productId: '7' })
  await fillBankCard(user)
  await user.click(screen.getByRole('button', { name: 'Next' }))
  await waitFor(() => expect(props.bridgeCalls.map((call) => call.action)).toContain('closeWebview'))
  expect(props.session.globals.productId).toBe('1')
  expect(listBinds()[0].body.product_id).toBe('7')
})

test('a refused bind shows the server message and keeps every value typed', async () => {
  const { props, user } = await renderScreen()
  await fillBankCard(user, '4111111111110000')
  await user.click(screen.getByRole('button', { name: 'Next' }))
  expect(await screen.findByText(BIND_FAILURE_MESSAGE)).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
  expect(screen.getByLabelText('Bank card number')).toHaveValue('4111 1111 1111 0000')
  expect(screen.getByRole('button', { name: 'Bank' })).toHaveTextContent('Metrobank')
  expect(screen.getByRole('button', { name: 'City of residence' })).toHaveTextContent('Metro Manila, Makati')
  expect(screen.getByLabelText('Date of birth')).toHaveValue('1990-05-17')
  expect(screen.getByLabelText('ZIP code')).toHaveValue('1100')
  expect(props.bridgeCalls.map((call) => call.action)).toEqual(['startBank'])
  expect(listBinds()).toHaveLength(0)
})

test.each(UNKNOWN_OUTCOME_ANSWERS)(
  'a bind that ends with %s: the outcome is unknown, every value is kept, and the next tap sends the same key',
  async (_, answer) => {
    const keys: (string | null)[] = []
    server.use(
      mswHttp.post(apiPath(BIND_CARD_PATH), ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'))
        return keys.length === 1 ? answer() : envelope(null)
      }),
    )
    const { props, user } = await renderScreen({}, { shortTimeouts: true })
    await fillBankCard(user)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText(HTTP_MESSAGES.unknownOutcome)).toBeInTheDocument()
    expect(props.bridgeCalls.map((call) => call.action)).toEqual(['startBank'])
    expect(screen.getByLabelText('Bank card number')).toHaveValue('4111 1111 1111 1111')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(props.bridgeCalls.map((call) => call.action)).toContain('closeWebview'))
    expect(keys).toHaveLength(2)
    expect(keys[0]).toBeTruthy()
    expect(keys[1]).toBe(keys[0])
  },
)

test('a failed load says so in place of the form, and Try again loads it', async () => {
  server.use(
    mswHttp.post(apiPath(CARD_INIT_PATH), () => failure('Demo: the form could not be loaded.'), {
      once: true,
    }),
  )
  const props: TestProps = createTestProps({ screen: 'bindBank' })
  const user = userEvent.setup()
  mountBindcard(props)
  expect(await screen.findByText('Demo: the form could not be loaded.')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByLabelText('GCash number')).toBeInTheDocument()
})
