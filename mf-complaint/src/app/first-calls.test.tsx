import { screen } from '@testing-library/react'
import { expectDeclaredFirstCalls, renderWithUi, setupMswServer } from 'shared/testing'
import { afterEach, expect, test } from 'vitest'
import { handlers } from '../mocks/handlers'
import { resetStore } from '../mocks/store'
import { ComplaintApp } from './complaint-app'
import { FIRST_CALLS } from './first-calls'
import { MESSAGES } from '../content/messages'

const server = setupMswServer(...handlers)
afterEach(resetStore)

const PAGES: Record<string, { query: Record<string, string>; shows: string }> = {
  // Not the test session's order (86): the page's own wins, as at boot.
  '/complaint': { query: { orderId: '87' }, shows: MESSAGES.entry.selectType },
  '/complainPageNext': { query: { problemType: '2', orderNo: 'CL1' }, shows: MESSAGES.form.descriptionLabel },
  '/complaintList': { query: {}, shows: 'Processing' },
  '/complainDetails': { query: { problemId: '2001' }, shows: MESSAGES.detail.processResult },
  '/customerService': { query: {}, shows: MESSAGES.service.telephone },
}

test('every route with first calls is checked here', () => {
  expect(Object.keys(FIRST_CALLS).sort()).toEqual(Object.keys(PAGES).sort())
})

test.each(Object.entries(PAGES))('%s: the screen makes exactly its declared first calls', (route, page) =>
  expectDeclaredFirstCalls({
    server,
    route,
    screen: route.slice(1),
    query: page.query,
    declared: FIRST_CALLS[route as keyof typeof FIRST_CALLS] ?? [],
    render: (props) => void renderWithUi(<ComplaintApp {...props} />),
    shows: async () => expect(await screen.findByText(page.shows)).toBeInTheDocument(),
  }),
)
