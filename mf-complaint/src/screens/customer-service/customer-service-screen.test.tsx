import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { apiPath, envelope, failure, readForm } from 'shared/mocks'
import type * as Navigation from 'shared/navigation'
import { mailTo } from 'shared/navigation'
import { createTestProps, renderWithUi, setupMswServer, TEST_SETTINGS } from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { CONTACT_INFO_PATH } from '../../api/contact-info'
import { MESSAGES } from '../../app/messages'
import { DEMO_CONTACT_INFO, handlers } from '../../mocks/handlers'
import { CustomerServiceScreen } from './customer-service-screen'

// jsdom cannot open a mail client; the shared helper is recorded instead.
vi.mock('shared/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof Navigation>()),
  mailTo: vi.fn(() => true),
}))

const server = setupMswServer(...handlers)
afterEach(() => {
  vi.mocked(mailTo).mockClear()
  server.events.removeAllListeners()
})

const m = MESSAGES.service

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
