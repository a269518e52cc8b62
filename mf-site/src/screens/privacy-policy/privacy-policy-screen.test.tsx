import { screen, within } from '@testing-library/react'
import type { Settings } from 'shared/contract'
import { createTestProps, TEST_SETTINGS } from 'shared/testing'
import { expect, test } from 'vitest'
import { mountSite } from '../../testing/mount-site'
import { FORMERLY_INVENTED, TEST_LENDER } from '../../mocks/lender-settings'

function renderPolicy(settings: Settings = { ...TEST_SETTINGS, ...TEST_LENDER }) {
  mountSite(createTestProps({ screen: 'privacyPolicy', settings }))
}

test('covers every topic the spec lists under its own heading', () => {
  renderPolicy()
  expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument()
  expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
    'Who we are',
    'Information we collect',
    'Device information',
    'How we use your information',
    'Disclosure of your information',
    'Cookies',
    'Minors',
    'Password security',
    'Your rights and how to opt out',
    'Changes to this policy',
    'Grievance officer',
  ])
})

test('explains each kind of device information and the age limit', () => {
  renderPolicy()
  const device = within(screen.getByRole('region', { name: 'Device information' }))
  expect(device.getAllByRole('listitem').map((item) => item.textContent?.split(':')[0])).toEqual([
    'Camera',
    'GPS location',
    'Advertising ID',
    'Network information',
  ])
  const minors = within(screen.getByRole('region', { name: 'Minors' }))
  expect(minors.getByText(/anyone under 18 years of age/)).toBeInTheDocument()
})

test("shows the lender's company details from the deployment's settings, and how to reach the grievance officer", () => {
  renderPolicy()
  const who = within(screen.getByRole('region', { name: 'Who we are' }))
  expect(
    who.getByText(/explains how Kalesa Lending Corp\. \("we", "us", "our"\) collects, uses, discloses/),
  ).toBeInTheDocument()
  expect(who.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Company name: Kalesa Lending Corp.',
    'SEC Registration No.: CS2024-77777',
    'Certificate of Authority No.: 4242',
    'Address: 12 Test Street, Quezon City',
    'E-mail: support@cashloan.example',
  ])
  const grievance = within(screen.getByRole('region', { name: 'Grievance officer' }))
  expect(grievance.getByText(/or by post at 12 Test Street, Quezon City\./)).toBeInTheDocument()
  expect(grievance.getByRole('link', { name: 'support@cashloan.example' })).toHaveAttribute(
    'href',
    'mailto:support@cashloan.example',
  )
})

test('without the lender in the settings (an older shell, a deployment that set none) each detail says it is not available', () => {
  renderPolicy(TEST_SETTINGS)
  const who = within(screen.getByRole('region', { name: 'Who we are' }))
  expect(who.getByText(/explains how we collect, use, disclose and protect/)).toBeInTheDocument()
  expect(who.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Company name: not available',
    'SEC Registration No.: not available',
    'Certificate of Authority No.: not available',
    'Address: not available',
    'E-mail: support@cashloan.example',
  ])
  const grievance = within(screen.getByRole('region', { name: 'Grievance officer' }))
  expect(grievance.getByText(/with the subject "Grievance"\.$/)).toBeInTheDocument()
  expect(grievance.queryByText(/by post/)).not.toBeInTheDocument()
  expect(document.body).not.toHaveTextContent(FORMERLY_INVENTED)
  expect(document.body).not.toHaveTextContent(/undefined/)
})
