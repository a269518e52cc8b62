import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithUi } from 'shared/testing'
import { expect, test } from 'vitest'
import type { LegalSection } from '../content/legal-section'
import { escapeHtml, LegalDocument, toHtml } from './legal-document'

const HOSTILE: LegalSection[] = [
  {
    id: 'a',
    heading: '<img src=x onerror="alert(1)">',
    paragraphs: ['Fees & charges: <b>none</b>', 'It\'s "free"'],
    items: ['<script>alert(2)</script>'],
    email: 'help@example.ph',
  },
]

test('escapes the five HTML special characters', () => {
  expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
    '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
  )
})

test('toHtml builds a complete page whose text is exactly the content, never markup', () => {
  const html = toHtml(HOSTILE, 'Terms <& Conditions>')
  expect(html.startsWith('<!doctype html>')).toBe(true)
  expect(html).not.toContain('<img')
  expect(html).not.toContain('<script')
  expect(html).not.toContain('<b>')
  expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;')

  const doc = new DOMParser().parseFromString(html, 'text/html')
  expect(doc.title).toBe('Terms <& Conditions>')
  expect(doc.querySelector('h1')?.textContent).toBe('Terms <& Conditions>')
  expect(doc.querySelector('h2')?.textContent).toBe('<img src=x onerror="alert(1)">')
  expect([...doc.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
    'Fees & charges: <b>none</b>',
    'It\'s "free"',
    'help@example.ph',
  ])
  expect(doc.querySelector('li')?.textContent).toBe('<script>alert(2)</script>')
  expect(doc.querySelectorAll('img, script, b')).toHaveLength(0)
  expect(doc.querySelector('style')?.textContent).toContain('font-size:16px;line-height:1.6')
})

test('renders the same content as headings, paragraphs, a list and a mail link', () => {
  render(<LegalDocument title="Terms <& Conditions>" sections={HOSTILE} />)
  expect(screen.getByRole('heading', { level: 1, name: 'Terms <& Conditions>' })).toBeInTheDocument()
  const section = screen.getByRole('region', { name: '<img src=x onerror="alert(1)">' })
  expect(section).toContainElement(screen.getByText('Fees & charges: <b>none</b>'))
  expect(screen.getByRole('listitem')).toHaveTextContent('<script>alert(2)</script>')
  expect(screen.getByRole('link', { name: 'help@example.ph' })).toHaveAttribute(
    'href',
    'mailto:help@example.ph',
  )
})

test("an address that opens no mail client is text to copy: a tap copies it and says 'copy success'", async () => {
  const user = userEvent.setup()
  renderWithUi(
    <LegalDocument
      title="Terms"
      sections={[{ id: 'a', heading: 'Contact', paragraphs: ['Write to us.'], email: 'help@cashloan' }]}
    />,
  )
  expect(screen.queryByRole('link')).not.toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'help@cashloan Copy' }))
  expect(await screen.findByText('copy success')).toBeInTheDocument()
  expect(await navigator.clipboard.readText()).toBe('help@cashloan')
})
