import { screen } from '@testing-library/react'
import {
  createTestProps,
  expectDeclaredFirstCalls,
  renderWithUi,
  setupMswServer,
  startedPage,
} from 'shared/testing'
import { afterEach, expect, test } from 'vitest'
import { handlers } from '../mocks/handlers'
import { resetStore } from '../mocks/store'
import { BindcardApp } from './bindcard-app'
import { FIRST_CALLS } from './first-calls'

const server = setupMswServer(...handlers)
afterEach(resetStore)

const PAGES: Record<string, { query: Record<string, string>; shows: string }> = {
  // Not the test session's product (1): the page's own wins, as at boot.
  '/bindBank': { query: { productId: '7' }, shows: 'GCash number' },
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
    render: (props) => void renderWithUi(<BindcardApp {...props} />),
    shows: async () => expect(await screen.findByLabelText(page.shows)).toBeInTheDocument(),
  }),
)

test('the alias product_id is the same page: the declared call is still the one made', async () => {
  const declared = FIRST_CALLS['/bindBank'] ?? []
  const query = { product_id: '7' }
  const started = startedPage(server, '/bindBank', query, declared)
  try {
    const props = createTestProps({ screen: 'bindBank', query, http: started.http, session: started.session })
    renderWithUi(<BindcardApp {...props} />)
    expect(await screen.findByLabelText('GCash number')).toBeInTheDocument()
    expect(await started.taken()).toBe(1)
    expect(started.requestsTo(declared[0].path)).toBe(1)
  } finally {
    started.stop()
  }
})
