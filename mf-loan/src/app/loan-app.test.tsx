import { screen, within } from '@testing-library/react'
import { createTestProps, renderWithUi, setupMswServer } from 'shared/testing'
import { expect, test } from 'vitest'
import { CONFIRM_SCENARIOS, V2_EXTRA } from '../mocks/confirm'
import { handlers } from '../mocks/handlers'
import { LoanApp } from './loan-app'
import { CONFIRM_MESSAGES } from '../content/messages'

setupMswServer(...handlers)

const m = CONFIRM_MESSAGES

/** The screen each confirmation route gets: v1 in days, v1 by period, v2 (its button text). */
test.each([
  ['loanConfirm', '3 days', m.next],
  ['confirmByPeriod', '3 months', m.next],
  ['loanConfirmNew', '3 days', V2_EXTRA.buttonMsg],
])('%s: the term reads %s and the button %s', async (screenName, term, button) => {
  const props = createTestProps({ screen: screenName, query: { productId: CONFIRM_SCENARIOS.byPeriod } })
  renderWithUi(<LoanApp {...props} />)
  const head = await screen.findByRole('region', { name: m.title })
  expect(within(head).getByText(m.term).nextElementSibling).toHaveTextContent(term)
  expect(screen.getByRole('button', { name: button, hidden: true })).toBeInTheDocument()
})
