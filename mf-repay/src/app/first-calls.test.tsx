import { screen } from '@testing-library/react'
import { createTestProps, renderWithUi, setupMswServer, startedPage, TEST_SESSION } from 'shared/testing'
import { expect, test } from 'vitest'
import { handlers } from '../mocks/handlers'
import { FIRST_CALLS } from './first-calls'
import { RepayApp } from './repay-app'

const server = setupMswServer(...handlers)

const PAGES: Record<string, { screen: string; query: Record<string, string>; shows: string }> = {
  // Not the test session's order (86): the page's own wins, as at boot; product_id is productId's alias.
  '/repay': { screen: 'repay', query: { product_id: '7', orderId: '87' }, shows: '₱1.530,00' },
  '/delayRepay': { screen: 'delayRepay', query: { productId: '7', orderId: '87' }, shows: '₱320,00' },
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
    const started = startedPage(server, route, page.query, declared, TEST_SESSION)
    try {
      expect(started.started).toBe(declared.length)
      const props = createTestProps({
        screen: page.screen,
        query: page.query,
        http: started.http,
        session: started.session,
      })
      renderWithUi(<RepayApp {...props} />)
      expect(await screen.findByRole('heading', { name: page.shows })).toBeInTheDocument()
      expect(await started.taken()).toBe(declared.length)
      for (const call of declared) expect(started.requestsTo(call.path)).toBe(1)
    } finally {
      started.stop()
    }
  },
)
