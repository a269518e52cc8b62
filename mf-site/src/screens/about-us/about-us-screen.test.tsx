import { screen, within } from '@testing-library/react'
import type { Settings } from 'shared/contract'
import { createTestProps, TEST_SETTINGS } from 'shared/testing'
import { expect, test } from 'vitest'
import { mountSite } from '../../testing/mount-site'
import { FORMERLY_INVENTED, TEST_LENDER } from '../../mocks/lender-settings'

function renderAboutUs(settings: Settings = { ...TEST_SETTINGS, ...TEST_LENDER }) {
  mountSite(createTestProps({ screen: 'aboutUs', settings }))
}

test('shows the mission, the four advantages, the team and the contact e-mail', () => {
  renderAboutUs()
  expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument()
  expect(screen.getByRole('heading', { level: 2, name: 'Our mission' })).toBeInTheDocument()
  expect(screen.getByRole('heading', { level: 2, name: 'Our team' })).toBeInTheDocument()

  const advantages = within(screen.getByRole('region', { name: 'Why borrowers choose us' }))
  expect(advantages.getAllByRole('listitem').map((item) => item.textContent?.split(':')[0])).toEqual([
    'Quick approval',
    'Transparent fees',
    'Flexible repayment',
    'Safe and reliable',
  ])

  const contact = within(screen.getByRole('region', { name: 'Contact us' }))
  expect(contact.getByRole('link', { name: 'support@cashloan.example' })).toHaveAttribute(
    'href',
    'mailto:support@cashloan.example',
  )
})

test("states the lender's registration and office as the deployment's settings give them", () => {
  renderAboutUs()
  expect(
    within(screen.getByRole('region', { name: 'Our mission' })).getByText(
      'Kalesa Lending Corp. is a lending company registered with the Securities and Exchange Commission ' +
        '(SEC Registration No. CS2024-77777) and authorised to operate as a lending company ' +
        '(Certificate of Authority No. 4242).',
    ),
  ).toBeInTheDocument()
  expect(
    within(screen.getByRole('region', { name: 'Contact us' })).getByText(
      'Office address: 12 Test Street, Quezon City.',
    ),
  ).toBeInTheDocument()
})

test.each([
  ['no lender in the settings', {}, 0],
  ['the name alone', { lenderName: TEST_LENDER.lenderName }, 0],
  ['no Certificate of Authority', { ...TEST_LENDER, lenderCertificateOfAuthorityNo: undefined }, 1],
])('with %s, the registration statement is left out rather than completed', (_case, lender, offices) => {
  renderAboutUs({ ...TEST_SETTINGS, ...lender })
  const mission = within(screen.getByRole('region', { name: 'Our mission' }))
  expect(mission.queryByText(/is a lending company registered/)).not.toBeInTheDocument()
  expect(document.body).not.toHaveTextContent(/SEC Registration|Certificate of Authority|undefined/)
  expect(document.body).not.toHaveTextContent(FORMERLY_INVENTED)
  const contact = within(screen.getByRole('region', { name: 'Contact us' }))
  expect(contact.queryAllByText(/^Office address: /)).toHaveLength(offices)
})
