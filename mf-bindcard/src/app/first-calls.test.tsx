import { screen } from '@testing-library/react'
import {
  createTestProps,
  renderWithUi,
  setupMswServer,
  startedPage,
  testDeclaredFirstCalls,
} from 'shared/testing'
import { afterEach, expect, test } from 'vitest'
import { handlers } from '../mocks/handlers'
import { resetStore } from '../mocks/store'
import { BindcardApp } from './bindcard-app'
import { FIRST_CALLS } from './first-calls'

const server = setupMswServer(...handlers)
afterEach(resetStore)

testDeclaredFirstCalls({
  server,
  declared: FIRST_CALLS,
  pages: {
    // Not the test session's product (1): the page's own wins, as at boot.
    '/bindBank': { query: { productId: '7' }, shows: () => screen.findByLabelText('GCash number') },
  },
  render: (props) => void renderWithUi(<BindcardApp {...props} />),
})

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
