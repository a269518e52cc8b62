import { screen } from '@testing-library/react'
import { UiProvider } from 'shared/ui'
import userEvent from '@testing-library/user-event'
import { REFUSED_MESSAGE } from 'shared/navigation'
import type * as Navigation from 'shared/navigation'
import type * as Schema from 'shared/schema'
import { setupMswServer, TEST_SETTINGS } from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { handlers } from '../mocks/handlers'
import { DEMO_TEMPLATE_CONFIG, resetStore, SCENARIOS } from '../mocks/store'
import {
  AD_QUERY,
  DEMO_DEPLOYMENT,
  readCaptcha,
  recordPromoRequests,
  renderPromotion,
} from '../testing/promo-page'
import { createFirstFrameRenderer } from 'shared/remote/first-frame-render'
import { hashRoutesOf, promoHref, readPromoLocation } from '../components/promo-route'
import { PromotionApp } from './promotion-app'
import { MESSAGES } from '../content/messages'

const { openServerLink, warnUnknown } = vi.hoisted(() => ({
  openServerLink: vi.fn(() => true),
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

const server = setupMswServer(...handlers)
afterEach(() => {
  resetStore()
  vi.restoreAllMocks()
  openServerLink.mockClear()
  warnUnknown.mockClear()
})

const CARRIED = { app_from: 'fb', user_from: 'u-42', utm_tag: 'summer', id: '7', down_id: 'D3' }

test.each(['', '/', '/registerTemplate', '/no-such-page'])('hash %j shows the landing', async (hash) => {
  renderPromotion(CARRIED, hash)
  expect(await screen.findByRole('form', { name: MESSAGES.title })).toBeInTheDocument()
  expect(screen.getByLabelText(MESSAGES.phone)).toBeInTheDocument()
})

test('#/agreementTemplate shows the registration agreement', () => {
  renderPromotion(CARRIED, '/agreementTemplate')
  expect(screen.getByRole('heading', { name: MESSAGES.agreementTitle, level: 1 })).toBeInTheDocument()
  expect(screen.getByText(/欢迎注册CashLoan/)).toBeInTheDocument()
})

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)'

/** Taps download once the template has answered. */
async function tapDownload(user: ReturnType<typeof userEvent.setup>) {
  const download = await screen.findByRole('button', { name: MESSAGES.download })
  await vi.waitFor(() => expect(download).toBeEnabled())
  await user.click(download)
}

test('#/downloadTemplate offers the Android app through the navigation guard', async () => {
  const user = userEvent.setup()
  const { props } = renderPromotion(CARRIED, '/downloadTemplate', DEMO_DEPLOYMENT)
  expect(screen.getByRole('heading', { name: MESSAGES.downloadTitle })).toBeInTheDocument()
  const download = await screen.findByRole('button', { name: MESSAGES.download })
  await vi.waitFor(() => expect(download).toBeEnabled())
  await user.click(download)
  expect(openServerLink).toHaveBeenCalledWith(
    DEMO_TEMPLATE_CONFIG.androidUrl,
    expect.objectContaining({ settings: props.settings, navigate: props.navigate }),
  )
})

test('a link the guard refuses is refused in Chinese, as the rest of the page', async () => {
  openServerLink.mockImplementationOnce(((_raw: unknown, context: Navigation.ServerLinkContext) => {
    context.refuse(REFUSED_MESSAGE)
    return false
  }) as never)
  const user = userEvent.setup()
  renderPromotion(CARRIED, '/downloadTemplate', DEMO_DEPLOYMENT)
  await tapDownload(user)
  expect(await screen.findByText(MESSAGES.linkRefused)).toBeInTheDocument()
  expect(screen.queryByText(REFUSED_MESSAGE)).not.toBeInTheDocument()
})

test('on an iPhone the download is the iOS app', async () => {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE)
  const user = userEvent.setup()
  renderPromotion(CARRIED, '/downloadTemplate', DEMO_DEPLOYMENT)
  await tapDownload(user)
  expect(openServerLink).toHaveBeenCalledWith(DEMO_TEMPLATE_CONFIG.iosUrl, expect.anything())
})

test.each([
  ['android', 'Mozilla/5.0 (Linux; Android 14)', TEST_SETTINGS.androidDownloadUrl, 'play.google.com'],
  ['ios', IPHONE, TEST_SETTINGS.iosDownloadUrl, 'apps.apple.com'],
])(
  'a template without our display keys (demo id "plain"): the landing works and the %s download is the deployment’s store link, its host allowed for that link only',
  async (_, userAgent, storeLink, storeHost) => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent)
    const user = userEvent.setup()
    const query = { ...CARRIED, id: SCENARIOS.plainTemplate }
    const { view } = renderPromotion(query, '/registerTemplate')
    expect(await screen.findByRole('form', { name: MESSAGES.title })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: MESSAGES.title })).toBeInTheDocument()
    view.unmount()
    renderPromotion(query, '/downloadTemplate')
    await tapDownload(user)
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(openServerLink).toHaveBeenCalledWith(
      storeLink,
      expect.objectContaining({ settings: { allowedHosts: [...TEST_SETTINGS.allowedHosts, storeHost] } }),
    )
  },
)

test('a download page without a template id still offers the store link', async () => {
  const user = userEvent.setup()
  renderPromotion({ app_from: 'fb' }, '/downloadTemplate')
  await tapDownload(user)
  expect(openServerLink).toHaveBeenCalledWith(TEST_SETTINGS.androidDownloadUrl, expect.anything())
})

test('a template link the deployment does not allow gives way to the store link, and is logged', async () => {
  const user = userEvent.setup()
  const { props } = renderPromotion(CARRIED, '/downloadTemplate')
  await tapDownload(user)
  expect(openServerLink).toHaveBeenCalledWith(TEST_SETTINGS.androidDownloadUrl, expect.anything())
  expect(openServerLink).not.toHaveBeenCalledWith(DEMO_TEMPLATE_CONFIG.androidUrl, expect.anything())
  expect(props.settings.allowedHosts).toEqual(TEST_SETTINGS.allowedHosts)
  expect(warnUnknown).toHaveBeenCalledWith('template androidUrl', DEMO_TEMPLATE_CONFIG.androidUrl)
})

test('the parameters of an old-style link after the hash route are read too', async () => {
  renderPromotion({}, '/registerTemplate?id=7&app_from=fb&down_id=D3')
  expect(await screen.findByRole('heading', { name: DEMO_TEMPLATE_CONFIG.title })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: MESSAGES.agreementLink })).toHaveAttribute(
    'href',
    '?app_from=fb&id=7&down_id=D3#/agreementTemplate',
  )
})

test('to the agreement and back: the landing keeps what was typed, its picture and its SMS countdown, and counts one visit', async () => {
  const requests = recordPromoRequests(server)
  const user = userEvent.setup()
  const { props, view } = renderPromotion(AD_QUERY, '/registerTemplate')
  const phone = () => screen.getByRole('textbox', { name: MESSAGES.phone })
  await user.type(phone(), '13912345678')
  await user.type(screen.getByRole('textbox', { name: MESSAGES.captcha }), await readCaptcha())
  const picture = screen.getByRole('img', { name: MESSAGES.captchaImage }).getAttribute('src')
  await user.click(screen.getByRole('button', { name: MESSAGES.getCode }))
  expect(await screen.findByRole('button', { name: /^\d+s$/ })).toBeInTheDocument()

  // The landing's agreement link, as the shell would render it: query and hash of that address.
  const [search, agreementHash] = promoHref('agreement', readPromoLocation(AD_QUERY, '').params).split('#')
  const open = (query: Record<string, string>, hash: string) =>
    view.rerender(
      <UiProvider locale="zh">
        <PromotionApp {...props} query={query} hash={hash} />
      </UiProvider>,
    )
  open(Object.fromEntries(new URLSearchParams(search)), agreementHash)
  expect(screen.getByRole('heading', { name: MESSAGES.agreementTitle, level: 1 })).toBeInTheDocument()
  expect(screen.queryByRole('form', { name: MESSAGES.title })).not.toBeInTheDocument()

  open(AD_QUERY, '/registerTemplate')
  expect(phone()).toHaveValue('13912345678')
  expect(screen.getByRole('img', { name: MESSAGES.captchaImage }).getAttribute('src')).toBe(picture)
  expect(screen.getByRole('button', { name: /^\d+s$/ })).toBeInTheDocument()
  expect(requests.to('/promotion/track-visit')).toHaveLength(1)
  expect(requests.to('/promotion/get-sid')).toHaveLength(1)
  expect(requests.to('/promotion/get-sms')).toHaveLength(1)
})

test('another ad link starts the landing afresh', async () => {
  const requests = recordPromoRequests(server)
  const user = userEvent.setup()
  const { props, view } = renderPromotion(AD_QUERY, '/registerTemplate')
  await user.type(screen.getByRole('textbox', { name: MESSAGES.phone }), '13912345678')
  view.rerender(
    <UiProvider locale="zh">
      <PromotionApp {...props} query={{ ...AD_QUERY, id: '8' }} hash="/registerTemplate" />
    </UiProvider>,
  )
  expect(screen.getByRole('textbox', { name: MESSAGES.phone })).toHaveValue('')
  await vi.waitFor(() => expect(requests.to('/promotion/track-visit')).toHaveLength(2))
})

test("the landing's first frame is the screen of the landing's hash routes, never the download or agreement page's", () => {
  const hashes = hashRoutesOf('register')
  expect(hashes).toEqual(['', '/', '/registerTemplate'])
  const renderer = createFirstFrameRenderer('mf_promotion', PromotionApp, [{ path: '/promotion', hashes }])
  expect(renderer.renderFirstFrame('/promotion', TEST_SETTINGS)).toMatchObject({ hashes })
  // Declared for the download page, the release would refuse the frame: it is another screen.
  const wrong = createFirstFrameRenderer('mf_promotion', PromotionApp, [
    { path: '/promotion', hashes: ['/downloadTemplate'] },
  ])
  expect(wrong.renderFirstFrame('/promotion', TEST_SETTINGS)).toEqual({
    skipped: '/promotion#/downloadTemplate renders another screen than /promotion',
  })
})
