import { screen } from '@testing-library/react'
import { startFirstCalls, takeFirstCall } from 'shared/http/first-call'
import { createHttp } from 'shared/http'
import { callQuery } from 'shared/session'
import { createTestProps, renderWithUi, setupMswServer, TEST_SESSION, TEST_SETTINGS } from 'shared/testing'
import { toastNotifier } from 'shared/ui'
import { afterEach, expect, test, vi } from 'vitest'
import { handlers } from '../mocks/handlers'
import { resetStore } from '../mocks/store'
import { ComplaintApp } from './complaint-app'
import { FIRST_CALLS } from './first-calls'
import { MESSAGES } from './messages'

const server = setupMswServer(...handlers)
afterEach(resetStore)

const PAGES: Record<string, { query: Record<string, string>; shows: string }> = {
  '/complaint': { query: { orderId: '86' }, shows: MESSAGES.entry.selectType },
  '/complainPageNext': { query: { problemType: '2', orderNo: 'CL1' }, shows: MESSAGES.form.descriptionLabel },
  '/complaintList': { query: {}, shows: 'Processing' },
  '/complainDetails': { query: { problemId: '2001' }, shows: MESSAGES.detail.processResult },
  '/customerService': { query: {}, shows: MESSAGES.service.telephone },
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
    const href = `${window.location.origin}${route}?${new URLSearchParams(page.query)}`
    const win = {
      location: { href },
      performance: { now: () => 0 },
      fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
    } as unknown as Window
    const seen: string[] = []
    const record = ({ request }: { request: Request }) => void seen.push(new URL(request.url).pathname)
    server.events.on('request:start', record)
    try {
      const declared = FIRST_CALLS[route]
      expect(
        startFirstCalls(
          win,
          declared,
          { baseURL: TEST_SETTINGS.apiBase, appOrigin: window.location.origin },
          TEST_SESSION,
        ),
      ).toHaveLength(declared.length)
      const firstCall = vi.fn((key: string) => takeFirstCall(win, key))
      const http = createHttp({
        baseURL: TEST_SETTINGS.apiBase,
        appOrigin: window.location.origin,
        query: () => callQuery(TEST_SESSION),
        notifier: toastNotifier,
        firstCall,
      })
      renderWithUi(<ComplaintApp {...createTestProps({ screen: route.slice(1), query: page.query, http })} />)
      expect(await screen.findByText(page.shows)).toBeInTheDocument()
      const taken = await Promise.all(firstCall.mock.results.map((r) => r.value as unknown))
      expect(taken.filter(Boolean)).toHaveLength(declared.length)
      for (const call of declared) {
        expect(seen.filter((path) => path.endsWith(call.path))).toHaveLength(1)
      }
    } finally {
      server.events.removeListener('request:start', record)
    }
  },
)
