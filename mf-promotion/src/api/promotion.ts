import { MESSAGES as HTTP_MESSAGES, toastText, type Http, type HttpResult } from 'shared/http'
import { parseLenient, record, requiredText, text, warnUnknown, type ApiResult } from 'shared/schema'
import * as v from 'valibot'
import { MESSAGES } from '../content/messages'
import { isCssColour } from '../components/colour'
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

/** The request helper's own texts: English stand-ins for a message the server did not send. */
const HELPER_TEXTS: ReadonlySet<string> = new Set(Object.values(HTTP_MESSAGES))

/**
 * A failed call's text: 'error' when no envelope came back (the spec's network failure); else the server's
 * message, cut as every failure toast is, or this call's Chinese `fallback` when it sent none (blank, or the
 * helper's English stand-in for it): every text on these pages is Chinese.
 */
export function failureText(result: HttpResult, fallback: string): string {
  if (result.code === null) return MESSAGES.error
  const message = result.message.trim()
  return message && !HELPER_TEXTS.has(message) ? toastText(message) : fallback
}

/** A code as the integer it spells (`11`, `'11'`, `' -1 '`), else NaN: `'0x0B'` or `11.5` is no code we know. */
function codeOf(result: HttpResult): number {
  const { code } = result
  if (typeof code === 'number') return Number.isInteger(code) ? code : NaN
  return typeof code === 'string' && /^\s*[+-]?\d+\s*$/.test(code) ? Number(code) : NaN
}

/**
 * Logs (once per value) a failure code the spec does not name for `call`: the screen shows the server's
 * message or its default, and the new code shows in the console. No envelope (code null) is no code.
 */
function noteCode(call: string, result: HttpResult, known: readonly number[]): void {
  if (!result.success && result.code !== null && !known.includes(codeOf(result))) {
    warnUnknown(`${call} code`, result.code)
  }
}

/** A CSS colour `cssColour` reads, or '' (valibot checks the default too, so '' must pass). */
const colour = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.check((value) => value === '' || isCssColour(value)),
  ),
  '',
)

/**
 * Configuration stored as JSON text is read as JSON, twice over when a tool encoded it twice; text that is
 * no JSON is no configuration.
 */
function fromJsonText(value: unknown): unknown {
  for (let round = 0; round < 2 && typeof value === 'string'; round++) {
    try {
      value = JSON.parse(value) as unknown
    } catch {
      return undefined
    }
  }
  return typeof value === 'string' ? undefined : value
}

/**
 * Our reading of the template's display configuration (README.md, 'Template keys we assume'): the spec says
 * only 'id plus display configuration (contents not shown)'. Every key is optional with a plain default; a
 * configuration that is missing, null, no object or keyed otherwise gives the plain page.
 */
const configSchema = v.pipe(
  // A missing configuration counts as an empty one (an object field without a default would be left out).
  v.optional(v.unknown(), {}),
  v.transform(fromJsonText),
  record({
    title: text,
    subtitle: text,
    backgroundColor: colour,
    buttonColor: colour,
    androidUrl: text,
    iosUrl: text,
  }),
)

const templateSchema = record({ id: text, config: configSchema })

export type Template = v.InferOutput<typeof templateSchema>
export type TemplateConfig = Template['config']

/** The plain template: what a page shows before its template has come, or without a usable one. */
export const NO_TEMPLATE: Template = v.parse(templateSchema, undefined)

/**
 * The channel's template for this landing (`templateId` = the page's `id`). Display only: a success whose data
 * is unusable (no object) gives the plain template (parseLenient logs what it ignored), so the page is plain
 * rather than in error.
 */
export async function getTemplate(http: Http, templateId: string): Promise<ApiResult<Template>> {
  const result = await http.get(TEMPLATE_PATH, { templateId }, SILENT)
  if (!result.success) {
    noteCode('channel-template', result, [0])
    return { ok: false, message: failureText(result, MESSAGES.templateFailed), notified: false }
  }
  const parsed = parseLenient('channel-template', templateSchema, result.data)
  return { ok: true, data: parsed.ok ? parsed.value : NO_TEMPLATE }
}

const sidSchema = v.pipe(
  v.object({ sid: requiredText }),
  v.transform(({ sid }) => sid),
)

/**
 * A captcha session: the sid the captcha image and both registration calls carry (also as deviceId). A
 * success without a sid (missing, blank, null) is no session: refused with the page's Chinese text.
 */
export async function getSid(http: Http): Promise<ApiResult<string>> {
  const result = await http.get(SID_PATH, undefined, SILENT)
  if (!result.success) {
    noteCode('get-sid', result, [0])
    return { ok: false, message: failureText(result, MESSAGES.sidMissing), notified: false }
  }
  const parsed = parseLenient('get-sid', sidSchema, result.data)
  return parsed.ok
    ? { ok: true, data: parsed.value }
    : { ok: false, message: MESSAGES.sidMissing, notified: false }
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

/**
 * Counts the visit; the answer is not used, so it is sent and never waited for, nor held as the page's data
 * (issue #40).
 */
export function trackVisit(http: Http, params: PromoParams, client: ClientType): void {
  void http.get(TRACK_VISIT_PATH, visitParams(params, client), { background: true })
}

/** Counts the tap on apply (the visit's parameters plus the phone), as `trackVisit`: never waited for. */
export function trackClick(http: Http, params: PromoParams, client: ClientType, phone: string): void {
  void http.get(TRACK_CLICK_PATH, { ...visitParams(params, client), phone }, { background: true })
}

/** How a send-SMS or register call ended, by the codes the spec names. */
export type PromoOutcome =
  | { kind: 'done' }
  | { kind: 'alreadyRegistered' }
  | { kind: 'wrongCaptcha'; message: string }
  | { kind: 'failed'; message: string }

/** Both calls' 'already registered' (the spec). */
const ALREADY_REGISTERED = 11

/** The codes each call's answer is read by (the spec): success, already registered, wrong picture captcha. */
interface OutcomeCodes {
  call: string
  wrongCaptcha: number
  /** The text for a refusal the server gave no message for. */
  failed: string
}

function outcome(result: HttpResult, codes: OutcomeCodes): PromoOutcome {
  if (result.success) return { kind: 'done' }
  noteCode(codes.call, result, [0, ALREADY_REGISTERED, codes.wrongCaptcha])
  const code = codeOf(result)
  if (code === ALREADY_REGISTERED) return { kind: 'alreadyRegistered' }
  if (code === codes.wrongCaptcha) {
    return { kind: 'wrongCaptcha', message: failureText(result, MESSAGES.captchaInvalid) }
  }
  return { kind: 'failed', message: failureText(result, codes.failed) }
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
  return outcome(result, { call: 'get-sms', wrongCaptcha: 101, failed: MESSAGES.smsFailed })
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
  return outcome(result, { call: 'register', wrongCaptcha: -1, failed: MESSAGES.registerFailed })
}
