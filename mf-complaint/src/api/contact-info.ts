import type { CallOptions, Http } from 'shared/http'
import { asRecord, asText, toApiResult, type ApiResult } from './validate'

export const CONTACT_INFO_PATH = '/v3/personal-center/contact-kf-info'
/** The spec's fixed value for this call. */
export const CONTACT_INFO_OVERALL = 30

/** Customer-service contacts; '' when the server sent none (the screen falls back to the settings). */
export interface ContactInfo {
  email: string
  /** The service phone (`smWa`). */
  phone: string
}

/** One address with something on both sides of the '@': enough for a mailto link; else ''. */
function emailAddress(value: unknown): string {
  const address = typeof value === 'string' ? value.trim() : ''
  return /^[^\s@]+@[^\s@]+$/.test(address) ? address : ''
}

export function parseContactInfo(data: unknown): ContactInfo {
  const record = asRecord(data) ?? {}
  return { email: emailAddress(record.email), phone: asText(record.smWa) }
}

export async function getContactInfo(http: Http): Promise<ApiResult<ContactInfo>> {
  const options: CallOptions = { silent: true }
  const result = await http.post(CONTACT_INFO_PATH, { overall: CONTACT_INFO_OVERALL }, options)
  return toApiResult(result, options, parseContactInfo)
}
