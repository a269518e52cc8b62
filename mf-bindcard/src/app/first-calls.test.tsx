import { screen } from '@testing-library/react'
import { createTestProps, renderWithUi, setupMswServer, startedPage } from 'shared/testing'
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

/**
 * The page (as the server sends it) starts the route's declared calls; the screen, mounted with the host's
 * helper, must make exactly those calls, so it takes their answers and the server is asked once per call.
 */
test.each(Object.entries(PAGES))(
  '%s: the screen makes exactly its declared first calls',
  async (route, page) => {
    const declared = FIRST_CALLS[route as keyof typeof FIRST_CALLS] ?? []
    const started = startedPage(server, route, page.query, declared)
    try {
      expect(started.started).toBe(declared.length)
      const props = createTestProps({
        screen: route.slice(1),
        query: page.query,
        http: started.http,
        session: started.session,
      })
      renderWithUi(<BindcardApp {...props} />)
      expect(await screen.findByLabelText(page.shows)).toBeInTheDocument()
      expect(await started.taken()).toBe(declared.length)
      for (const call of declared) expect(started.requestsTo(call.path)).toBe(1)
    } finally {
      started.stop()
    }
  },
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
