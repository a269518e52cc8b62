import { createCappedStore, MAX_DEMO_VISITORS } from 'shared/mocks'

/*
 * The demo API's in-memory data (DESIGN.md §7): captcha sessions, SMS codes sent and phones registered, kept
 * until the process ends, the caps below drop them, or `resetStore()` in tests. SMS codes and registrations
 * are the visitor's own (`visitorKey`, ADR 0027): a phone one visitor registered is not registered for the
 * next. Captchas are kept by their sid instead: the picture is an `<img>`, which sends no session, and the sid
 * is random, known only to the page that asked for it.
 */

/** Demo scenario values (README.md lists them; the developer test page links to them). */
export const SCENARIOS = {
  /** The template with this id answers a server failure ('Demo: …'). */
  templateError: 'error',
  /** The template with this id gets no answer (network failure: the page shows 'error'). */
  templateOffline: 'offline',
  /**
   * The template with this id has none of the display keys we read (README.md, 'Template keys we assume'):
   * the landing keeps its plain look and the download page offers the deployment's store links.
   */
  plainTemplate: 'plain',
  /** get-sid fails with a server message when the page's `utm_content` (a tracking parameter) is this. */
  sidError: 'sid-error',
  /** This phone is already registered: get-sms and register answer 11. */
  registeredPhone: '13800000011',
  /** get-sms and register for this phone get no answer (the connection drops): 'error'. */
  offlinePhone: '13800000000',
  /** get-sms for this phone answers an unhandled code with its message. */
  smsRefusedPhone: '13800000099',
} as const

export const DEMO_MESSAGES = {
  templateError: 'Demo: 模板不存在',
  sidError: 'Demo: 获取验证码会话失败',
  wrongCaptcha: '图形验证码错误',
  smsRefused: '今日短信发送次数已达上限',
  wrongSms: '短信验证码错误',
  noSid: '验证码会话已失效，请刷新图形验证码',
} as const

export const DEMO_TEMPLATE_CONFIG = {
  title: '极速借款，最快3分钟到账',
  subtitle: '新用户注册即可申请，最高 ₱20,000',
  backgroundColor: '#0958d9',
  buttonColor: '#ad4e00',
  androidUrl: 'https://partners.cashloan-demo.ph/app/cashloan.apk',
  iosUrl: 'https://partners.cashloan-demo.ph/app/ios',
}

/**
 * A template as a channel tool might store it without any of our display keys: its own bookkeeping, as JSON
 * text (the spec shows the configuration's contents nowhere).
 */
export const PLAIN_TEMPLATE_CONFIG = {
  templateName: '默认注册页',
  templateType: 1,
  status: 1,
  updateTime: 1767225600000,
}

/** No look-alike characters (0/O, 1/I/L), so a reader can always type what the picture shows. */
const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

/** A small deterministic hash (FNV-1a), so an image asked for again (same sid, same `a`) is the same. */
export function demoHash(text: string): number {
  let h = 0x811c9dc5
  for (const char of text) {
    h ^= char.codePointAt(0) ?? 0
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

/** The answer of the captcha image for this sid and timestamp: 4 characters. */
export function captchaAnswer(sid: string, at: string): string {
  let seed = demoHash(`${sid}|${at}`)
  let answer = ''
  for (let i = 0; i < 4; i++) {
    answer += CAPTCHA_ALPHABET[seed % CAPTCHA_ALPHABET.length]
    seed = demoHash(`${seed}|${i}`)
  }
  return answer
}

/** The demo SMS code for a phone: its last six digits (the demo server also logs each code it sends). */
export function smsCodeFor(phone: string): string {
  return phone.slice(-6)
}

/** Captcha sids kept (the one served least recently goes first); each holds one 4-character answer. */
export const MAX_CAPTCHA_SIDS = 1000
/** SMS codes a visitor keeps (the oldest goes first: that phone must ask again). */
export const MAX_SMS_PER_VISITOR = 20
/** Registrations a visitor keeps (the oldest goes first: that phone can be registered again). */
export const MAX_REGISTRATIONS_PER_VISITOR = 20

/** sid → the answer of the last captcha image served for it. */
const captchas = createCappedStore<string>({ perKey: 1, keys: MAX_CAPTCHA_SIDS })
/** The visitor's SMS codes sent, by phone. */
const smsCodes = createCappedStore<{ phone: string; code: string }>({
  perKey: MAX_SMS_PER_VISITOR,
  keys: MAX_DEMO_VISITORS,
})

export interface Registration {
  body: Record<string, string>
}

const registrations = createCappedStore<Registration>({
  perKey: MAX_REGISTRATIONS_PER_VISITOR,
  keys: MAX_DEMO_VISITORS,
})

export function newSid(): string {
  return `demo-sid-${crypto.randomUUID()}`
}

export function issueCaptcha(sid: string, at: string): string {
  const answer = captchaAnswer(sid, at)
  captchas.add(sid, answer)
  return answer
}

export type CaptchaCheck = 'ok' | 'wrong' | 'noSid'

/** Checks a typed captcha against the last image served for the sid (case does not matter). */
export function checkCaptcha(sid: string, capcode: string): CaptchaCheck {
  const answer = captchas.list(sid).at(-1)
  if (!answer) return 'noSid'
  return capcode.trim().toUpperCase() === answer ? 'ok' : 'wrong'
}

export function recordSms(visitor: string, phone: string): string {
  const code = smsCodeFor(phone)
  smsCodes.add(visitor, { phone, code })
  return code
}

/** Whether `code` is the last one sent to this phone for this visitor. */
export function smsMatches(visitor: string, phone: string, code: string): boolean {
  const sent = smsCodes.list(visitor).findLast((sms) => sms.phone === phone)
  return sent !== undefined && sent.code === code
}

/** The scenario's phone is registered for everyone; any other only for the visitor who registered it. */
export function isRegistered(visitor: string, phone: string): boolean {
  return (
    phone === SCENARIOS.registeredPhone ||
    registrations.list(visitor).some((registration) => registration.body.phone === phone)
  )
}

export function recordRegistration(visitor: string, body: Record<string, string>): void {
  registrations.add(visitor, { body })
}

/** The visitor's registrations, oldest first; without a visitor, every visitor's (tests run as one). */
export function listRegistrations(visitor?: string): readonly Registration[] {
  return visitor === undefined ? registrations.all() : registrations.list(visitor)
}

export function resetStore(): void {
  captchas.clear()
  smsCodes.clear()
  registrations.clear()
}
