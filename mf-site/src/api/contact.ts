import type { Http } from 'shared/http'
import { parseLenient, record } from 'shared/schema'
import * as v from 'valibot'

export const CONTACT_INFO_PATH = '/v3/personal-center/contact-kf-info'
/** The spec's fixed value for this call. */
export const CONTACT_INFO_OVERALL = 30

/** Customer-service contact details as the server sends them (`smWa` is the phone number). */
export interface ContactInfo {
  email: string | null
  smWa: string | null
}

/** A usable text: a string that is not blank, trimmed; null otherwise. */
const nonBlank = v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.minLength(1))), null)

/** One address, no spaces, something on both sides of the '@': enough to be used in a mailto link. */
const emailAddress = v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.regex(/^[^\s@]+@[^\s@]+$/))), null)

const ContactInfoSchema = record({ email: emailAddress, smWa: nonBlank })

/**
 * Fetches the customer-service contact details without bothering the visitor on failure (they are an
 * optional override of the deploy settings). Null when the call fails or carries neither usable field.
 */
export async function getContactInfo(http: Http): Promise<ContactInfo | null> {
  const result = await http.post<unknown>(
    CONTACT_INFO_PATH,
    { overall: CONTACT_INFO_OVERALL },
    { silent: true },
  )
  if (!result.success) return null
  const parsed = parseLenient('contact-kf-info', ContactInfoSchema, result.data)
  if (!parsed.ok) return null
  const info: ContactInfo = parsed.value
  return info.email === null && info.smWa === null ? null : info
}
