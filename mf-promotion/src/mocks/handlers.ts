import { http, HttpResponse } from 'msw'
import { envelope, failure, promoPath, readForm, visitorKey } from 'shared/mocks'
import {
  CAPTCHA_PATH,
  REGISTER_PATH,
  served,
  SID_PATH,
  SMS_PATH,
  TEMPLATE_PATH,
  TRACK_CLICK_PATH,
  TRACK_VISIT_PATH,
} from '../api/paths'
import { captchaSvg } from './captcha-image'
import {
  checkCaptcha,
  DEMO_MESSAGES,
  DEMO_TEMPLATE_CONFIG,
  demoHash,
  isRegistered,
  issueCaptcha,
  newSid,
  PLAIN_TEMPLATE_CONFIG,
  recordRegistration,
  recordSms,
  SCENARIOS,
  smsMatches,
} from './store'

/**
 * The promotion remote's demo API (MSW v2) under `/api/v2/promo`: unit tests, the standalone dev server and
 * `pnpm start` all use these handlers. Promotion calls succeed with code 0 (the spec); scenarios are chosen
 * by the values in `SCENARIOS` (README.md lists them).
 */

const ok = (data: unknown = null) => envelope(data, 0)

/** The answer a captcha check gives on each call: get-sms says 101, register -1 (the spec's codes). */
function captchaRefusal(check: 'wrong' | 'noSid', code: number) {
  return failure(check === 'wrong' ? DEMO_MESSAGES.wrongCaptcha : DEMO_MESSAGES.noSid, code)
}

export const handlers = [
  http.get(promoPath(served(TEMPLATE_PATH)), ({ request }) => {
    const id = new URL(request.url).searchParams.get('templateId') ?? ''
    if (id === SCENARIOS.templateOffline) return HttpResponse.error()
    if (id === SCENARIOS.templateError) return failure(DEMO_MESSAGES.templateError, 1)
    if (id === SCENARIOS.plainTemplate) return ok({ id, config: JSON.stringify(PLAIN_TEMPLATE_CONFIG) })
    return ok({ id, config: JSON.stringify(DEMO_TEMPLATE_CONFIG) })
  }),

  http.get(promoPath(served(TRACK_VISIT_PATH)), () => ok()),
  http.get(promoPath(served(TRACK_CLICK_PATH)), () => ok()),

  http.get(promoPath(served(SID_PATH)), ({ request }) => {
    // The tracking parameters ride on every call (DESIGN.md §3): the one way a landing link can reach this.
    if (new URL(request.url).searchParams.get('utm_content') === SCENARIOS.sidError) {
      return failure(DEMO_MESSAGES.sidError, 1)
    }
    return ok({ sid: newSid() })
  }),

  http.get(promoPath(served(CAPTCHA_PATH)), ({ request }) => {
    const url = new URL(request.url)
    const sid = url.searchParams.get('sid') ?? ''
    const at = url.searchParams.get('a') ?? ''
    if (!sid) return new HttpResponse('sid is required', { status: 400 })
    const answer = issueCaptcha(sid, at)
    return new HttpResponse(captchaSvg(answer, demoHash(`${sid}|${at}|picture`)), {
      headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-store' },
    })
  }),

  http.post(promoPath(served(SMS_PATH)), async ({ request }) => {
    const { phone = '', capcode = '', sid = '' } = await readForm(request)
    if (phone === SCENARIOS.offlinePhone) return HttpResponse.error()
    const check = checkCaptcha(sid, capcode)
    if (check !== 'ok') return captchaRefusal(check, 101)
    const visitor = visitorKey(request)
    if (isRegistered(visitor, phone)) return failure('该手机号已注册', 11)
    if (phone === SCENARIOS.smsRefusedPhone) return failure(DEMO_MESSAGES.smsRefused, 2)
    const code = recordSms(visitor, phone)
    // The demo has no SMS gateway: whoever runs it reads the code here.
    console.info(`[demo sms] ${phone}: ${code}`)
    return ok()
  }),

  http.post(promoPath(served(REGISTER_PATH)), async ({ request }) => {
    const body = await readForm(request)
    const { phone = '', capcode = '', sid = '', smsCode = '' } = body
    if (phone === SCENARIOS.offlinePhone) return HttpResponse.error()
    const check = checkCaptcha(sid, capcode)
    if (check !== 'ok') return captchaRefusal(check, -1)
    const visitor = visitorKey(request)
    if (isRegistered(visitor, phone)) return failure('该手机号已注册', 11)
    if (!smsMatches(visitor, phone, smsCode)) return failure(DEMO_MESSAGES.wrongSms, 2)
    recordRegistration(visitor, body)
    return ok()
  }),
]
