import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { Settings } from 'shared/contract'
import { apiPath, envelope, failure } from 'shared/mocks'
import { createTestProps, setupMswServer, TEST_SETTINGS } from 'shared/testing'
import { clearToasts } from 'shared/ui'
import { afterEach, expect, test, vi } from 'vitest'
import { mountSite } from '../../testing/mount-site'
import { handlers } from '../../mocks/handlers'
import { FORMERLY_INVENTED, TEST_LENDER } from '../../mocks/lender-settings'

const server = setupMswServer(...handlers)
const CONTACT = apiPath('/v3/personal-center/contact-kf-info')

const FAILURE_TEXT =
  /Service unavailable|Network error|unexpected response|copy success|Copying is not possible/

afterEach(async () => {
  server.events.removeAllListeners()
  vi.restoreAllMocks()
  vi.useRealTimers()
  act(() => clearToasts())
  await waitFor(() => expect(screen.queryByText(FAILURE_TEXT)).not.toBeInTheDocument())
})

function renderFooter(hash = '', settings: Settings = { ...TEST_SETTINGS, ...TEST_LENDER }) {
  const props = createTestProps({ screen: 'site', hash, settings })
  const post = vi.spyOn(props.http, 'post')
  mountSite(props)
  /** Resolves once the footer has received and handled the contact call's result. */
  const settled = async () => {
    expect(post).toHaveBeenCalledTimes(1)
    await act(async () => {
      await post.mock.results[0].value
    })
  }
  return { footer: within(screen.getByRole('contentinfo')), settled }
}

test('starts with the settings contact details, then shows the server ones', async () => {
  const bodies: string[] = []
  server.events.on('request:start', ({ request }) => {
    void request
      .clone()
      .text()
      .then((body) => bodies.push(body))
  })
  const { footer } = renderFooter()
  expect(footer.getByRole('link', { name: '+63 2 8888 0000' })).toHaveAttribute('href', 'tel:+63288880000')
  expect(footer.getByRole('link', { name: 'support@cashloan.example' })).toBeInTheDocument()

  expect(await footer.findByRole('link', { name: '+63 917 555 0100' })).toHaveAttribute(
    'href',
    'tel:+639175550100',
  )
  expect(footer.getByRole('link', { name: 'support@cashloan-demo.ph' })).toHaveAttribute(
    'href',
    'mailto:support@cashloan-demo.ph',
  )
  expect(footer.queryByText('+63 2 8888 0000')).not.toBeInTheDocument()
  expect(bodies).toEqual(['overall=30'])
})

test.each(['', 'about', 'contact', 'privacy', 'terms'])(
  'the section "%s" has the footer, with the lender of the deployment\'s settings',
  async (hash) => {
    const { footer } = renderFooter(hash)
    expect(footer.getByText('12 Test Street, Quezon City')).toBeInTheDocument()
    expect(
      footer.getByText('SEC Registration No. CS2024-77777 · Certificate of Authority No. 4242'),
    ).toBeInTheDocument()
    expect(footer.getByText(/^© \d{4} Kalesa Lending Corp\.$/)).toBeInTheDocument()
    expect(await footer.findByText('+63 917 555 0100')).toBeInTheDocument()
  },
)

test('the copyright follows the current year', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2031-03-15T08:00:00+08:00'))
  const { footer } = renderFooter()
  expect(footer.getByText('© 2031 Kalesa Lending Corp.')).toBeInTheDocument()
  await footer.findByText('+63 917 555 0100')
})

test('without the lender in the settings the footer leaves its details out and makes none up', async () => {
  const { footer, settled } = renderFooter('', TEST_SETTINGS)
  await settled()
  expect(footer.getAllByRole('term').map((term) => term.textContent)).toEqual(['Phone', 'E-mail'])
  expect(screen.getByRole('contentinfo')).not.toHaveTextContent(/SEC Registration|Authority|©|undefined/)
  expect(screen.getByRole('contentinfo')).not.toHaveTextContent(FORMERLY_INVENTED)
})

test('a registration number the settings give alone is shown alone', async () => {
  const { footer, settled } = renderFooter('', {
    ...TEST_SETTINGS,
    lenderSecRegistrationNo: TEST_LENDER.lenderSecRegistrationNo,
  })
  await settled()
  expect(footer.getByText('SEC Registration No. CS2024-77777')).toBeInTheDocument()
  expect(screen.getByRole('contentinfo')).not.toHaveTextContent(/Authority|©/)
})

test.each([
  ['a failure envelope', () => failure('Service unavailable')],
  ['an HTTP error', () => HttpResponse.json({ message: 'Service unavailable' }, { status: 502 })],
  ['a network error', () => HttpResponse.error()],
  ['no data', () => envelope(null)],
  ['data that is not an object', () => envelope('support@cashloan-demo.ph')],
  ['a list', () => envelope([{ email: 'other@cashloan.ph', smWa: '+63 917 000 0000' }])],
  ['fields of the wrong type', () => envelope({ email: 42, smWa: 639170000000 })],
  ['empty fields', () => envelope({ email: '  ', smWa: '' })],
  ['an e-mail that is not an address', () => envelope({ email: 'Service unavailable' })],
])('keeps the settings details, without a message, after %s', async (_case, respond) => {
  server.use(http.post(CONTACT, respond))
  const { footer, settled } = renderFooter()
  await settled()
  expect(footer.getByRole('link', { name: '+63 2 8888 0000' })).toBeInTheDocument()
  expect(footer.getByRole('link', { name: 'support@cashloan.example' })).toBeInTheDocument()
  // The call is silent: no toast reports its failure (given the time a toast would need to appear).
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  expect(screen.queryByText(FAILURE_TEXT)).not.toBeInTheDocument()
})

test('uses each server field that is usable and keeps the setting for the other', async () => {
  server.use(http.post(CONTACT, () => envelope({ smWa: ' +63 917 555 0199 ', email: null })))
  const { footer } = renderFooter()
  expect(await footer.findByRole('link', { name: '+63 917 555 0199' })).toBeInTheDocument()
  expect(footer.getByRole('link', { name: 'support@cashloan.example' })).toBeInTheDocument()
  await waitFor(() => expect(footer.queryByText('+63 2 8888 0000')).not.toBeInTheDocument())
})

test.each([
  ['a domain without a dot', 'help@cashloan'],
  ['a subject header', 'help@cashloan.ph?subject=Refund'],
])(
  "a server e-mail with %s is no mail link: a tap copies it and says 'copy success'",
  async (_case, address) => {
    const user = userEvent.setup()
    server.use(http.post(CONTACT, () => envelope({ email: address, smWa: '+63 917 555 0100' })))
    const { footer } = renderFooter()
    const copy = await footer.findByRole('button', { name: `${address} Copy` })
    expect(footer.queryByRole('link', { name: address })).not.toBeInTheDocument()
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull()
    await user.click(copy)
    expect(await screen.findByText('copy success')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(address)
  },
)

test('where nothing can be copied, the tap on such an address says to write it down', async () => {
  const user = userEvent.setup()
  vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'))
  server.use(http.post(CONTACT, () => envelope({ email: 'help@cashloan' })))
  const { footer } = renderFooter()
  await user.click(await footer.findByRole('button', { name: 'help@cashloan Copy' }))
  expect(
    await screen.findByText('Copying is not possible here. Please write the address down.'),
  ).toBeInTheDocument()
})
