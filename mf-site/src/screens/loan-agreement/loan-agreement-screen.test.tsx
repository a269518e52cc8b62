import { screen, within } from '@testing-library/react'
import type { Settings } from 'shared/contract'
import { createTestProps, TEST_SETTINGS } from 'shared/testing'
import { expect, test } from 'vitest'
import { mountSite } from '../../testing/mount-site'
import { FORMERLY_INVENTED, TEST_LENDER } from '../../mocks/lender-settings'

function renderTerms(settings: Settings = { ...TEST_SETTINGS, ...TEST_LENDER }) {
  mountSite(createTestProps({ screen: 'loanAgreement', settings }))
  return screen.getByRole('main')
}

function section(name: string) {
  return within(screen.getByRole('region', { name }))
}

test('shows the title and the spec sections under their own headings', () => {
  renderTerms()
  expect(screen.getByRole('heading', { level: 1, name: 'Loan terms and conditions' })).toBeInTheDocument()
  const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
  expect(headings).toEqual(
    expect.arrayContaining([
      'Loan Amount',
      'Loan Term',
      'Interest',
      'Late Payment Penalties and Fees',
      'Prolongation',
      'Events of Default',
    ]),
  )
})

test("names the Lender with the company details of the deployment's settings, and the Borrower", () => {
  renderTerms()
  const parties = section('Parties')
  expect(
    parties.getByText(
      'These terms and conditions form the agreement between Kalesa Lending Corp., a lending company ' +
        'with SEC Registration No. CS2024-77777 and Certificate of Authority No. 4242, with its office at ' +
        '12 Test Street, Quezon City (the Lender), and the person who applies for and accepts a loan ' +
        '(the Borrower).',
    ),
  ).toBeInTheDocument()
  expect(section('Contact').getByRole('link', { name: 'support@cashloan.example' })).toHaveAttribute(
    'href',
    'mailto:support@cashloan.example',
  )
})

test.each([
  ['no lender in the settings', {}, 'the lending company that operates this service'],
  ['no address', { ...TEST_LENDER, lenderAddress: undefined }, 'Kalesa Lending Corp.'],
])('with %s, the Lender is named as far as the settings go and said to lack details', (_c, lender, who) => {
  renderTerms({ ...TEST_SETTINGS, ...lender })
  expect(
    section('Parties').getByText(
      `These terms and conditions form the agreement between ${who}, whose full company details are not ` +
        'available here (the Lender), and the person who applies for and accepts a loan (the Borrower).',
    ),
  ).toBeInTheDocument()
  expect(document.body).not.toHaveTextContent(/SEC Registration|Certificate of Authority|undefined/)
  expect(document.body).not.toHaveTextContent(FORMERLY_INVENTED)
})

test('states the loan term, the prepayment rule and the loan lifecycle figures', () => {
  renderTerms()
  expect(section('Loan Term').getByText(/The loan term is from 91 to 365 calendar days/)).toBeInTheDocument()
  expect(
    section('Loan Term').getByText(
      /once half of the loan term has elapsed and at least 7 calendar days have passed since disbursement/,
    ),
  ).toBeInTheDocument()
  const stages = section('How a loan proceeds')
    .getAllByRole('listitem')
    .map((item) => item.textContent?.split(':')[0])
  expect(stages).toEqual(['Application', 'Decision', 'Credit', 'Maturity', 'Default', 'Prolongation'])
  expect(
    section('How a loan proceeds').getByText(/decides on the application within 1 day/),
  ).toBeInTheDocument()
  expect(
    section('How a loan proceeds').getByText(
      /credited to the Borrower’s account within 1 to 3 calendar days after acceptance/,
    ),
  ).toBeInTheDocument()
})

test('states the default penalty once and the daily late interest per period', () => {
  renderTerms()
  const late = section('Late Payment Penalties and Fees')
  expect(
    late.getByText(
      /a default penalty of Rs\.1,000 for new clients and Rs\.800 for repeat clients is charged once/,
    ),
  ).toBeInTheDocument()
  expect(late.getByText(/late interest is charged on the unpaid amount for each day/)).toBeInTheDocument()
  expect(late.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    '5% per day on days 1 to 30 of the delay;',
    '4% per day on days 31 to 90 of the delay;',
    '2% per day from day 91 of the delay.',
  ])
})

test('states eligibility, notification, assignment and judgment deadlines', () => {
  renderTerms()
  expect(
    section('Eligibility')
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    'is a Filipino citizen;',
    'is over 18 years of age;',
    'has full legal capacity to enter into a contract;',
    'has a permanent address in the Philippines.',
  ])
  expect(
    section('Borrower’s obligations').getByText(
      /any change of name, date of birth or address within 3 calendar days of the change/,
    ),
  ).toBeInTheDocument()
  expect(section('Assignment').getByText(/at least 7 business days’ notice/)).toBeInTheDocument()
  expect(
    section('Disputes and governing law').getByText(/within 10 days of the judgment/),
  ).toBeInTheDocument()
})
