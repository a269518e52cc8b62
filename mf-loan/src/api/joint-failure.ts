import type { CallOptions, Http } from 'shared/http'
import { list, number, parseLenient, requiredText, text, toApiResult, type ApiResult } from 'shared/schema'
import * as v from 'valibot'
import { JOINT_FAILURE_PATH } from './paths'

export { JOINT_FAILURE_PATH }
export const CLICK_TRACK_PATH = '/v4/product/click-track'
export const PRODUCT_LINK_PATH = '/v4/product/link'

// Variant 2's recommended product (DESIGN.md §3).
const JointProduct = v.object({
  productId: requiredText,
  // Not in the spec or DESIGN.md §3 (variant 2 names no logo): shown when a server sends one (README.md).
  logo: text,
  // Only an explicit 0 disables a product: one the server did not flag stays usable.
  enabled: number(1),
  range: text,
  rangeDesc: text,
  rate: text,
  description: text,
  tags: list(text),
})

// The spec leaves these names out; DESIGN.md §3 names only the product's fields (README.md, Decisions).
const JointFailure = v.object({ noticeMsg: text, errorMsg: text, list: list(JointProduct) })

export type JointProduct = v.InferOutput<typeof JointProduct>
export type JointFailure = v.InferOutput<typeof JointFailure>

const JointFailureSchema = v.pipe(
  JointFailure,
  v.transform((failure) => ({ ...failure, list: failure.list.map(withoutBlankTags) })),
)

function withoutBlankTags(product: JointProduct): JointProduct {
  return { ...product, tags: product.tags.filter((tag) => tag !== '') }
}

/** The notice, the error and the products offered instead; silent: the screen shows the failure. */
export async function getJointFailure(
  http: Http,
  input: { productId?: string; orderId?: string },
): Promise<ApiResult<JointFailure>> {
  const options: CallOptions = { silent: true }
  const result = await http.post(
    JOINT_FAILURE_PATH,
    { productId: input.productId || undefined, orderId: input.orderId || undefined },
    options,
  )
  return toApiResult(result, options, 'joint/failure-info', JointFailureSchema)
}

/** Tracking, as `saveEvent`: sent and never waited for; the product's link is asked for at once. */
export function trackProductClick(http: Http, input: { productId: string; positionId: number }): void {
  void http.post(CLICK_TRACK_PATH, { ...input }, { background: true })
}

const ProductLink = v.object({ link: text })

/** Where a product leads; null after the helper has toasted the server's message (any code but '00'). */
export async function getProductLink(http: Http, productId: string): Promise<string | null> {
  const result = await http.post(PRODUCT_LINK_PATH, { productId })
  if (!result.success) return null
  const parsed = parseLenient('product/link', ProductLink, result.data ?? {})
  return parsed.ok ? parsed.value.link : ''
}
