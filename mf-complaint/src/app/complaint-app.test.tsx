import { render, screen } from '@testing-library/react'
import { createTestProps, setupMswServer } from 'shared/testing'
import { expect, test } from 'vitest'
import { handlers } from '../mocks/handlers'
import { ComplaintApp } from './complaint-app'
import { MESSAGES } from '../content/messages'

setupMswServer(...handlers)

test.each([
  ['complaint', { orderId: '86' }, MESSAGES.entry.selectType],
  ['complainPageNext', { problemType: '2', orderNo: 'CL1' }, MESSAGES.form.descriptionLabel],
  ['complaintList', {}, 'Processing'],
  ['complainDetails', { problemId: '2001' }, MESSAGES.detail.processResult],
  ['customerService', {}, MESSAGES.service.telephone],
  ['somethingElse', {}, MESSAGES.entry.selectType],
])('screen %s shows its page', async (screenName, query, text) => {
  render(<ComplaintApp {...createTestProps({ screen: screenName, query })} />)
  expect(await screen.findByText(text)).toBeInTheDocument()
})

test('a new query starts the screen afresh', async () => {
  const props = createTestProps({ screen: 'complainDetails', query: { problemId: '2001' } })
  const { rerender } = render(<ComplaintApp {...props} />)
  expect(await screen.findByText(MESSAGES.detail.processResult)).toBeInTheDocument()
  rerender(<ComplaintApp {...props} query={{ problemId: '2002' }} />)
  expect(await screen.findByText(/shows as unpaid/)).toBeInTheDocument()
  expect(screen.queryByText(MESSAGES.detail.processResult)).not.toBeInTheDocument()
})
