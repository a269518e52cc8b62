import { act, screen } from '@testing-library/react'
import {
  createTestProps,
  renderWithUi,
  setupMswServer,
  startedPage,
  TEST_SESSION,
  testDeclaredFirstCalls,
  type FirstCallsPage,
} from 'shared/testing'
import { expect, test } from 'vitest'
import { handlers } from '../mocks/handlers'
import { FIRST_CALLS } from './first-calls'
import { RepayApp } from './repay-app'

const server = setupMswServer(...handlers)

interface Page extends FirstCallsPage {
  screen: string
  /** What it says without an order. */
  badLink: string
}

const heading = (name: string) => () => screen.findByRole('heading', { name })
const BAD_LINK = 'This repayment link is incomplete.'

const PAGES: Record<string, Page> = {
  // Not the test session's order (86): the page's own wins, as at boot; product_id is productId's alias.
  '/repay': {
    screen: 'repay',
    query: { product_id: '7', orderId: '87' },
    shows: heading('₱1.530,00'),
    badLink: BAD_LINK,
  },
  '/delayRepay': {
    screen: 'delayRepay',
    query: { productId: '7', orderId: '87' },
    shows: heading('₱320,00'),
    badLink: BAD_LINK,
  },
  // Its call is on the API's origin, outside the API base (DESIGN §3); the amount comes from the link.
  '/legacyRepay': {
    screen: 'legacyRepay',
    query: { productId: '7', orderId: '90', amount: '1530.00' },
    shows: () => screen.findByRole('radio', { name: /^BDO Unibank/ }),
    badLink: '还款链接不完整',
  },
}

testDeclaredFirstCalls({
  server,
  declared: FIRST_CALLS,
  pages: PAGES,
  render: (props) => void renderWithUi(<RepayApp {...props} />),
})

test.each(Object.entries(PAGES))(
  '%s without an order: the page starts no call, and neither does the screen',
  async (route, page) => {
    const declared = FIRST_CALLS[route as keyof typeof FIRST_CALLS] ?? []
    const noOrder = { ...TEST_SESSION, globals: { productId: '7' } }
    const started = startedPage(server, route, { productId: '7' }, declared, noOrder)
    try {
      expect(started.started).toBe(0)
      const props = createTestProps({
        screen: page.screen,
        query: { productId: '7' },
        http: started.http,
        session: started.session,
      })
      renderWithUi(<RepayApp {...props} />)
      expect(await screen.findByRole('alert')).toHaveTextContent(page.badLink)
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
      for (const call of declared) expect(started.requestsTo(call.path)).toBe(0)
    } finally {
      started.stop()
    }
  },
)
