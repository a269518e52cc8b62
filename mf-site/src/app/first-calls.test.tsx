import { screen } from '@testing-library/react'
import { createTestProps, renderWithUi, setupMswServer, startedPage } from 'shared/testing'
import { expect, test } from 'vitest'
import { handlers } from '../mocks/handlers'
import { FIRST_CALLS } from './first-calls'
import { SiteApp } from './site-app'

const server = setupMswServer(...handlers)

test("the site's footer makes exactly the declared first call, so the server is asked once", async () => {
  expect(Object.keys(FIRST_CALLS)).toEqual(['/'])
  const declared = FIRST_CALLS['/'] ?? []
  const started = startedPage(server, '/', {}, declared)
  try {
    expect(started.started).toBe(1)
    const props = createTestProps({ screen: 'site', http: started.http, session: started.session })
    renderWithUi(<SiteApp {...props} />)
    // The server's phone replaces the settings' once the call has answered.
    expect(await screen.findByText('+63 917 555 0100')).toBeInTheDocument()
    expect(await started.taken()).toBe(1)
    expect(started.requestsTo(declared[0].path)).toBe(1)
  } finally {
    started.stop()
  }
})
