import { screen, within } from '@testing-library/react'
import { createTestProps, renderWithUi } from 'shared/testing'
import { expect, test } from 'vitest'
import { SiteApp } from '../../app/site-app'

function renderPolicy() {
  renderWithUi(<SiteApp {...createTestProps({ screen: 'privacyPolicy' })} />)
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

test("shows the lender's company details and how to reach the grievance officer", () => {
  renderPolicy()
  const who = within(screen.getByRole('region', { name: 'Who we are' }))
  expect(who.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Company name: CashLoan Lending Corporation',
    'SEC Registration No.: CS201912345',
    'Certificate of Authority No.: 3125',
    'Address: Unit 1804, Sunbridge Tower, 127 Valero Street, Salcedo Village, Makati City, Metro Manila 1227',
    'E-mail: support@cashloan.ph',
  ])
  const grievance = within(screen.getByRole('region', { name: 'Grievance officer' }))
  expect(grievance.getByRole('link', { name: 'support@cashloan.ph' })).toHaveAttribute(
    'href',
    'mailto:support@cashloan.ph',
  )
})
