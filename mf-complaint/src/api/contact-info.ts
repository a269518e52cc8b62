import type { CallOptions, Http } from 'shared/http'
import { record, text, toApiResult, type ApiResult } from 'shared/schema'
import * as v from 'valibot'

export const CONTACT_INFO_PATH = '/v3/personal-center/contact-kf-info'
/** The spec's fixed value for this call. */
export const CONTACT_INFO_OVERALL = 30

/**
 * One address with something on both sides of the '@': enough for a mailto link; else ''. valibot checks the
 * default too: without '' passing, a missing or malformed e-mail failed the whole answer, server phone and all.
 */
const emailAddress = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.check((value) => value === '' || /^[^\s@]+@[^\s@]+$/.test(value)),
  ),
  '',
)

/** Customer-service contacts; '' when the server sent none (the screen falls back to the settings). */
const ContactInfoSchema = v.pipe(
  record({ email: emailAddress, smWa: text }),
  v.transform(({ email, smWa }) => ({ email, phone: smWa })),
)

export type ContactInfo = v.InferOutput<typeof ContactInfoSchema>

export async function getContactInfo(http: Http): Promise<ApiResult<ContactInfo>> {
  const options: CallOptions = { silent: true }
  const result = await http.post(CONTACT_INFO_PATH, { overall: CONTACT_INFO_OVERALL }, options)
  return toApiResult(result, options, 'contact-kf-info', ContactInfoSchema)
}
