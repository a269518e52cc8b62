import type { SetupServerApi } from 'msw/node'
import { setupMswServer, TEST_SETTINGS } from 'shared/testing'
import { visits } from 'shared/testing/recorded-navigation'
import { afterEach, beforeEach } from 'vitest'
import { PAY_HOST } from '../mocks/demo-data'
import { handlers } from '../mocks/handlers'
import { resetStore } from '../mocks/store'

/** The test settings with the demo's payment host allowed, which the demo's payment links use. */
export const DEMO_SETTINGS = { ...TEST_SETTINGS, allowedHosts: [new URL(PAY_HOST).host] }

/**
 * The demo API for a test file of the repayment pages, which mocks `shared/navigation` with the recorded one
 * (`shared/testing/recorded-navigation`): each test starts with no repayment kept on the device, and ends with
 * the demo's store and the recorded visits cleared.
 */
export function setupScreenServer(): SetupServerApi {
  const server = setupMswServer(...handlers)
  beforeEach(() => window.sessionStorage.clear())
  afterEach(() => {
    resetStore()
    visits.length = 0
  })
  return server
}
