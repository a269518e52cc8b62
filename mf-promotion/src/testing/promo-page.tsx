import { screen } from '@testing-library/react'
import type { SetupServerApi } from 'msw/node'
import type { RemoteProps, Settings } from 'shared/contract'
import { createTestProps, renderWithUi, TEST_SETTINGS } from 'shared/testing'
import type { SmsInput } from '../api/promotion'
import { MESSAGES } from '../content/messages'
import { NO_PARAMS } from '../components/promo-route'
import { PromotionApp } from '../app/promotion-app'

/** A landing link's parameters as a channel's ad would carry them. */
export const AD_QUERY = {
  id: '7',
  app_from: 'fb',
  user_from: 'u-42',
  utm_tag: 'summer',
  invite_code: 'INV9',
  links_id: 'L1',
}

/** A get-sms call's input from the landing of template 7 reached without any other parameter. */
export const SMS_INPUT: SmsInput = {
  phone: '13912345678',
  capcode: 'ABCD',
  sid: 's1',
  params: { ...NO_PARAMS, id: '7' },
}

/** The test settings with the demo template's download host allowed, as the demo deployment lists it. */
export const DEMO_DEPLOYMENT: Settings = {
  ...TEST_SETTINGS,
  allowedHosts: [...TEST_SETTINGS.allowedHosts, 'partners.cashloan-demo.ph'],
}

/** Mounts the remote as the shell does on `/promotion` with this query and hash. */
export function renderPromotion(
  query: Record<string, string> = AD_QUERY,
  hash = '/registerTemplate',
  settings: Settings = TEST_SETTINGS,
) {
  const props = createTestProps({ screen: 'promotion', query, hash, locale: 'zh', settings })
  const view = renderWithUi(<PromotionApp {...(props as RemoteProps)} />, 'zh')
  return { props, view }
}

export function captchaImage(): HTMLImageElement {
  return screen.getByRole('img', { name: MESSAGES.captchaImage })
}

/** What a reader sees on the captcha picture: the image is fetched as the browser would, its text read. */
export async function readCaptcha(): Promise<string> {
  const image = (await screen.findByRole('img', { name: MESSAGES.captchaImage })) as HTMLImageElement
  const svg = await (await fetch(image.src)).text()
  return [...svg.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]).join('')
}

/** Records the requests the server receives, by path (under /api/v2/promo) with their query and form. */
export function recordPromoRequests(server: SetupServerApi) {
  const seen: { path: string; query: Record<string, string>; form: Record<string, string> }[] = []
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url)
    if (!url.pathname.startsWith('/api/v2/promo/')) return
    const entry = {
      path: url.pathname.slice('/api/v2/promo'.length),
      query: Object.fromEntries(url.searchParams),
      form: {} as Record<string, string>,
    }
    seen.push(entry)
    if (request.method === 'POST') {
      void request
        .clone()
        .text()
        .then((body) => (entry.form = Object.fromEntries(new URLSearchParams(body))))
    }
  })
  return {
    to: (path: string) => seen.filter((s) => s.path === path),
    paths: () => seen.map((s) => s.path),
  }
}
