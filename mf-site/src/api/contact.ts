import type { Http } from 'shared/http'

export const CONTACT_INFO_PATH = '/v3/personal-center/contact-kf-info'
/** The spec's fixed value for this call. */
export const CONTACT_INFO_OVERALL = 30

/** Customer-service contact details as the server sends them (`smWa` is the phone number). */
export interface ContactInfo {
  email: string | null
  smWa: string | null
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

/** One address, no spaces, something on both sides of the '@': enough to be used in a mailto link. */
function emailAddress(value: unknown): string | null {
  const address = text(value)
  return address && /^[^\s@]+@[^\s@]+$/.test(address) ? address : null
}

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
  if (!result.success || !result.data || typeof result.data !== 'object' || Array.isArray(result.data))
    return null
  const data = result.data as Record<string, unknown>
  const info: ContactInfo = { email: emailAddress(data.email), smWa: text(data.smWa) }
  return info.email === null && info.smWa === null ? null : info
}
