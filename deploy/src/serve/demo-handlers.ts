import type { RequestHandler } from 'msw'
import { demoPictures, slowSessions } from 'shared/mocks'
import { handlers as bindcardHandlers } from 'mf-bindcard/mocks'
import { handlers as complaintHandlers } from 'mf-complaint/mocks'
import { handlers as loanHandlers } from 'mf-loan/mocks'
import { handlers as promotionHandlers } from 'mf-promotion/mocks'
import { handlers as repayHandlers } from 'mf-repay/mocks'
import { handlers as siteHandlers } from 'mf-site/mocks'

/** Every remote's demo handlers: the same ones its unit tests and standalone dev server use. */
export const demoHandlers: RequestHandler[] = [
  // A session whose id starts with `slow-api` waits 2.5 s on every call: a stalled API (ADR 0055).
  slowSessions,
  // The demo's logos on a second origin (shared/mocks demoPictureUrl, ADR 0022).
  demoPictures,
  ...siteHandlers,
  ...complaintHandlers,
  ...loanHandlers,
  ...bindcardHandlers,
  ...promotionHandlers,
  ...repayHandlers,
]
