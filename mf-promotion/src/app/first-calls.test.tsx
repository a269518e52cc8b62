import { act, screen } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { createFirstFrameRenderer } from 'shared/remote/first-frame-render'
import {
  createTestProps,
  renderWithUi,
  setupMswServer,
  startedPage,
  TEST_SETTINGS,
  type StartedPage,
} from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { served, TRACK_VISIT_PATH } from '../api/paths'
import { handlers } from '../mocks/handlers'
import { DEMO_TEMPLATE_CONFIG, resetStore } from '../mocks/store'
import { AD_QUERY } from '../testing/promo-page'
import { FIRST_CALLS } from './first-calls'
import { MESSAGES } from '../content/messages'
import { PromotionApp } from './promotion-app'

const server = setupMswServer(...handlers)
afterEach(() => {
  resetStore()
  document.head.querySelectorAll('link[rel=preload]').forEach((link) => link.remove())
})

const declared = FIRST_CALLS['/promotion'] ?? []
const onServer = (path: string) => `/api/v2/promo${served(path)}`

/** The landing of an ad link, mounted with the helper and session of the page that started its calls. */
const adLandingProps = (started: StartedPage) =>
  createTestProps({
    screen: 'promotion',
    query: AD_QUERY,
    hash: '/registerTemplate',
    http: started.http,
    session: started.session,
    locale: 'zh',
  })

test('every route with first calls is checked here', () => {
  expect(Object.keys(FIRST_CALLS)).toEqual(['/promotion'])
})

/**
 * The page (as the server sends it) starts the landing's declared calls; the landing, mounted with the host's
 * helper, must make exactly those calls, so it takes their answers and the server is asked once per call.
 */
test('/promotion: the landing makes exactly its declared first calls', async () => {
  const started = startedPage(server, '/promotion', AD_QUERY, declared)
  try {
    expect(started.started).toBe(2)
    const props = adLandingProps(started)
    renderWithUi(<PromotionApp {...props} />, 'zh')
    expect(await screen.findByRole('heading', { name: DEMO_TEMPLATE_CONFIG.title })).toBeInTheDocument()
    const captcha = await screen.findByRole('img', { name: MESSAGES.captchaImage })
    expect(await started.taken()).toBe(2)
    for (const call of declared) expect(started.requestsTo(onServer(call.path))).toBe(1)
    // The captcha the page preloaded the moment get-sid answered is the one the screen shows.
    const preloaded = document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=image]')
    expect(preloaded).toHaveLength(1)
    expect(captcha.getAttribute('src')).toBe(preloaded[0].href)
    // The visit is counted once the helper's axios has loaded: wait, so no request outlives the test.
    await vi.waitFor(() => expect(started.requestsTo(onServer(TRACK_VISIT_PATH))).toBe(1))
  } finally {
    started.stop()
  }
})

test('without a template id the page starts only the captcha session, as the landing asks only for it', async () => {
  const query = { app_from: 'fb' }
  const started = startedPage(server, '/promotion', query, declared)
  try {
    expect(started.started).toBe(1)
    const props = createTestProps({
      screen: 'promotion',
      query,
      http: started.http,
      session: started.session,
    })
    renderWithUi(<PromotionApp {...props} />, 'zh')
    expect(await screen.findByRole('img', { name: MESSAGES.captchaImage })).toBeInTheDocument()
    expect(await started.taken()).toBe(1)
    expect(started.requestsTo(onServer(declared[1].path))).toBe(1)
    expect(started.requestsTo(onServer(declared[0].path))).toBe(0)
    await vi.waitFor(() => expect(started.requestsTo(onServer(TRACK_VISIT_PATH))).toBe(1))
  } finally {
    started.stop()
  }
})

test("/promotion's first frame: the page gives the captcha's slot its picture before the JS, and the hydrated screen keeps that very address", async () => {
  const frame = createFirstFrameRenderer('mf_promotion', PromotionApp, ['/promotion']).renderFirstFrame(
    '/promotion',
    TEST_SETTINGS,
  )
  if (!('html' in frame)) throw new Error(frame.skipped)
  const page = document.createElement('div')
  page.innerHTML = frame.html
  document.body.append(page)
  const slot = page.querySelector<HTMLImageElement>('img[data-first-image]')
  // Painted hidden, without an address, until get-sid answers.
  expect(slot?.hasAttribute('src')).toBe(false)
  expect(slot?.hidden).toBe(true)
  const started = startedPage(server, '/promotion', AD_QUERY, declared)
  let root: Root | undefined
  try {
    await vi.waitFor(() => expect(slot?.getAttribute('src')).toBeTruthy())
    expect(slot!.hidden).toBe(false)
    const painted = slot!.getAttribute('src')
    const preloaded = document.head.querySelector<HTMLLinkElement>('link[rel=preload][as=image]')
    expect(painted).toBe(preloaded?.href)
    const written: (string | null)[] = []
    new MutationObserver((records) => records.forEach(() => written.push(slot!.getAttribute('src')))).observe(
      slot!,
      { attributes: true, attributeFilter: ['src'] },
    )
    const props = adLandingProps(started)
    await act(async () => void (root = hydrateRoot(page, <PromotionApp {...props} />)))
    expect(await screen.findByRole('heading', { name: DEMO_TEMPLATE_CONFIG.title })).toBeInTheDocument()
    // The frame's own element, showing the page's picture: the screen never gave it another address.
    const captcha = await screen.findByRole('img', { name: MESSAGES.captchaImage })
    expect(captcha).toBe(slot)
    expect(captcha.getAttribute('src')).toBe(painted)
    expect(written.every((src) => src === painted)).toBe(true)
    expect(started.requestsTo(onServer(declared[1].path))).toBe(1)
    // The hydrated screen is live: it counts the visit (and nothing of it is left running after the test).
    await vi.waitFor(() => expect(started.requestsTo(onServer(TRACK_VISIT_PATH))).toBe(1))
  } finally {
    act(() => root?.unmount())
    page.remove()
    started.stop()
  }
})
