import { http } from 'msw'
import { apiPath, envelope, failure, readForm, visitorKey } from 'shared/mocks'
import { BIND_CARD_PATH, CARD_CHANGE_PATH, CARD_INIT_PATH } from '../api/paths'
import { BIND_FAILURE_MESSAGE, DEMO_ITEMS, REALISTIC_ITEMS, recordBind, SCENARIOS } from './store'

/**
 * The bind-card remote's demo API (MSW v2): unit tests, the standalone dev server and `pnpm start` all use
 * these handlers. Scenarios are chosen by the values in `SCENARIOS` (README.md lists them).
 */

/** The account numbers of the demo form and of the realistic one. */
const ACCOUNT_CODES = ['walletPhone', 'mayaPhone', 'cardNo', 'account_no', 'bank_card_no']

function bindHandler(path: string) {
  return http.post(apiPath(path), async ({ request }) => {
    const body = await readForm(request)
    if (!body.product_id) return failure('Demo: product_id is required.', '400')
    if (!body.cardType) return failure('Demo: cardType is required.', '400')
    const refused = ACCOUNT_CODES.some((code) => body[code]?.endsWith(SCENARIOS.failingAccountSuffix))
    if (refused) return failure(BIND_FAILURE_MESSAGE)
    recordBind(visitorKey(request), { path, body })
    return envelope(null)
  })
}

export const handlers = [
  http.post(apiPath(CARD_INIT_PATH), async ({ request }) => {
    const { product_id: productId } = await readForm(request)
    if (productId === SCENARIOS.productInitError) return failure('Demo: the form could not be loaded.')
    return envelope({ items: productId === SCENARIOS.realisticProduct ? REALISTIC_ITEMS : DEMO_ITEMS })
  }),
  bindHandler(BIND_CARD_PATH),
  bindHandler(CARD_CHANGE_PATH),
]
