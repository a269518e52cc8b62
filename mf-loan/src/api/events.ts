import type { Http } from 'shared/http'
import { parseLenient, text } from 'shared/schema'
import * as v from 'valibot'

export const EVENT_SAVE_PATH = '/service/event/save'
export const PRODUCT_CLICK_PATH = '/v3/product/product-click'

/** The event module of 'Borrow Again' (positionId 0). */
export const BORROW_AGAIN_MODULE = 30
/** The module of the recommended products (event and click; positionId is the list index). */
export const RECOMMENDED_MODULE = 31

export interface EventInput {
  productId: string
  moduleId: number
  positionId: number
}

/**
 * Tracking: the spec ignores its answer, so it is sent and never waited for: a tap that saves an event goes on
 * in the same tap, however slow the analytics backend (issue #40).
 */
export function saveEvent(http: Http, input: EventInput): void {
  void http.post(EVENT_SAVE_PATH, { ...input }, { background: true })
}

const ProductClick = v.object({ link: text })

/**
 * Asks where a recommended product leads. A failure resolves null after the request helper has toasted the
 * server's message (the spec: other codes show the message).
 */
export async function clickProduct(
  http: Http,
  input: { productId: string; positionId: number },
): Promise<string | null> {
  const result = await http.post(PRODUCT_CLICK_PATH, { moduleId: RECOMMENDED_MODULE, ...input })
  if (!result.success) return null
  const parsed = parseLenient('product-click', ProductClick, result.data ?? {})
  return parsed.ok ? parsed.value.link : ''
}
