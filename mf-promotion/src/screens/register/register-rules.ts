import { MESSAGES } from '../../content/messages'

/** How many characters each field takes; anything typed beyond is ignored (the spec). */
export const FIELD_LIMITS = { phone: 11, captcha: 4, sms: 6 } as const

/** 11 digits: 1, then 3 to 9, then nine digits. */
const PHONE = /^1[3-9]\d{9}$/

export interface RegisterFields {
  phone: string
  capcode: string
  smsCode: string
}

/** What asking for the SMS code needs: the phone, then the picture captcha. */
export function smsProblem(fields: RegisterFields): string | null {
  if (!PHONE.test(fields.phone)) return MESSAGES.phoneInvalid
  if (!fields.capcode.trim()) return MESSAGES.captchaInvalid
  return null
}

/** What applying needs, in the spec's order: phone, picture captcha, SMS code. */
export function applyProblem(fields: RegisterFields): string | null {
  return smsProblem(fields) ?? (fields.smsCode.trim() ? null : MESSAGES.smsInvalid)
}
