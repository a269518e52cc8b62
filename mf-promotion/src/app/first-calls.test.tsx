import { screen } from '@testing-library/react'
import { createTestProps, renderWithUi, setupMswServer, startedPage } from 'shared/testing'
import { afterEach, expect, test } from 'vitest'
import { served } from '../api/paths'
import { handlers } from '../mocks/handlers'
import { DEMO_TEMPLATE_CONFIG, resetStore } from '../mocks/store'
import { AD_QUERY } from '../testing/promo-page'
import { FIRST_CALLS } from './first-calls'
import { MESSAGES } from './messages'
import { PromotionApp } from './promotion-app'

const server = setupMswServer(...handlers)
afterEach(resetStore)

const declared = FIRST_CALLS['/promotion'] ?? []
const onServer = (path: string) => `/api/v2/promo${served(path)}`

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
    const props = createTestProps({
      screen: 'promotion',
      query: AD_QUERY,
      hash: '/registerTemplate',
      http: started.http,
      session: started.session,
      locale: 'zh',
    })
    renderWithUi(<PromotionApp {...props} />, 'zh')
    expect(await screen.findByRole('heading', { name: DEMO_TEMPLATE_CONFIG.title })).toBeInTheDocument()
    const captcha = await screen.findByRole('img', { name: MESSAGES.captchaImage })
    expect(await started.taken()).toBe(2)
    for (const call of declared) expect(started.requestsTo(onServer(call.path))).toBe(1)
    // The captcha the page preloaded the moment get-sid answered is the one the screen shows.
    const preloaded = document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=image]')
    expect(preloaded).toHaveLength(1)
    expect(captcha.getAttribute('src')).toBe(preloaded[0].href)
  } finally {
    started.stop()
    document.head.querySelectorAll('link[rel=preload]').forEach((link) => link.remove())
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
  } finally {
    started.stop()
  }
})
