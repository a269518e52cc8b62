import type { RequestHandler } from 'msw'
import { handlers as bindcardHandlers } from 'mf-bindcard/mocks'
import { handlers as complaintHandlers } from 'mf-complaint/mocks'
import { handlers as loanHandlers } from 'mf-loan/mocks'
import { handlers as promotionHandlers } from 'mf-promotion/mocks'
import { handlers as repayHandlers } from 'mf-repay/mocks'
import { handlers as siteHandlers } from 'mf-site/mocks'

/** Every remote's demo handlers: the same ones its unit tests and standalone dev server use. */
export const demoHandlers: RequestHandler[] = [
  ...siteHandlers,
  ...complaintHandlers,
  ...loanHandlers,
  ...bindcardHandlers,
  ...promotionHandlers,
  ...repayHandlers,
]
