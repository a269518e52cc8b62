import { act, screen, waitFor } from '@testing-library/react'
import { delay, http as mswHttp, HttpResponse } from 'msw'
import { promoPath } from 'shared/mocks'
import type { HostHttp } from 'shared/http'
import { MALFORMED_MESSAGE } from 'shared/schema'
import { setupFileClock, setupMswServer } from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { served, SID_PATH, SMS_PATH, TRACK_VISIT_PATH } from '../../api/paths'
import { MESSAGES } from '../../content/messages'
import { handlers } from '../../mocks/handlers'
import { DEMO_MESSAGES, listRegistrations, resetStore, SCENARIOS, smsCodeFor } from '../../mocks/store'
import {
  AD_QUERY,
  captchaImage,
  readCaptcha,
  recordPromoRequests,
  renderPromotion,
} from '../../testing/promo-page'

const server = setupMswServer(...handlers)
// The SMS code's countdown is ours to drive.
const setupUser = setupFileClock()
afterEach(() => {
  resetStore()
  vi.restoreAllMocks()
})

const PHONE = '13912345678'
const DOWNLOAD = '?app_from=fb&user_from=u-42&utm_tag=summer&id=7&links_id=L1#/downloadTemplate'

/** What both tracking calls carry from AD_QUERY, on an Android phone (the test's user agent). */
const AD_TRACKING = {
  page_id: '7',
  user_from: 'u-42',
  client_type: 'android',
  page_type: '1',
  utm_tag: 'summer',
  app_from: 'fb',
}

async function renderLanding(query: Record<string, string> = AD_QUERY) {
  const user = setupUser()
  const requests = recordPromoRequests(server)
  const rendered = renderPromotion(query)
  await screen.findByRole('img', { name: MESSAGES.captchaImage })
  return { ...rendered, user, requests }
}

const phoneInput = () => screen.getByLabelText(MESSAGES.phone)
const captchaInput = () => screen.getByLabelText(MESSAGES.captcha)
const smsInput = () => screen.getByLabelText(MESSAGES.sms)
const smsButton = () => screen.getByRole('button', { name: /get verification code|^\d+s$/ })
const apply = () => screen.getByRole('button', { name: MESSAGES.apply })
const stampOf = (image: HTMLImageElement) => new URL(image.src).searchParams.get('a')

async function fillPhoneAndCaptcha(user: ReturnType<typeof setupUser>, phone = PHONE) {
  await user.type(phoneInput(), phone)
  await user.type(captchaInput(), await readCaptcha())
}

test('the landing: the template, the visit counted, a captcha picture for a fresh sid', async () => {
  const { requests } = await renderLanding()
  expect(await screen.findByRole('heading', { name: '极速借款，最快3分钟到账' })).toBeInTheDocument()
  expect(requests.to('/service/channel/channel-template')[0].query.templateId).toBe('7')
  await waitFor(() => expect(requests.to('/promotion/track-visit')).toHaveLength(1))
  expect(requests.to('/promotion/track-visit')[0].query).toMatchObject(AD_TRACKING)
  const image = new URL(captchaImage().src)
  expect(image.pathname).toBe('/api/v2/promo/promotion/get-captcha')
  expect(image.searchParams.get('sid')).toMatch(/^demo-sid-/)
  expect(Number(image.searchParams.get('a'))).toBeGreaterThan(0)
  expect(smsButton()).toHaveTextContent('get verification code')
})

test("the landing's data is in while the visit count has no answer: nothing waits for it (issue #40)", async () => {
  server.use(mswHttp.get(promoPath(served(TRACK_VISIT_PATH)), () => delay('infinite')))
  const { props, requests } = await renderLanding()
  await waitFor(() => expect(requests.to('/promotion/track-visit')).toHaveLength(1))
  // What the shell waits for before it loads the toasts ahead of the borrower's first tap (shared/host).
  const settled = await Promise.race([
    (props.http as HostHttp).quiet().then(() => 'quiet'),
    new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1000)),
  ])
  expect(settled).toBe('quiet')
})

test('an iPhone visit is counted as ios', async () => {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  )
  const { requests } = await renderLanding()
  await waitFor(() => expect(requests.to('/promotion/track-visit')).toHaveLength(1))
  expect(requests.to('/promotion/track-visit')[0].query.client_type).toBe('ios')
})

test('a template the server refuses shows its message; the form still works', async () => {
  await renderLanding({ ...AD_QUERY, id: SCENARIOS.templateError })
  expect(await screen.findByText(DEMO_MESSAGES.templateError)).toBeInTheDocument()
  expect(screen.getByRole('heading', { name: MESSAGES.title })).toBeInTheDocument()
  expect(phoneInput()).toBeEnabled()
})

test('a template call that gets no answer shows error', async () => {
  await renderLanding({ ...AD_QUERY, id: SCENARIOS.templateOffline })
  expect(await screen.findByText('error')).toBeInTheDocument()
})

/**
 * No captcha picture while the captcha session failed; once the server answers again, a phone typed and a tap
 * on refresh bring one.
 */
async function expectPictureOnlyOnceRefreshed(user: ReturnType<typeof setupUser>) {
  expect(screen.queryByRole('img', { name: MESSAGES.captchaImage })).not.toBeInTheDocument()
  server.resetHandlers()
  await user.type(phoneInput(), PHONE)
  await user.click(screen.getByRole('button', { name: MESSAGES.captchaRefresh }))
  expect(await screen.findByRole('img', { name: MESSAGES.captchaImage })).toBeInTheDocument()
}

test('a captcha session the server refuses shows its message; refreshing asks for a new one', async () => {
  const user = setupUser()
  server.use(
    mswHttp.get(promoPath('/promotion/get-sid'), () => HttpResponse.json({ code: 1, message: '会话失败' })),
  )
  renderPromotion()
  expect(await screen.findByText('会话失败')).toBeInTheDocument()
  await expectPictureOnlyOnceRefreshed(user)
})

test('a captcha session answer without a sid is told in Chinese, as the landing; refreshing asks again', async () => {
  const user = setupUser()
  server.use(
    mswHttp.get(promoPath('/promotion/get-sid'), () =>
      HttpResponse.json({ code: 0, message: 'success', data: { sid: '' } }),
    ),
  )
  renderPromotion()
  expect(await screen.findByText(MESSAGES.sidMissing)).toBeInTheDocument()
  expect(MESSAGES.sidMissing).toMatch(/^[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef“”]+$/)
  expect(screen.queryByText(MALFORMED_MESSAGE)).not.toBeInTheDocument()
  await expectPictureOnlyOnceRefreshed(user)
})

test('a captcha session call that gets no answer shows error', async () => {
  server.use(mswHttp.get(promoPath('/promotion/get-sid'), () => HttpResponse.error()))
  renderPromotion()
  expect(await screen.findByText('error')).toBeInTheDocument()
})

test('input beyond 11, 4 and 6 characters is ignored', async () => {
  const { user } = await renderLanding()
  await user.type(phoneInput(), '139123456789999')
  expect(phoneInput()).toHaveValue('13912345678')
  await user.type(captchaInput(), 'ABCDEF')
  expect(captchaInput()).toHaveValue('ABCD')
  await user.type(smsInput(), '12345678')
  expect(smsInput()).toHaveValue('123456')
})

test.each([
  ['empty', ''],
  ['10 digits', '1391234567'],
  ['second digit 2', '12912345678'],
  ['not starting with 1', '23912345678'],
  ['letters', '139abcd5678'],
])('a phone that is not 1[3-9] + 9 digits (%s) is refused before anything else', async (_, phone) => {
  const { user, requests } = await renderLanding()
  if (phone) await user.type(phoneInput(), phone)
  await user.type(captchaInput(), 'ABCD')
  await user.type(smsInput(), '123456')
  await user.click(apply())
  expect(await screen.findByText(MESSAGES.phoneInvalid)).toBeInTheDocument()
  await user.click(smsButton())
  expect(requests.to('/promotion/register')).toHaveLength(0)
  expect(requests.to('/promotion/get-sms')).toHaveLength(0)
})

test('check order on apply: phone, then picture captcha, then SMS code', async () => {
  const { user, requests } = await renderLanding()
  await user.click(apply())
  expect(await screen.findByText(MESSAGES.phoneInvalid)).toBeInTheDocument()
  await user.type(phoneInput(), PHONE)
  await user.click(apply())
  expect(await screen.findByText(MESSAGES.captchaInvalid)).toBeInTheDocument()
  await user.type(captchaInput(), 'AB')
  await user.click(apply())
  expect(await screen.findByText(MESSAGES.smsInvalid)).toBeInTheDocument()
  expect(requests.to('/promotion/register')).toHaveLength(0)
  expect(requests.to('/promotion/track-click')).toHaveLength(0)
})

test('asking for the SMS code needs the phone, then the picture captcha', async () => {
  const { user, requests } = await renderLanding()
  await user.type(phoneInput(), PHONE)
  await user.click(smsButton())
  expect(await screen.findByText(MESSAGES.captchaInvalid)).toBeInTheDocument()
  expect(requests.to('/promotion/get-sms')).toHaveLength(0)
})

test('refreshing the captcha needs a phone; then it shows a new picture', async () => {
  const { user } = await renderLanding()
  const first = stampOf(captchaImage())
  await user.click(screen.getByRole('button', { name: MESSAGES.captchaRefresh }))
  expect(await screen.findByText(MESSAGES.phoneInvalid)).toBeInTheDocument()
  expect(stampOf(captchaImage())).toBe(first)
  await user.type(phoneInput(), '1')
  await user.click(screen.getByRole('button', { name: MESSAGES.captchaRefresh }))
  expect(stampOf(captchaImage())).not.toBe(first)
})

test('SMS sent: its message, then a 60 s countdown that blocks asking again, then ready', async () => {
  const { user, requests } = await renderLanding()
  await fillPhoneAndCaptcha(user)
  const sid = new URL(captchaImage().src).searchParams.get('sid')
  await user.click(smsButton())
  expect(await screen.findByText(MESSAGES.smsSent)).toBeInTheDocument()
  expect(smsButton()).toHaveTextContent('60s')
  expect(requests.to('/promotion/get-sms')[0].form).toEqual({
    phone: PHONE,
    capcode: captchaInput().getAttribute('value'),
    sid,
    deviceId: sid,
    appName: 'cashloan',
    app_from: 'fb',
    user_from: 'u-42',
    utm_tag: 'summer',
  })
  await act(() => vi.advanceTimersByTimeAsync(1000))
  expect(smsButton()).toHaveTextContent('59s')
  await user.click(smsButton())
  expect(await screen.findByText(MESSAGES.smsRepeated)).toBeInTheDocument()
  expect(requests.to('/promotion/get-sms')).toHaveLength(1)
  await act(() => vi.advanceTimersByTimeAsync(58_000))
  expect(smsButton()).toHaveTextContent('1s')
  await act(() => vi.advanceTimersByTimeAsync(1000))
  expect(smsButton()).toHaveTextContent('get verification code')
})

test('SMS 101 (wrong picture captcha): a new picture, the typed captcha cleared, the server message', async () => {
  const { user } = await renderLanding()
  await user.type(phoneInput(), PHONE)
  const first = stampOf(captchaImage())
  // The picture is shown (the browser fetched it), but what is typed does not match it.
  expect(await readCaptcha()).not.toBe('ZZZZ')
  await user.type(captchaInput(), 'ZZZZ')
  await user.click(smsButton())
  expect(await screen.findByText(DEMO_MESSAGES.wrongCaptcha)).toBeInTheDocument()
  expect(stampOf(captchaImage())).not.toBe(first)
  expect(captchaInput()).toHaveValue('')
  expect(smsButton()).toHaveTextContent('get verification code')
})

test('SMS 11 (already registered): its message and the download page', async () => {
  const { user, props } = await renderLanding()
  await fillPhoneAndCaptcha(user, SCENARIOS.registeredPhone)
  await user.click(smsButton())
  expect(await screen.findByText(MESSAGES.alreadyRegistered)).toBeInTheDocument()
  expect(props.navigate).toHaveBeenCalledWith(DOWNLOAD)
})

test('SMS with no answer shows error; any other code its message', async () => {
  const { user } = await renderLanding()
  await fillPhoneAndCaptcha(user, SCENARIOS.offlinePhone)
  await user.click(smsButton())
  expect(await screen.findByText('error')).toBeInTheDocument()
  await user.clear(phoneInput())
  await user.type(phoneInput(), SCENARIOS.smsRefusedPhone)
  await user.click(smsButton())
  expect(await screen.findByText(DEMO_MESSAGES.smsRefused)).toBeInTheDocument()
  expect(smsButton()).toHaveTextContent('get verification code')
})

test('one SMS request per tap: a second tap while it is unanswered sends nothing', async () => {
  let release = () => undefined as void
  server.use(
    mswHttp.post(promoPath(served(SMS_PATH)), async () => {
      await new Promise<void>((resolve) => (release = resolve))
      return HttpResponse.json({ code: 0, message: 'ok', data: null })
    }),
  )
  const { user, requests } = await renderLanding()
  await fillPhoneAndCaptcha(user)
  await user.click(smsButton())
  await user.click(smsButton())
  await waitFor(() => expect(requests.to('/promotion/get-sms')).toHaveLength(1))
  release()
  expect(await screen.findByText(MESSAGES.smsSent)).toBeInTheDocument()
  expect(requests.to('/promotion/get-sms')).toHaveLength(1)
})

test('taps while the captcha session is still on its way (the page just hydrated) are done once it arrives', async () => {
  let release = () => undefined as void
  const held = new Promise<void>((resolve) => (release = resolve))
  server.use(
    mswHttp.get(promoPath(served(SID_PATH)), async () => {
      await held
      return HttpResponse.json({ code: 0, message: 'ok', data: { sid: 'demo-sid-held' } })
    }),
  )
  const user = setupUser()
  const requests = recordPromoRequests(server)
  renderPromotion()
  await user.type(phoneInput(), PHONE)
  await user.type(captchaInput(), 'AB12')
  await user.type(smsInput(), '345678')
  await user.click(smsButton())
  await user.click(apply())
  expect(requests.to('/promotion/get-sms')).toHaveLength(0)
  release()
  await waitFor(() => expect(requests.to('/promotion/register')).toHaveLength(1))
  const typed = { phone: PHONE, capcode: 'AB12', sid: 'demo-sid-held' }
  expect(requests.to('/promotion/get-sms').map((r) => r.form)).toEqual([expect.objectContaining(typed)])
  expect(requests.to('/promotion/register')[0].form).toMatchObject({ ...typed, smsCode: '345678' })
  // Not refused as a wrong captcha, and no other session asked for: the picture the borrower read stays.
  expect(screen.queryByText(MESSAGES.captchaInvalid)).not.toBeInTheDocument()
  expect(requests.to('/promotion/get-sid')).toHaveLength(1)
})

test('apply: the click counted, then one registration with the spec’s fields; success goes to download', async () => {
  const { user, props, requests } = await renderLanding()
  await fillPhoneAndCaptcha(user)
  const capcode = (captchaInput() as HTMLInputElement).value
  const sid = new URL(captchaImage().src).searchParams.get('sid')
  await user.click(smsButton())
  await screen.findByText(MESSAGES.smsSent)
  await user.type(smsInput(), smsCodeFor(PHONE))
  await user.dblClick(apply())
  expect(await screen.findByText(MESSAGES.registered)).toBeInTheDocument()
  expect(props.navigate).toHaveBeenCalledWith(DOWNLOAD)
  expect(requests.to('/promotion/register')).toHaveLength(1)
  const paths = requests.paths()
  expect(paths.indexOf('/promotion/track-click')).toBeLessThan(paths.indexOf('/promotion/register'))
  expect(requests.to('/promotion/track-click')[0].query).toMatchObject({ ...AD_TRACKING, phone: PHONE })
  expect(listRegistrations().map((r) => r.body)).toEqual([
    {
      phone: PHONE,
      capcode,
      sid,
      deviceId: sid,
      appName: 'cashloan',
      merchantNumber: '0',
      userName: PHONE,
      smsCode: smsCodeFor(PHONE),
      invite_code: 'INV9',
      user_from: 'u-42',
      id: '7',
      app_from: 'fb',
      utm_tag: 'summer',
    },
  ])
})

test('register 11 (already registered): its message and the download page', async () => {
  const { user, props } = await renderLanding()
  await fillPhoneAndCaptcha(user, SCENARIOS.registeredPhone)
  await user.type(smsInput(), '123456')
  await user.click(apply())
  expect(await screen.findByText(MESSAGES.alreadyRegistered)).toBeInTheDocument()
  expect(props.navigate).toHaveBeenCalledWith(DOWNLOAD)
})

test('register -1 (wrong picture captcha): a new picture and the server message', async () => {
  const { user, props } = await renderLanding()
  await user.type(phoneInput(), PHONE)
  // The picture is shown (the browser fetched it), but what is typed does not match it.
  expect(await readCaptcha()).not.toBe('ZZZZ')
  await user.type(captchaInput(), 'ZZZZ')
  await user.type(smsInput(), '123456')
  const first = stampOf(captchaImage())
  await user.click(apply())
  expect(await screen.findByText(DEMO_MESSAGES.wrongCaptcha)).toBeInTheDocument()
  expect(stampOf(captchaImage())).not.toBe(first)
  expect(captchaInput()).toHaveValue('')
  expect(props.navigate).not.toHaveBeenCalled()
})

test('register with no answer shows error; another code its message, and the form stays', async () => {
  const { user, props } = await renderLanding()
  await fillPhoneAndCaptcha(user, SCENARIOS.offlinePhone)
  await user.type(smsInput(), '123456')
  await user.click(apply())
  expect(await screen.findByText('error')).toBeInTheDocument()
  await user.clear(phoneInput())
  await user.type(phoneInput(), PHONE)
  await user.click(apply())
  expect(await screen.findByText(DEMO_MESSAGES.wrongSms)).toBeInTheDocument()
  expect(apply()).toBeEnabled()
  expect(props.navigate).not.toHaveBeenCalled()
})

test('the agreement link opens #/agreementTemplate with the carried parameters', async () => {
  const { user, props } = await renderLanding()
  const link = screen.getByRole('link', { name: MESSAGES.agreementLink })
  const agreement = '?app_from=fb&user_from=u-42&utm_tag=summer&id=7&links_id=L1#/agreementTemplate'
  expect(link).toHaveAttribute('href', agreement)
  await user.click(link)
  expect(props.navigate).toHaveBeenCalledWith(agreement)
})
