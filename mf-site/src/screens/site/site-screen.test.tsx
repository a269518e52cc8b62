import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createTestProps, setupMswServer, TEST_SETTINGS } from 'shared/testing'
import { expect, test } from 'vitest'
import { mountSite } from '../../testing/mount-site'
import { handlers } from '../../mocks/handlers'
import { TEST_LENDER } from '../../mocks/lender-settings'

setupMswServer(...handlers)

const NAV = ['Home', 'About us', 'Contact us', 'Privacy Policy', 'Loan terms and conditions']

function renderSite(hash = '') {
  const props = createTestProps({ screen: 'site', hash, settings: { ...TEST_SETTINGS, ...TEST_LENDER } })
  const view = mountSite(props)
  const nav = within(screen.getByRole('navigation', { name: 'Site sections' }))
  return { props, view, nav }
}

async function settled() {
  // The footer's contact call has answered once the server's phone is shown.
  await screen.findByText('+63 917 555 0100')
}

test('the header shows the product name and the five sections in order', async () => {
  const { nav } = renderSite()
  expect(screen.getByRole('banner')).toHaveTextContent('CashLoan')
  expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(NAV)
  await settled()
})

test.each([
  ['', 'Home', 'CashLoan: cash loans made simple'],
  ['about', 'About us', 'About us'],
  ['contact', 'Contact us', 'Contact us'],
  ['privacy', 'Privacy Policy', 'Privacy Policy'],
  ['terms', 'Loan terms and conditions', 'Loan terms and conditions'],
])('hash "%s" marks %s as the current section and shows its content', async (hash, active, title) => {
  const { nav } = renderSite(hash)
  for (const name of NAV) {
    const link = nav.getByRole('link', { name })
    if (name === active) expect(link).toHaveAttribute('aria-current', 'page')
    else expect(link).not.toHaveAttribute('aria-current')
  }
  expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toHaveTextContent(title)
  await settled()
})

test('an unknown hash shows Home', async () => {
  const { nav } = renderSite('nowhere')
  expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
  expect(
    screen.getByRole('heading', { level: 1, name: 'CashLoan: cash loans made simple' }),
  ).toBeInTheDocument()
  await settled()
})

test('clicking a section navigates to its hash', async () => {
  const user = userEvent.setup()
  const { props, nav } = renderSite('contact')
  const expected: [string, string][] = [
    ['About us', '/#about'],
    ['Contact us', '/#contact'],
    ['Privacy Policy', '/#privacy'],
    ['Loan terms and conditions', '/#terms'],
    ['Home', '/'],
  ]
  for (const [name, path] of expected) {
    await user.click(nav.getByRole('link', { name }))
    expect(props.navigate).toHaveBeenLastCalledWith(path)
  }
  expect(props.navigate).toHaveBeenCalledTimes(expected.length)
  await settled()
})

test('a new section replaces the content and takes the focus', async () => {
  const { props, view } = renderSite()
  const main = screen.getByRole('main')
  expect(main).not.toHaveFocus()
  view.update({ ...props, hash: 'about' })
  expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument()
  expect(screen.queryByRole('heading', { name: 'CashLoan: cash loans made simple' })).not.toBeInTheDocument()
  expect(screen.getByRole('main')).toBe(main)
  expect(main).toHaveFocus()
  await settled()
})

test('Home pitches the product and links to the loan terms', async () => {
  const user = userEvent.setup()
  const { props } = renderSite()
  const main = within(screen.getByRole('main'))
  expect(main.getByText(/CashLoan lends to Filipinos/)).toBeInTheDocument()
  expect(main.getByText('Get our decision within 1 day.')).toBeInTheDocument()
  await user.click(main.getByRole('link', { name: 'Read the loan terms and conditions' }))
  expect(props.navigate).toHaveBeenCalledWith('/#terms')
  await settled()
})

test('the terms section is the loan agreement screen', async () => {
  renderSite('terms')
  const terms = within(screen.getByRole('main'))
  expect(terms.getByText(/The loan term is from 91 to 365 calendar days/)).toBeInTheDocument()
  expect(terms.getByText(/Rs\.1,000 for new clients and Rs\.800 for repeat clients/)).toBeInTheDocument()
  await settled()
})

test('the privacy section embeds the whole policy as a sandboxed srcdoc frame', async () => {
  renderSite('privacy')
  const frame = screen.getByTitle('Privacy Policy')
  expect(frame.tagName).toBe('IFRAME')
  expect(frame).toHaveAttribute('sandbox', '')
  expect(frame).not.toHaveAttribute('src')
  const doc = new DOMParser().parseFromString(frame.getAttribute('srcdoc') ?? '', 'text/html')
  expect(doc.querySelector('h1')?.textContent).toBe('Privacy Policy')
  const headings = [...doc.querySelectorAll('h2')].map((h) => h.textContent)
  expect(headings).toContain('Device information')
  expect(headings).toContain('Grievance officer')
  expect(headings).toHaveLength(11)
  // The policy quotes "we", "us": the quotes arrive as text, escaped in the source.
  expect(frame.getAttribute('srcdoc')).toContain('(&quot;we&quot;, &quot;us&quot;, &quot;our&quot;)')
  expect(doc.body.textContent).toContain('("we", "us", "our")')
  expect(doc.body.textContent).toContain('Company name: Kalesa Lending Corp.')
  expect(doc.body.textContent).toContain('Certificate of Authority No.: 4242')
  await settled()
})
