import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { apiPath, envelope, failure, readForm } from 'shared/mocks'
import type * as Navigation from 'shared/navigation'
import { mailTo } from 'shared/navigation'
import { createTestProps, renderWithUi, setupMswServer, TEST_SETTINGS } from 'shared/testing'
import { clearToasts } from 'shared/ui'
import { afterEach, expect, test, vi } from 'vitest'
import { CONTACT_INFO_PATH } from '../../api/contact-info'
import { MESSAGES } from '../../content/messages'
import { DEMO_CONTACT_INFO, handlers } from '../../mocks/handlers'
import { CustomerServiceScreen } from './customer-service-screen'

// jsdom cannot open a mail client; the shared helper is recorded instead.
vi.mock('shared/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof Navigation>()),
  mailTo: vi.fn(() => true),
}))

const server = setupMswServer(...handlers)
const m = MESSAGES.service
const copyToast = (text: string) => text === m.copied || text === m.copyFailed
afterEach(async () => {
  vi.mocked(mailTo).mockClear()
  vi.restoreAllMocks()
  server.events.removeAllListeners()
  act(() => clearToasts())
  await waitFor(() => expect(screen.queryByText(copyToast)).not.toBeInTheDocument())
})

function renderService() {
  const props = createTestProps({ screen: 'customerService' })
  renderWithUi(<CustomerServiceScreen {...props} />)
  return props
}

const row = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}`) })

test('asks contact-kf-info with overall=30 and shows Telephone and E-Mail from the server', async () => {
  const bodies: Record<string, string>[] = []
  server.events.on('request:start', ({ request }) => {
    void readForm(request.clone()).then((body) => bodies.push(body))
  })
  renderService()
  expect(screen.getByRole('status')).toBeInTheDocument()
  await screen.findByText(DEMO_CONTACT_INFO.smWa)
  expect(row(m.telephone)).toHaveTextContent(DEMO_CONTACT_INFO.smWa)
  expect(row(m.email)).toHaveTextContent(DEMO_CONTACT_INFO.email)
  expect(bodies).toEqual([{ overall: '30' }])
})

test('tapping Telephone asks the app to dial the number', async () => {
  const user = userEvent.setup()
  const props = renderService()
  await screen.findByText(DEMO_CONTACT_INFO.smWa)
  await user.click(row(m.telephone))
  expect(props.bridgeCalls).toEqual([{ action: 'callTelephone', payload: [DEMO_CONTACT_INFO.smWa] }])
})

test('tapping E-Mail opens the mail client', async () => {
  const user = userEvent.setup()
  renderService()
  await screen.findByText(DEMO_CONTACT_INFO.email)
  await user.click(row(m.email))
  expect(mailTo).toHaveBeenCalledTimes(1)
  expect(mailTo).toHaveBeenCalledWith(window.location, DEMO_CONTACT_INFO.email)
})

test('without a server phone or e-mail the settings stand in', async () => {
  const user = userEvent.setup()
  server.use(http.post(apiPath(CONTACT_INFO_PATH), () => envelope({ email: 12, smWa: '' })))
  const props = renderService()
  expect(await screen.findByText(TEST_SETTINGS.servicePhone)).toBeInTheDocument()
  expect(row(m.email)).toHaveTextContent(TEST_SETTINGS.serviceEmail)
  await user.click(row(m.telephone))
  expect(props.bridgeCalls).toEqual([{ action: 'callTelephone', payload: [TEST_SETTINGS.servicePhone] }])
})

test.each([
  ['missing', {}],
  ['empty', { email: '' }],
  ['blank', { email: '  ' }],
  ['null', { email: null }],
  ['not an address', { email: 'Service unavailable' }],
])('a server e-mail that is %s: the settings e-mail, the server phone, no error', async (_case, contact) => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  server.use(http.post(apiPath(CONTACT_INFO_PATH), () => envelope({ ...contact, smWa: '+63 2 8700 1234' })))
  renderService()
  expect(await screen.findByText('+63 2 8700 1234')).toBeInTheDocument()
  expect(row(m.email)).toHaveTextContent(TEST_SETTINGS.serviceEmail)
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
})

test('a failed call shows Try again and keeps the rows usable with the settings', async () => {
  const user = userEvent.setup()
  server.use(http.post(apiPath(CONTACT_INFO_PATH), () => failure('Service is busy'), { once: true }))
  renderService()
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('Service is busy')
  expect(row(m.telephone)).toHaveTextContent(TEST_SETTINGS.servicePhone)
  await user.click(within(alert).getByRole('button', { name: MESSAGES.common.retry }))
  expect(await screen.findByText(DEMO_CONTACT_INFO.smWa)).toBeInTheDocument()
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
})

test.each([
  ['the server', { email: 'help@cashloan' }, TEST_SETTINGS],
  ['the settings', { email: '' }, { ...TEST_SETTINGS, serviceEmail: 'help@cashloan' }],
])(
  "an address from %s that opens no mail client shows as text to copy: a tap copies it, 'copy success'",
  async (_source, contact, settings) => {
    const user = userEvent.setup()
    server.use(http.post(apiPath(CONTACT_INFO_PATH), () => envelope({ ...contact, smWa: '+63 2 8700 1234' })))
    const props = createTestProps({ screen: 'customerService', settings })
    renderWithUi(<CustomerServiceScreen {...props} />)
    await screen.findByText('+63 2 8700 1234')
    const email = row(m.email)
    expect(email).toHaveTextContent('help@cashloan')
    expect(email).toHaveAccessibleName(`${m.email} help@cashloan ${m.copy}`)
    await user.click(email)
    expect(await screen.findByText(m.copied)).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe('help@cashloan')
    expect(mailTo).not.toHaveBeenCalled()
  },
)

test('where nothing can be copied, the tap says to write the address down', async () => {
  const user = userEvent.setup()
  server.use(http.post(apiPath(CONTACT_INFO_PATH), () => envelope({ email: 'help@cashloan', smWa: '' })))
  vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'))
  renderService()
  await screen.findByText('help@cashloan')
  await user.click(row(m.email))
  expect(await screen.findByText(m.copyFailed)).toBeInTheDocument()
  expect(screen.queryByText(m.copied)).not.toBeInTheDocument()
})

test('an address that opens a mail client has no Copy hint and copies nothing', async () => {
  const user = userEvent.setup()
  renderService()
  await screen.findByText(DEMO_CONTACT_INFO.email)
  expect(row(m.email)).toHaveAccessibleName(`${m.email} ${DEMO_CONTACT_INFO.email}`)
  await user.click(row(m.email))
  expect(mailTo).toHaveBeenCalledTimes(1)
  expect(screen.queryByText(m.copied)).not.toBeInTheDocument()
})
