import { screen, within } from '@testing-library/react'
import { createTestProps, renderWithUi } from 'shared/testing'
import { expect, test } from 'vitest'
import { SiteApp } from '../../app/site-app'

test('shows the mission, the four advantages, the team and the contact e-mail', () => {
  renderWithUi(<SiteApp {...createTestProps({ screen: 'aboutUs' })} />)
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
  expect(contact.getByRole('link', { name: 'support@cashloan.ph' })).toHaveAttribute(
    'href',
    'mailto:support@cashloan.ph',
  )
})
