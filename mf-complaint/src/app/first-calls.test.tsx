import { screen } from '@testing-library/react'
import { renderWithUi, setupMswServer, testDeclaredFirstCalls } from 'shared/testing'
import { afterEach } from 'vitest'
import { handlers } from '../mocks/handlers'
import { resetStore } from '../mocks/store'
import { ComplaintApp } from './complaint-app'
import { FIRST_CALLS } from './first-calls'
import { MESSAGES } from '../content/messages'

const server = setupMswServer(...handlers)
afterEach(resetStore)

const text = (shown: string) => () => screen.findByText(shown)

testDeclaredFirstCalls({
  server,
  declared: FIRST_CALLS,
  pages: {
    // Not the test session's order (86): the page's own wins, as at boot.
    '/complaint': { query: { orderId: '87' }, shows: text(MESSAGES.entry.selectType) },
    '/complainPageNext': {
      query: { problemType: '2', orderNo: 'CL1' },
      shows: text(MESSAGES.form.descriptionLabel),
    },
    '/complaintList': { query: {}, shows: text('Processing') },
    '/complainDetails': { query: { problemId: '2001' }, shows: text(MESSAGES.detail.processResult) },
    '/customerService': { query: {}, shows: text(MESSAGES.service.telephone) },
  },
  render: (props) => void renderWithUi(<ComplaintApp {...props} />),
})
