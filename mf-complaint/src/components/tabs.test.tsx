import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { Tabs } from './tabs'

const ITEMS = [
  { title: 'All', content: <p>every complaint</p> },
  { title: 'Processing', content: <button type="button">open 2001</button> },
  { title: 'Processed', content: <p>finished ones</p> },
]

const tab = (name: string) => screen.getByRole('tab', { name })

test('a tab list whose first tab is chosen; only its panel is shown, labelled by it', () => {
  render(<Tabs items={ITEMS} />)
  const tabs = screen.getAllByRole('tab')
  expect(screen.getByRole('tablist')).toContainElement(tabs[0])
  expect(tabs.map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([
    ['All', 'true'],
    ['Processing', 'false'],
    ['Processed', 'false'],
  ])
  const panel = screen.getByRole('tabpanel', { name: 'All' })
  expect(panel).toHaveTextContent('every complaint')
  expect(tabs[0]).toHaveAttribute('aria-controls', panel.id)
  expect(screen.queryByText('finished ones')).not.toBeInTheDocument()
})

test('tapping a tab chooses it and shows its content instead', async () => {
  const user = userEvent.setup()
  render(<Tabs items={ITEMS} />)
  await user.click(tab('Processed'))
  expect(tab('Processed')).toHaveAttribute('aria-selected', 'true')
  expect(tab('All')).toHaveAttribute('aria-selected', 'false')
  expect(screen.getByRole('tabpanel', { name: 'Processed' })).toHaveTextContent('finished ones')
  expect(screen.queryByText('every complaint')).not.toBeInTheDocument()
  await user.click(tab('Processing'))
  expect(screen.getByRole('tabpanel', { name: 'Processing' })).toContainElement(
    screen.getByRole('button', { name: 'open 2001' }),
  )
})

test('the keyboard: one tab stop, Left/Right wrap around, Home and End', async () => {
  const user = userEvent.setup()
  render(<Tabs items={ITEMS} />)
  expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1])
  await user.tab()
  expect(tab('All')).toHaveFocus()
  await user.keyboard('{ArrowRight}')
  expect(tab('Processing')).toHaveFocus()
  expect(tab('Processing')).toHaveAttribute('aria-selected', 'true')
  expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1])
  await user.keyboard('{ArrowRight}{ArrowRight}')
  expect(tab('All')).toHaveFocus()
  await user.keyboard('{ArrowLeft}')
  expect(tab('Processed')).toHaveFocus()
  expect(screen.getByRole('tabpanel')).toHaveTextContent('finished ones')
  await user.keyboard('{Home}')
  expect(tab('All')).toHaveAttribute('aria-selected', 'true')
  await user.keyboard('{End}')
  expect(tab('Processed')).toHaveAttribute('aria-selected', 'true')
  // From the tab list, Tab goes on into the panel's content.
  await user.keyboard('{ArrowLeft}')
  await user.tab()
  expect(screen.getByRole('button', { name: 'open 2001' })).toHaveFocus()
})

test('a chosen tab that no longer exists falls back to the last one', async () => {
  const user = userEvent.setup()
  const { rerender } = render(<Tabs items={ITEMS} />)
  await user.click(tab('Processed'))
  rerender(<Tabs items={ITEMS.slice(0, 2)} />)
  expect(tab('Processing')).toHaveAttribute('aria-selected', 'true')
  expect(screen.getByRole('tabpanel', { name: 'Processing' })).toBeInTheDocument()
})
