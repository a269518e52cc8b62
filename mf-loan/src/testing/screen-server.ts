import type { SetupServerApi } from 'msw/node'
import { warnUnknown } from 'shared/schema'
import { setupMswServer } from 'shared/testing'
import { visits } from 'shared/testing/recorded-navigation'
import { beforeEach, vi } from 'vitest'
import { handlers } from '../mocks/handlers'

/**
 * The demo API for a test file of the loan screens, which mocks `shared/navigation` with the recorded one
 * (`shared/testing/recorded-navigation`) and `warnUnknown` of `shared/schema` with a spy: each test starts with
 * no visit recorded and no unknown value reported.
 */
export function setupScreenServer(): SetupServerApi {
  const server = setupMswServer(...handlers)
  beforeEach(() => {
    visits.length = 0
    vi.mocked(warnUnknown).mockClear()
  })
  return server
}
