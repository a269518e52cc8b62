import type { Http, HttpResult } from 'shared/http'
import { record, requiredText, text, toApiResult, type ApiResult } from 'shared/schema'
import * as v from 'valibot'
import { MESSAGES } from '../app/messages'
import { REGISTER_PATH, SID_PATH, SMS_PATH, TEMPLATE_PATH, TRACK_CLICK_PATH, TRACK_VISIT_PATH } from './paths'

/** The fixed product code the registration calls send as `appName` (the spec: 'fixed product code'). */
export const APP_NAME = 'cashloan'

/** What the landing reads from its address and every call carries on ('' when absent). */
export interface PromoParams {
  /** The template id (`id`). */
  id: string
  app_from: string
  user_from: string
  utm_tag: string
  invite_code: string
  links_id: string
  down_id: string
}

export type ClientType = 'ios' | 'android'

/** The spec's two client types: iOS by its user agent, every other device counts as Android. */
export function clientType(userAgent: string): ClientType {
  return /iphone|ipad|ipod/i.test(userAgent) ? 'ios' : 'android'
}

/**
 * Every promotion call is silent: the screen shows the outcome itself, because a call that got no answer
 * shows the spec's 'error' rather than the helper's network message.
 */
const SILENT = { silent: true } as const

/** A failed call's text: the server's message, or 'error' when no envelope came back. */
export function failureText(result: HttpResult): string {
  return result.code === null ? MESSAGES.error : result.message
}

/** A hex colour, or '' (valibot checks the default too, so '' must pass). */
const colour = v.optional(v.pipe(v.string(), v.trim(), v.regex(/^(?:#[\da-f]{3,8})?$/i)), '')

/** Our reading of the template's display configuration (README.md, 'Template configuration'). */
const configSchema = v.pipe(
  v.unknown(),
  // Channel tools store the configuration as JSON text; an object is taken as it is.
  v.transform((value) => (typeof value === 'string' ? jsonOrNothing(value) : value)),
  record({
    title: text,
    subtitle: text,
    backgroundColor: colour,
    buttonColor: colour,
    androidUrl: text,
    iosUrl: text,
  }),
)

function jsonOrNothing(value: string): unknown {
  try {
    return JSON.parse(value) as unknown
  } catch {
    return undefined
  }
}

const templateSchema = record({ id: text, config: configSchema })

export type Template = v.InferOutput<typeof templateSchema>
export type TemplateConfig = Template['config']

/** The channel's template for this landing (`templateId` = the page's `id`). */
export async function getTemplate(http: Http, templateId: string): Promise<ApiResult<Template>> {
  const result = await http.get(TEMPLATE_PATH, { templateId }, SILENT)
  if (!result.success) return { ok: false, message: failureText(result), notified: false }
  return toApiResult(result, SILENT, 'channel-template', templateSchema)
}

const sidSchema = v.pipe(
  v.object({ sid: requiredText }),
  v.transform(({ sid }) => sid),
)

/** A captcha session: the sid the captcha image and both registration calls carry (also as deviceId). */
export async function getSid(http: Http): Promise<ApiResult<string>> {
  const result = await http.get(SID_PATH, undefined, SILENT)
  if (!result.success) return { ok: false, message: failureText(result), notified: false }
  return toApiResult(result, SILENT, 'get-sid', sidSchema)
}

function visitParams(params: PromoParams, client: ClientType) {
  return {
    page_id: params.id,
    user_from: params.user_from,
    client_type: client,
    page_type: 1,
    utm_tag: params.utm_tag,
    app_from: params.app_from,
  }
}

/** Counts the visit; the answer is not used. */
export async function trackVisit(http: Http, params: PromoParams, client: ClientType): Promise<void> {
  await http.get(TRACK_VISIT_PATH, visitParams(params, client), SILENT)
}

/** Counts the tap on apply (the visit's parameters plus the phone); the answer is not used. */
export async function trackClick(
  http: Http,
  params: PromoParams,
  client: ClientType,
  phone: string,
): Promise<void> {
  await http.get(TRACK_CLICK_PATH, { ...visitParams(params, client), phone }, SILENT)
}

/** How a send-SMS or register call ended, by the codes the spec names. */
export type PromoOutcome =
  | { kind: 'done' }
  | { kind: 'alreadyRegistered' }
  | { kind: 'wrongCaptcha'; message: string }
  | { kind: 'failed'; message: string }

function outcome(result: HttpResult, wrongCaptchaCode: number): PromoOutcome {
  if (result.success) return { kind: 'done' }
  const code = result.code === null ? NaN : Number(result.code)
  if (code === 11) return { kind: 'alreadyRegistered' }
  if (code === wrongCaptchaCode) return { kind: 'wrongCaptcha', message: result.message }
  return { kind: 'failed', message: failureText(result) }
}

export interface SmsInput {
  phone: string
  capcode: string
  sid: string
  params: PromoParams
}

/** Asks for the SMS code: 0 sent, 101 wrong picture captcha, 11 already registered. */
export async function sendSms(http: Http, input: SmsInput): Promise<PromoOutcome> {
  const result = await http.post(
    SMS_PATH,
    {
      phone: input.phone,
      capcode: input.capcode,
      sid: input.sid,
      deviceId: input.sid,
      appName: APP_NAME,
      app_from: input.params.app_from,
      user_from: input.params.user_from,
      utm_tag: input.params.utm_tag,
    },
    SILENT,
  )
  return outcome(result, 101)
}

export interface RegisterInput extends SmsInput {
  smsCode: string
}

/** Registers the phone: 0 success, 11 already registered, -1 wrong picture captcha. */
export async function register(http: Http, input: RegisterInput): Promise<PromoOutcome> {
  const result = await http.post(
    REGISTER_PATH,
    {
      phone: input.phone,
      capcode: input.capcode,
      sid: input.sid,
      deviceId: input.sid,
      appName: APP_NAME,
      merchantNumber: 0,
      userName: input.phone,
      smsCode: input.smsCode,
      invite_code: input.params.invite_code,
      user_from: input.params.user_from,
      id: input.params.id,
      app_from: input.params.app_from,
      utm_tag: input.params.utm_tag,
    },
    SILENT,
  )
  return outcome(result, -1)
}
