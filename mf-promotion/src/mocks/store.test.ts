import { MAX_DEMO_VISITORS, visitorKey } from 'shared/mocks'
import { BULK_TIMEOUT_MS, setupMswServer } from 'shared/testing'
import { afterEach, expect, test } from 'vitest'
import { CAPTCHA_PATH, REGISTER_PATH, served, SID_PATH, SMS_PATH } from '../api/paths'
import { handlers } from './handlers'
import {
  captchaAnswer,
  DEMO_MESSAGES,
  listRegistrations,
  MAX_CAPTCHA_SIDS,
  MAX_REGISTRATIONS_PER_VISITOR,
  MAX_SMS_PER_VISITOR,
  resetStore,
  smsCodeFor,
} from './store'

setupMswServer(...handlers)
afterEach(resetStore)

/** The key the demo keeps a visitor's records under, for a session with `sessionId`. */
const keyOf = (sessionId: string) => visitorKey(new Request(`http://demo/?sessionId=${sessionId}`))

const url = (path: string, query: Record<string, string>) =>
  new URL(`/api/v2/promo${served(path)}?${new URLSearchParams(query)}`, window.location.origin)

interface Answer {
  code: number
  message: string
  data: { sid?: string } | null
}

/** A fresh sid with its captcha picture served (as the `<img>` asks for it: no session), and its answer. */
async function captcha(sessionId: string): Promise<{ sid: string; capcode: string }> {
  const { data } = (await (await fetch(url(SID_PATH, { sessionId }))).json()) as Answer
  const sid = data?.sid ?? ''
  expect((await fetch(url(CAPTCHA_PATH, { sid, a: '1' }))).status).toBe(200)
  return { sid, capcode: captchaAnswer(sid, '1') }
}

async function post(path: string, sessionId: string, form: Record<string, string>): Promise<Answer> {
  const answer = await fetch(url(path, { sessionId }), { method: 'POST', body: new URLSearchParams(form) })
  return (await answer.json()) as Answer
}

type Check = { sid: string; capcode: string }
const sms = (sessionId: string, phone: string, check: Check) => post(SMS_PATH, sessionId, { phone, ...check })
const register = (sessionId: string, phone: string, check: Check, smsCode = smsCodeFor(phone)) =>
  post(REGISTER_PATH, sessionId, { phone, ...check, smsCode })

const PHONE = '13912345678'

test("a phone one visitor registered is another visitor's to register, and one visitor's SMS code is not another's", async () => {
  const alice = await captcha('alice')
  expect((await sms('alice', PHONE, alice)).code).toBe(0)
  expect((await register('alice', PHONE, alice)).code).toBe(0)
  expect((await sms('alice', PHONE, alice)).code).toBe(11)

  const bob = await captcha('bob')
  // Alice's code was sent to Alice's session: Bob has asked for none.
  expect(await register('bob', PHONE, bob)).toMatchObject({ code: 2, message: DEMO_MESSAGES.wrongSms })
  expect((await sms('bob', PHONE, bob)).code).toBe(0)
  expect((await register('bob', PHONE, bob)).code).toBe(0)
  expect(listRegistrations(keyOf('alice'))).toHaveLength(1)
  expect(listRegistrations(keyOf('bob'))).toHaveLength(1)
})

test('a sid cannot be guessed from another', async () => {
  const { sid } = await captcha('alice')
  expect(sid).toMatch(/^demo-sid-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
})

test(`a visitor keeps at most ${MAX_SMS_PER_VISITOR} SMS codes and ${MAX_REGISTRATIONS_PER_VISITOR} registrations: the oldest go first`, async () => {
  const check = await captcha('busy')
  const phone = (n: number) => `139${String(n).padStart(8, '0')}`
  for (let n = 0; n <= MAX_SMS_PER_VISITOR; n++) expect((await sms('busy', phone(n), check)).code).toBe(0)
  expect((await register('busy', phone(0), check)).code).toBe(2)
  expect((await register('busy', phone(1), check)).code).toBe(0)

  for (let n = 2; n <= MAX_REGISTRATIONS_PER_VISITOR + 1; n++) {
    await sms('busy', phone(n), check)
    expect((await register('busy', phone(n), check)).code).toBe(0)
  }
  const kept = listRegistrations(keyOf('busy')).map((r) => r.body.phone)
  expect(kept).toHaveLength(MAX_REGISTRATIONS_PER_VISITOR)
  expect(kept).not.toContain(phone(1))
})

test(
  `SMS codes of at most ${MAX_DEMO_VISITORS} visitors are kept: the least recent writer goes first`,
  async () => {
    const check = await captcha('anyone')
    for (let n = 0; n <= MAX_DEMO_VISITORS; n++) await sms(`visitor-${n}`, PHONE, check)
    expect((await register('visitor-0', PHONE, check)).code).toBe(2)
    expect((await register('visitor-1', PHONE, check)).code).toBe(0)
  },
  BULK_TIMEOUT_MS,
)

test(
  `at most ${MAX_CAPTCHA_SIDS} captcha sids are kept: the oldest goes first`,
  async () => {
    for (let n = 0; n <= MAX_CAPTCHA_SIDS; n++) await fetch(url(CAPTCHA_PATH, { sid: `sid-${n}`, a: '1' }))
    const answer = (sid: string) => ({ sid, capcode: captchaAnswer(sid, '1') })
    expect(await sms('alice', PHONE, answer('sid-0'))).toMatchObject({
      code: 101,
      message: DEMO_MESSAGES.noSid,
    })
    expect((await sms('alice', PHONE, answer('sid-1'))).code).toBe(0)
  },
  BULK_TIMEOUT_MS,
)
