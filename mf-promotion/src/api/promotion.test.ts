import { http as mswHttp, HttpResponse } from 'msw'
import { promoPath } from 'shared/mocks'
import type * as Schema from 'shared/schema'
import { createTestProps, setupMswServer } from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { MESSAGES } from '../content/messages'
import { handlers } from '../mocks/handlers'
import { SMS_INPUT } from '../testing/promo-page'
import { clientType, getSid, getTemplate, register, sendSms } from './promotion'

const { warnUnknown } = vi.hoisted(() => ({ warnUnknown: vi.fn() }))
vi.mock('shared/schema', async (importOriginal) => ({
  ...(await importOriginal<typeof Schema>()),
  warnUnknown,
}))
afterEach(() => warnUnknown.mockClear())

const server = setupMswServer(...handlers)
const TEMPLATE = promoPath('/service/channel/channel-template')
const SID = promoPath('/promotion/get-sid')
const SMS = promoPath('/promotion/get-sms')
const REGISTER = promoPath('/promotion/register')

const answer = (data: unknown) =>
  server.use(mswHttp.get(TEMPLATE, () => HttpResponse.json({ code: '0', message: 'ok', data })))

test('the template configuration is read from JSON text or an object', async () => {
  const { http } = createTestProps()
  answer({ id: 5, config: '{"title":"T","androidUrl":"https://a.example/x.apk"}' })
  expect(await getTemplate(http, '5')).toEqual({
    ok: true,
    data: {
      id: '5',
      config: {
        title: 'T',
        subtitle: '',
        backgroundColor: '',
        buttonColor: '',
        androidUrl: 'https://a.example/x.apk',
        iosUrl: '',
      },
    },
  })
  answer({ id: 5, config: { title: 'O', backgroundColor: '#abc' } })
  const result = await getTemplate(http, '5')
  expect(result.ok && result.data.config).toMatchObject({ title: 'O', backgroundColor: '#abc' })
})

test('a configuration that is no JSON, or a colour that is no colour, is dropped, not the page', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const { http } = createTestProps()
  answer({ id: 5, config: 'not json' })
  const plain = await getTemplate(http, '5')
  expect(plain.ok && plain.data.config.title).toBe('')
  answer({ id: 5, config: { title: 'T', buttonColor: 'red;background:url(x)' } })
  const result = await getTemplate(http, '5')
  expect(result.ok && result.data.config).toMatchObject({ title: 'T', buttonColor: '' })
  warn.mockRestore()
})

test('the client type is ios for iPhone, iPad and iPod, android otherwise', () => {
  expect(clientType('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)')).toBe('ios')
  expect(clientType('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios')
  expect(clientType('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('android')
  expect(clientType('Mozilla/5.0 (X11; Linux x86_64)')).toBe('android')
})

const NO_DISPLAY_KEYS = {
  title: '',
  subtitle: '',
  backgroundColor: '',
  buttonColor: '',
  androidUrl: '',
  iosUrl: '',
}

test.each<[string, unknown]>([
  ['no config', { id: 5 }],
  ['config null', { id: 5, config: null }],
  ['an empty config', { id: 5, config: {} }],
  ['config as empty text', { id: 5, config: '' }],
  ['config as the text {}', { id: 5, config: '{}' }],
  ['config that is no JSON', { id: 5, config: 'not json' }],
  ['config a list', { id: 5, config: [{ title: 'T' }] }],
  ['config a number', { id: 5, config: 3 }],
  [
    'the display keys under other names',
    { id: 5, config: { name: 'T', bgColor: '#f00', android_url: 'https://a.example/x.apk' } },
  ],
  ['data null', null],
  ['no data', undefined],
  ['data a text', 'ok'],
  ['data a list', [{ id: 5 }]],
])('a template with %s gives the plain configuration, never a failure', async (_, data) => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const { http } = createTestProps()
  answer(data)
  const result = await getTemplate(http, '5')
  expect(result.ok && result.data.config).toEqual(NO_DISPLAY_KEYS)
  warn.mockRestore()
})

test('config as JSON text inside JSON text (a tool that stored it twice) is read', async () => {
  const { http } = createTestProps()
  answer({ id: 5, config: JSON.stringify(JSON.stringify({ title: 'T', iosUrl: 'https://a.example/i' })) })
  const result = await getTemplate(http, '5')
  expect(result.ok && result.data.config).toMatchObject({ title: 'T', iosUrl: 'https://a.example/i' })
})

test('colours in any CSS colour notation are kept; anything that is no colour is dropped', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const { http } = createTestProps()
  const read = async (backgroundColor: unknown) => {
    answer({ id: 5, config: { backgroundColor } })
    const result = await getTemplate(http, '5')
    return result.ok ? result.data.config.backgroundColor : null
  }
  for (const kept of ['#abc', '#abcd', '#0958D9', '#0958d980', 'rgb(9, 88, 217)', 'rgba(9,88,217,.8)']) {
    expect(await read(kept)).toBe(kept)
  }
  for (const kept of ['rgb(9 88 217 / 50%)', 'hsl(217, 92%, 44%)', 'hsla(217deg 92% 44% / 0.5)', 'orange']) {
    expect(await read(kept)).toBe(kept)
  }
  expect(await read(' RebeccaPurple ')).toBe('RebeccaPurple')
  for (const dropped of [
    '#abcde',
    'url(https://evil.example/x)',
    'red;background:url(x)',
    'rgb(1,2)',
    'bluish',
    7,
  ]) {
    expect(await read(dropped)).toBe('')
  }
  warn.mockRestore()
})

test('a captcha session without a sid is refused in Chinese, never with the helper’s English text', async () => {
  const { http } = createTestProps()
  for (const data of [{}, { sid: '' }, { sid: '  ' }, { sid: null }, null, undefined, 'demo-sid']) {
    server.use(mswHttp.get(SID, () => HttpResponse.json({ code: 0, message: 'success', data })))
    expect(await getSid(http)).toEqual({ ok: false, message: MESSAGES.sidMissing, notified: false })
  }
  server.use(mswHttp.get(SID, () => HttpResponse.json({ code: '0', data: { sid: 123456 } })))
  expect(await getSid(http)).toEqual({ ok: true, data: '123456' })
})

test('a failure without a message of its own gets the call’s Chinese default; the helper’s English never shows', async () => {
  const { http } = createTestProps()
  const refuse = (path: string, body: unknown) =>
    server.use(mswHttp.all(path, () => HttpResponse.json(body as Record<string, unknown>)))
  refuse(TEMPLATE, { code: '500', message: '' })
  expect(await getTemplate(http, '5')).toMatchObject({ ok: false, message: MESSAGES.templateFailed })
  refuse(SID, { code: 3 })
  expect(await getSid(http)).toMatchObject({ ok: false, message: MESSAGES.sidMissing })
  refuse(SMS, { code: 2, message: '   ' })
  expect(await sendSms(http, SMS_INPUT)).toEqual({ kind: 'failed', message: MESSAGES.smsFailed })
  refuse(REGISTER, { code: 5 })
  expect(await register(http, { ...SMS_INPUT, smsCode: '123456' })).toEqual({
    kind: 'failed',
    message: MESSAGES.registerFailed,
  })
  refuse(SMS, { code: '101' })
  expect(await sendSms(http, SMS_INPUT)).toEqual({ kind: 'wrongCaptcha', message: MESSAGES.captchaInvalid })
  refuse(REGISTER, { code: '-1', message: '' })
  expect(await register(http, { ...SMS_INPUT, smsCode: '123456' })).toEqual({
    kind: 'wrongCaptcha',
    message: MESSAGES.captchaInvalid,
  })
})

test.each<[string, unknown, string]>([
  ['get-sms', 11, 'alreadyRegistered'],
  ['get-sms', '11', 'alreadyRegistered'],
  ['get-sms', ' 101 ', 'wrongCaptcha'],
  ['get-sms', '00', 'done'],
  ['register', '11', 'alreadyRegistered'],
  ['register', '-1', 'wrongCaptcha'],
  ['register', '0', 'done'],
  ['register', '0x0B', 'failed'],
  ['register', '11.5', 'failed'],
])('%s code %j (number or text) reads as %s', async (call, code, kind) => {
  const { http } = createTestProps()
  server.use(
    mswHttp.post(call === 'get-sms' ? SMS : REGISTER, () => HttpResponse.json({ code, message: 'm' })),
  )
  const outcome =
    call === 'get-sms' ? await sendSms(http, SMS_INPUT) : await register(http, { ...SMS_INPUT, smsCode: '1' })
  expect(outcome.kind).toBe(kind)
})

test('a code the spec does not name is shown with its message and logged once as unknown', async () => {
  const { http } = createTestProps()
  server.use(mswHttp.post(SMS, () => HttpResponse.json({ code: -1, message: '请求过于频繁' })))
  expect(await sendSms(http, SMS_INPUT)).toEqual({ kind: 'failed', message: '请求过于频繁' })
  expect(warnUnknown).toHaveBeenCalledWith('get-sms code', -1)
  server.use(mswHttp.post(REGISTER, () => HttpResponse.json({ code: 101, message: '验证码错误' })))
  expect(await register(http, { ...SMS_INPUT, smsCode: '1' })).toEqual({
    kind: 'failed',
    message: '验证码错误',
  })
  expect(warnUnknown).toHaveBeenCalledWith('register code', 101)
  server.use(mswHttp.get(TEMPLATE, () => HttpResponse.json({ code: 7, message: '模板已下线' })))
  expect(await getTemplate(http, '5')).toMatchObject({ ok: false, message: '模板已下线' })
  expect(warnUnknown).toHaveBeenCalledWith('channel-template code', 7)
  server.use(mswHttp.get(SID, () => HttpResponse.json({ code: '9', message: '维护中' })))
  expect(await getSid(http)).toMatchObject({ ok: false, message: '维护中' })
  expect(warnUnknown).toHaveBeenCalledWith('get-sid code', '9')
  expect(warnUnknown).toHaveBeenCalledTimes(4)
  // The spec's own codes and a call that got no answer are no unknown value.
  warnUnknown.mockClear()
  server.use(mswHttp.post(SMS, () => HttpResponse.json({ code: 101, message: 'x' })))
  await sendSms(http, SMS_INPUT)
  server.use(mswHttp.post(REGISTER, () => HttpResponse.error()))
  await register(http, { ...SMS_INPUT, smsCode: '1' })
  expect(warnUnknown).not.toHaveBeenCalled()
})
