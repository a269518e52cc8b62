import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { http as mswHttp, HttpResponse, type JsonBodyType as JsonBody } from 'msw'
import { MESSAGES as HTTP_MESSAGES } from 'shared/http'
import { promoPath } from 'shared/mocks'
import type * as Navigation from 'shared/navigation'
import { REFUSED_MESSAGE } from 'shared/navigation'
import type * as Schema from 'shared/schema'
import { MALFORMED_MESSAGE } from 'shared/schema'
import { renderWithUi, setupMswServer } from 'shared/testing'
import { fuzzRemote } from 'shared/testing/fuzz'
import { clearToasts } from 'shared/ui'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
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
import { handlers } from '../mocks/handlers'
import { DEMO_TEMPLATE_CONFIG, resetStore, smsCodeFor } from '../mocks/store'
import {
  AD_QUERY,
  DEMO_DEPLOYMENT,
  readCaptcha,
  recordPromoRequests,
  renderPromotion,
} from '../testing/promo-page'
import { MESSAGES } from '../content/messages'
import { PromotionApp } from './promotion-app'

// The download's link is checked where it is chosen, not followed (jsdom cannot navigate); unknown values
// are checked as the screens report them.
const { openServerLink, warnUnknown } = vi.hoisted(() => ({
  openServerLink: vi.fn(() => 'web' as const),
  warnUnknown: vi.fn(),
}))
vi.mock('shared/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof Navigation>()),
  openServerLink,
}))
vi.mock('shared/schema', async (importOriginal) => ({
  ...(await importOriginal<typeof Schema>()),
  warnUnknown,
}))

/** An answer that never comes (the connection drops). */
const NO_ANSWER = Symbol('no answer')

const path = (call: string) => promoPath(served(call))
const LANDING = [path(TEMPLATE_PATH), path(SID_PATH), path(TRACK_VISIT_PATH)]
const PHONE = '13912345678'

/** Types the phone and the captcha the picture shows, and asks for the SMS code. */
async function askForSms() {
  fireEvent.change(await screen.findByLabelText(MESSAGES.phone), { target: { value: PHONE } })
  fireEvent.change(screen.getByLabelText(MESSAGES.captcha), { target: { value: await readCaptcha() } })
  fireEvent.click(screen.getByRole('button', { name: /get verification code/ }))
}

/** Gets the SMS code (demo answers), types it and applies. */
async function apply() {
  await askForSms()
  await screen.findByText(MESSAGES.smsSent)
  fireEvent.change(screen.getByLabelText(MESSAGES.sms), { target: { value: smsCodeFor(PHONE) } })
  fireEvent.click(screen.getByRole('button', { name: MESSAGES.apply }))
}

const server = setupMswServer(...handlers)

fuzzRemote({
  remote: 'mf_promotion',
  server,
  handlers,
  reset: resetStore,
  render: (props) => void renderWithUi(<PromotionApp {...props} />, props.locale),
  screens: [
    { route: '/promotion', query: AD_QUERY, hash: '/registerTemplate', calls: LANDING },
    {
      route: '/promotion',
      name: 'SMS code',
      query: AD_QUERY,
      hash: '/registerTemplate',
      calls: [path(SMS_PATH)],
      demoCalls: LANDING,
      act: askForSms,
    },
    {
      route: '/promotion',
      name: 'applying',
      query: AD_QUERY,
      hash: '/registerTemplate',
      calls: [path(TRACK_CLICK_PATH), path(REGISTER_PATH)],
      demoCalls: [...LANDING, path(SMS_PATH)],
      act: apply,
    },
    {
      route: '/promotion',
      name: 'download page',
      query: AD_QUERY,
      hash: '/downloadTemplate',
      calls: [path(TEMPLATE_PATH)],
    },
    { route: '/promotion', name: 'agreement page', hash: '/agreementTemplate', calls: [] },
  ],
  unread: [{ path: path(CAPTCHA_PATH), why: 'the captcha picture: the browser loads it into <img>' }],
})

/*
 * Answers in the other shapes a real backend plausibly sends, per field of each call (issue #25, item 9): the
 * spec leaves the types open (a code as a number or as text, data null or missing, a configuration that is
 * empty, text or under other keys), and names only some codes. Each shape has the outcome the visitor must
 * get: never a blank page, never the request helper's English text on this Chinese page, and an unknown
 * value logged once through warnUnknown.
 */
describe('answers in other plausible shapes', () => {
  const ANDROID_STORE = DEMO_DEPLOYMENT.androidDownloadUrl
  const LONG_TITLE = '极速借款'.repeat(2_500)
  const LONG_MESSAGE = '请'.repeat(5_000)
  /** The texts the request helper and the shared schema fall back to: English, so never on these pages. */
  const HELPER_TEXTS = [...Object.values(HTTP_MESSAGES), MALFORMED_MESSAGE, REFUSED_MESSAGE]

  const answer = (method: 'get' | 'post', call: string, body: unknown) =>
    server.use(
      mswHttp[method](path(call), () =>
        body === NO_ANSWER ? HttpResponse.error() : HttpResponse.json(body as JsonBody),
      ),
    )

  /** What is wrong with the page: blank, or showing a helper's English text. */
  const pageProblems = () => {
    const text = document.body.textContent ?? ''
    return [
      ...(text.trim() === '' ? ['blank page'] : []),
      ...HELPER_TEXTS.filter((helper) => text.includes(helper)),
    ]
  }

  /** warnUnknown's calls, each (field, value) once however often it was called. */
  const unknownValues = () =>
    [...new Set(warnUnknown.mock.calls.map((call) => JSON.stringify(call)))].map(
      (call) => JSON.parse(call) as unknown,
    )

  beforeEach(() => {
    warnUnknown.mockClear()
    openServerLink.mockClear()
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
  })
  afterEach(async () => {
    cleanup()
    clearToasts()
    // Gone before the next shape, which may expect the same text.
    await vi.waitFor(() => expect(document.querySelector('.adm-toast-mask')).toBeNull())
    resetStore()
    vi.restoreAllMocks()
  })

  interface TemplateShape {
    name: string
    body: unknown
    /** The landing's heading. */
    title: string
    /** The link the download opens: the template's for Android, or the deployment's store link. */
    link: string
    toast?: string
    unknown?: [string, unknown][]
  }

  const demo = (config: unknown = DEMO_TEMPLATE_CONFIG, code: unknown = 0) => ({
    code,
    message: 'success',
    data: { id: '7', config },
  })
  const PLAIN = { title: MESSAGES.title, link: ANDROID_STORE }
  const TEMPLATE = { title: DEMO_TEMPLATE_CONFIG.title, link: DEMO_TEMPLATE_CONFIG.androidUrl }

  const TEMPLATE_SHAPES: TemplateShape[] = [
    { name: 'code as the text "0"', body: demo(DEMO_TEMPLATE_CONFIG, '0'), ...TEMPLATE },
    {
      name: 'code "00", id a number, config as JSON text',
      body: { code: '00', message: 'ok', data: { id: 7, config: JSON.stringify(DEMO_TEMPLATE_CONFIG) } },
      ...TEMPLATE,
    },
    {
      name: 'config as JSON text inside JSON text',
      body: demo(JSON.stringify(JSON.stringify(DEMO_TEMPLATE_CONFIG))),
      ...TEMPLATE,
    },
    { name: 'no config', body: { code: 0, message: 'success', data: { id: '7' } }, ...PLAIN },
    { name: 'config null', body: demo(null), ...PLAIN },
    { name: 'an empty config', body: demo({}), ...PLAIN },
    { name: 'config as empty text', body: demo(''), ...PLAIN },
    { name: 'config that is no JSON', body: demo('title=极速借款'), ...PLAIN },
    { name: 'config a list', body: demo([DEMO_TEMPLATE_CONFIG]), ...PLAIN },
    {
      name: 'the display keys under other names',
      body: demo({
        name: '极速借款',
        bgColor: '#0958d9',
        btn_color: '#ad4e00',
        android_url: DEMO_TEMPLATE_CONFIG.androidUrl,
        downloadUrl: DEMO_TEMPLATE_CONFIG.androidUrl,
      }),
      ...PLAIN,
    },
    { name: 'data null', body: { code: 0, message: 'success', data: null }, ...PLAIN },
    { name: 'no data', body: { code: 0, message: 'success' }, ...PLAIN },
    { name: 'data a text', body: { code: 0, message: 'success', data: 'ok' }, ...PLAIN },
    {
      name: 'a very long title',
      body: demo({ ...DEMO_TEMPLATE_CONFIG, title: LONG_TITLE }),
      title: LONG_TITLE,
      link: TEMPLATE.link,
    },
    { name: 'a title as a number', body: demo({ title: 2026 }), title: '2026', link: ANDROID_STORE },
    {
      name: 'links that are no web link',
      body: demo({ ...DEMO_TEMPLATE_CONFIG, androidUrl: 'market://details?id=ph.cashloan', iosUrl: 'main' }),
      title: TEMPLATE.title,
      link: ANDROID_STORE,
      unknown: [['template androidUrl', 'market://details?id=ph.cashloan']],
    },
    {
      name: 'a link on a host the deployment does not list',
      body: demo({ androidUrl: 'https://evil.example/cashloan.apk' }),
      ...PLAIN,
      unknown: [['template androidUrl', 'https://evil.example/cashloan.apk']],
    },
    {
      name: 'a link as a number',
      body: demo({ androidUrl: 12345 }),
      ...PLAIN,
      unknown: [['template androidUrl', '12345']],
    },
    {
      name: 'an unknown code with a message',
      body: { code: 7, message: '模板已下线', data: null },
      ...PLAIN,
      toast: '模板已下线',
      unknown: [['channel-template code', 7]],
    },
    {
      name: 'an unknown code as text, without a message',
      body: { code: '500', message: '' },
      ...PLAIN,
      toast: MESSAGES.templateFailed,
      unknown: [['channel-template code', '500']],
    },
    { name: 'no code', body: { message: 'success', data: { id: '7' } }, ...PLAIN, toast: MESSAGES.error },
    { name: 'code null', body: { code: null, message: 'x' }, ...PLAIN, toast: MESSAGES.error },
  ]

  test.each(TEMPLATE_SHAPES)('template with $name: a working landing and download page', async (shape) => {
    answer('get', TEMPLATE_PATH, shape.body)
    // The download page first: its button turns on once the template has answered.
    renderPromotion(AD_QUERY, '/downloadTemplate', DEMO_DEPLOYMENT)
    const download = await screen.findByRole('button', { name: MESSAGES.download })
    await vi.waitFor(() => expect(download).toBeEnabled())
    if (shape.toast) expect(await screen.findByText(shape.toast)).toBeInTheDocument()
    fireEvent.click(download)
    expect(openServerLink).toHaveBeenCalledWith(shape.link, expect.anything())
    expect(pageProblems()).toEqual([])
    cleanup()
    clearToasts()

    let answered = false
    const onAnswer = ({ request }: { request: Request }) => {
      if (request.url.includes('/channel-template')) answered = true
    }
    server.events.on('response:mocked', onAnswer)
    renderPromotion(AD_QUERY, '/registerTemplate', DEMO_DEPLOYMENT)
    await vi.waitFor(() => expect(answered).toBe(true))
    server.events.removeListener('response:mocked', onAnswer)
    // The answer read and rendered (the landing has nothing else to wait for when it keeps its plain look).
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    if (shape.toast) expect(await screen.findByText(shape.toast)).toBeInTheDocument()
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(shape.title))
    expect(screen.getByLabelText(MESSAGES.phone)).toBeEnabled()
    expect(screen.getByRole('button', { name: MESSAGES.apply })).toBeEnabled()
    expect(pageProblems()).toEqual([])
    expect(unknownValues()).toEqual(shape.unknown ?? [])
  })

  test('template colours: any CSS colour notation colours the page; anything else leaves it plain', async () => {
    answer(
      'get',
      TEMPLATE_PATH,
      demo({ title: 'T', backgroundColor: 'rgb(9, 88, 217)', buttonColor: 'orange' }),
    )
    const first = renderPromotion(AD_QUERY, '/registerTemplate', DEMO_DEPLOYMENT)
    await screen.findByRole('heading', { name: 'T' })
    expect(first.view.container.querySelector('.promo-header')).toHaveStyle({
      backgroundColor: 'rgb(9, 88, 217)',
      color: '#ffffff',
    })
    expect(screen.getByRole('button', { name: MESSAGES.apply })).toHaveStyle({ color: '#000000' })
    cleanup()
    answer(
      'get',
      TEMPLATE_PATH,
      demo({ title: 'U', backgroundColor: 'url(https://evil.example/x.png)', buttonColor: '#12345' }),
    )
    const second = renderPromotion(AD_QUERY, '/registerTemplate', DEMO_DEPLOYMENT)
    await screen.findByRole('heading', { name: 'U' })
    expect(second.view.container.querySelector('.promo-header')).not.toHaveAttribute('style')
    expect(screen.getByRole('button', { name: MESSAGES.apply })).not.toHaveAttribute('style')
  })

  interface SidShape {
    name: string
    body: unknown
    /** The sid the captcha picture is asked for with, or null when the page has none (and says so). */
    sid: string | null
    toast?: string
    unknown?: [string, unknown][]
  }

  const sidAnswer = (data: unknown, code: unknown = 0) => ({ code, message: 'success', data })
  const NO_SID = { sid: null, toast: MESSAGES.sidMissing }

  const SID_SHAPES: SidShape[] = [
    { name: 'code "0"', body: sidAnswer({ sid: 'sid-text' }, '0'), sid: 'sid-text' },
    { name: 'a sid as a number', body: sidAnswer({ sid: 123456 }), sid: '123456' },
    { name: 'an empty data', body: sidAnswer({}), ...NO_SID },
    { name: 'an empty sid', body: sidAnswer({ sid: '' }), ...NO_SID },
    { name: 'a blank sid', body: sidAnswer({ sid: '   ' }), ...NO_SID },
    { name: 'sid null', body: sidAnswer({ sid: null }), ...NO_SID },
    { name: 'data null', body: sidAnswer(null), ...NO_SID },
    { name: 'no data', body: { code: 0, message: 'success' }, ...NO_SID },
    { name: 'the sid as the data itself', body: sidAnswer('sid-text'), ...NO_SID },
    {
      name: 'an unknown code with a message',
      body: { code: 3, message: '会话服务维护中' },
      sid: null,
      toast: '会话服务维护中',
      unknown: [['get-sid code', 3]],
    },
    {
      name: 'an unknown code as text, without a message',
      body: { code: '3' },
      ...NO_SID,
      unknown: [['get-sid code', '3']],
    },
    { name: 'no answer', body: NO_ANSWER, sid: null, toast: MESSAGES.error },
  ]

  test.each(SID_SHAPES)('get-sid with $name', async (shape) => {
    answer('get', SID_PATH, shape.body)
    renderPromotion(AD_QUERY, '/registerTemplate', DEMO_DEPLOYMENT)
    if (shape.sid === null) {
      expect(await screen.findByText(shape.toast ?? '')).toBeInTheDocument()
      expect(screen.queryByRole('img', { name: MESSAGES.captchaImage })).not.toBeInTheDocument()
      expect(screen.getByRole('button', { name: MESSAGES.captchaRefresh })).toBeInTheDocument()
    } else {
      const image = (await screen.findByRole('img', { name: MESSAGES.captchaImage })) as HTMLImageElement
      expect(new URL(image.src).searchParams.get('sid')).toBe(shape.sid)
    }
    expect(screen.getByLabelText(MESSAGES.phone)).toBeEnabled()
    expect(pageProblems()).toEqual([])
    expect(unknownValues()).toEqual(shape.unknown ?? [])
  })

  type After = 'countdown' | 'download' | 'new picture' | 'stays'

  interface CodeShape {
    name: string
    body: unknown
    toast: string
    after: After
    unknown?: [string, unknown][]
  }

  const refusal = (code: unknown, message?: string) => ({
    code,
    ...(message === undefined ? {} : { message }),
  })

  const SMS_SHAPES: CodeShape[] = [
    {
      name: '0',
      body: { code: 0, message: 'success', data: null },
      toast: MESSAGES.smsSent,
      after: 'countdown',
    },
    {
      name: '"0", no data',
      body: { code: '0', message: 'success' },
      toast: MESSAGES.smsSent,
      after: 'countdown',
    },
    {
      name: '"00", data a text',
      body: { code: '00', data: 'sent' },
      toast: MESSAGES.smsSent,
      after: 'countdown',
    },
    { name: '11', body: refusal(11, '该手机号已注册'), toast: MESSAGES.alreadyRegistered, after: 'download' },
    { name: '"11"', body: refusal('11'), toast: MESSAGES.alreadyRegistered, after: 'download' },
    { name: '101', body: refusal(101, '图形验证码错误'), toast: '图形验证码错误', after: 'new picture' },
    {
      name: '"101" without a message',
      body: refusal('101'),
      toast: MESSAGES.captchaInvalid,
      after: 'new picture',
    },
    {
      name: '-1 (register’s wrong captcha, not get-sms’s)',
      body: refusal(-1, '参数错误'),
      toast: '参数错误',
      after: 'stays',
      unknown: [['get-sms code', -1]],
    },
    {
      name: 'an unknown code with a message',
      body: refusal(2, '今日短信发送次数已达上限'),
      toast: '今日短信发送次数已达上限',
      after: 'stays',
      unknown: [['get-sms code', 2]],
    },
    {
      name: 'an unknown code as text, blank message',
      body: refusal('9999', ' '),
      toast: MESSAGES.smsFailed,
      after: 'stays',
      unknown: [['get-sms code', '9999']],
    },
    {
      name: 'an unknown code with a very long message',
      body: refusal(2, LONG_MESSAGE),
      toast: `${LONG_MESSAGE.slice(0, 200)}…`,
      after: 'stays',
      unknown: [['get-sms code', 2]],
    },
    { name: 'no code', body: { message: 'success' }, toast: MESSAGES.error, after: 'stays' },
    { name: 'no answer', body: NO_ANSWER, toast: MESSAGES.error, after: 'stays' },
  ]

  const REGISTER_SHAPES: CodeShape[] = [
    {
      name: '0',
      body: { code: 0, message: 'success', data: null },
      toast: MESSAGES.registered,
      after: 'download',
    },
    {
      name: '"0", data an object',
      body: { code: '0', data: { uid: 9 } },
      toast: MESSAGES.registered,
      after: 'download',
    },
    { name: '11', body: refusal(11, '该手机号已注册'), toast: MESSAGES.alreadyRegistered, after: 'download' },
    { name: '"11"', body: refusal('11'), toast: MESSAGES.alreadyRegistered, after: 'download' },
    { name: '-1', body: refusal(-1, '图形验证码错误'), toast: '图形验证码错误', after: 'new picture' },
    {
      name: '"-1" without a message',
      body: refusal('-1'),
      toast: MESSAGES.captchaInvalid,
      after: 'new picture',
    },
    {
      name: '101 (get-sms’s wrong captcha, not register’s)',
      body: refusal(101, '验证码错误'),
      toast: '验证码错误',
      after: 'stays',
      unknown: [['register code', 101]],
    },
    {
      name: 'an unknown code without a message',
      body: refusal(5),
      toast: MESSAGES.registerFailed,
      after: 'stays',
      unknown: [['register code', 5]],
    },
    { name: 'code null', body: refusal(null, '短信验证码错误'), toast: MESSAGES.error, after: 'stays' },
    { name: 'no answer', body: NO_ANSWER, toast: MESSAGES.error, after: 'stays' },
  ]

  const stampOf = () =>
    new URL(
      (screen.getByRole('img', { name: MESSAGES.captchaImage }) as HTMLImageElement).src,
    ).searchParams.get('a')

  /** What the visitor sees after the answer, beside its toast. */
  async function expectAfter(after: After, navigate: ReturnType<typeof vi.fn>, stamp: string | null) {
    const toDownload = expect.stringContaining('#/downloadTemplate')
    if (after === 'download') expect(navigate).toHaveBeenCalledWith(toDownload)
    else expect(navigate).not.toHaveBeenCalled()
    if (after === 'countdown') {
      expect(screen.getByRole('button', { name: /^\d+s$/ })).toBeInTheDocument()
    } else {
      expect(screen.getByRole('button', { name: MESSAGES.getCode })).toBeInTheDocument()
    }
    if (after === 'new picture') {
      await vi.waitFor(() => expect(stampOf()).not.toBe(stamp))
      expect(screen.getByLabelText(MESSAGES.captcha)).toHaveValue('')
    } else {
      expect(stampOf()).toBe(stamp)
    }
    expect(screen.getByRole('button', { name: MESSAGES.apply })).toBeEnabled()
  }

  test.each(SMS_SHAPES)('get-sms answering $name', async (shape) => {
    answer('post', SMS_PATH, shape.body)
    const { props } = renderPromotion(AD_QUERY, '/registerTemplate', DEMO_DEPLOYMENT)
    await askForSms()
    const stamp = stampOf()
    expect(await screen.findByText(shape.toast)).toBeInTheDocument()
    await expectAfter(shape.after, props.navigate, stamp)
    expect(pageProblems()).toEqual([])
    expect(unknownValues()).toEqual(shape.unknown ?? [])
  })

  /** Fills the form (the register answer is the test's, so any captcha and SMS code do) and applies. */
  async function fillAndApply() {
    fireEvent.change(await screen.findByLabelText(MESSAGES.phone), { target: { value: PHONE } })
    await screen.findByRole('img', { name: MESSAGES.captchaImage })
    fireEvent.change(screen.getByLabelText(MESSAGES.captcha), { target: { value: 'ABCD' } })
    fireEvent.change(screen.getByLabelText(MESSAGES.sms), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.apply }))
  }

  test.each(REGISTER_SHAPES)('register answering $name', async (shape) => {
    answer('post', REGISTER_PATH, shape.body)
    const { props } = renderPromotion(AD_QUERY, '/registerTemplate', DEMO_DEPLOYMENT)
    await fillAndApply()
    const stamp = new URL(
      (screen.getByRole('img', { name: MESSAGES.captchaImage }) as HTMLImageElement).src,
    ).searchParams.get('a')
    expect(await screen.findByText(shape.toast)).toBeInTheDocument()
    await expectAfter(shape.after, props.navigate, stamp)
    expect(pageProblems()).toEqual([])
    expect(unknownValues()).toEqual(shape.unknown ?? [])
  })

  const UNUSED_ANSWERS: [string, unknown][] = [
    ['a refusal with a message', refusal(1, '统计服务异常')],
    ['"0" with data a text', { code: '0', data: 'ok' }],
    ['no envelope', { ok: true }],
    ['no answer', NO_ANSWER],
  ]

  test.each(UNUSED_ANSWERS)(
    'track-visit and track-click answering %s: nothing shown, the registration goes on',
    async (_, body) => {
      answer('get', TRACK_VISIT_PATH, body)
      answer('get', TRACK_CLICK_PATH, body)
      answer('post', REGISTER_PATH, { code: 0, message: 'success' })
      const requests = recordPromoRequests(server)
      const { props } = renderPromotion(AD_QUERY, '/registerTemplate', DEMO_DEPLOYMENT)
      await fillAndApply()
      expect(await screen.findByText(MESSAGES.registered)).toBeInTheDocument()
      expect(props.navigate).toHaveBeenCalledWith(expect.stringContaining('#/downloadTemplate'))
      expect(requests.to('/promotion/track-visit')).toHaveLength(1)
      expect(requests.to('/promotion/track-click')).toHaveLength(1)
      expect(screen.queryByText('统计服务异常')).not.toBeInTheDocument()
      expect(screen.queryByText(MESSAGES.error)).not.toBeInTheDocument()
      expect(pageProblems()).toEqual([])
    },
  )
})
