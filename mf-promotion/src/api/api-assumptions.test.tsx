import { screen } from '@testing-library/react'
import { http as mswHttp, HttpResponse } from 'msw'
import { promoPath } from 'shared/mocks'
import { createTestProps, setupMswServer } from 'shared/testing'
import { ABSENT, withAbsent } from 'shared/testing/fuzz'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { MESSAGES } from '../content/messages'
import { handlers } from '../mocks/handlers'
import { DEMO_TEMPLATE_CONFIG, resetStore } from '../mocks/store'
import { renderPromotion, SMS_INPUT } from '../testing/promo-page'
import { REGISTER_PATH, served, SID_PATH, SMS_PATH, TEMPLATE_PATH } from './paths'
import { getSid, getTemplate, NO_TEMPLATE, register, sendSms } from './promotion'

/*
 * docs/api-assumptions.md, mf-promotion: each row's default for a field the server leaves out (or sends as
 * null), one test per field, named `missing <call> <field>` as the row writes them
 * (shared/config/api-assumptions.ts checks that every such row has its test).
 */

const server = setupMswServer(...handlers)
beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => undefined))
afterEach(() => {
  resetStore()
  vi.restoreAllMocks()
})

/** An envelope as the promotion calls answer, `fields` beside its code 0. */
const ok = (fields: Record<string, unknown>) => HttpResponse.json({ code: 0, message: 'success', ...fields })

const TEMPLATE = { id: '7', config: { ...DEMO_TEMPLATE_CONFIG } }

function answerTemplate(body: Record<string, unknown>) {
  server.use(mswHttp.get(promoPath(served(TEMPLATE_PATH)), () => HttpResponse.json(body)))
}

test.each(ABSENT)('missing channel-template data (%s): plain page, no message', async (how) => {
  answerTemplate(withAbsent({ code: 0, message: 'success', data: TEMPLATE }, ['data'], how))
  expect(await getTemplate(createTestProps().http, '7')).toEqual({ ok: true, data: NO_TEMPLATE })
})

test.each(ABSENT)('missing channel-template data.config (%s): plain page', async (how) => {
  answerTemplate({ code: 0, message: 'success', data: withAbsent(TEMPLATE, ['config'], how) })
  expect(await getTemplate(createTestProps().http, '7')).toEqual({
    ok: true,
    data: { id: '7', config: NO_TEMPLATE.config },
  })
})

test.each(ABSENT)('missing channel-template config.title (%s): heading 注册', async (how) => {
  answerTemplate({ code: 0, message: 'success', data: withAbsent(TEMPLATE, ['config', 'title'], how) })
  renderPromotion()
  // The subtitle says the template has come.
  expect(await screen.findByText(DEMO_TEMPLATE_CONFIG.subtitle)).toBeInTheDocument()
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(MESSAGES.title)
})

test.each(ABSENT)('missing channel-template config.subtitle (%s): no subtitle', async (how) => {
  answerTemplate({ code: 0, message: 'success', data: withAbsent(TEMPLATE, ['config', 'subtitle'], how) })
  renderPromotion()
  const heading = await screen.findByRole('heading', { name: DEMO_TEMPLATE_CONFIG.title })
  expect(heading.nextElementSibling).toBeEmptyDOMElement()
})

test.each([...ABSENT, 'blank'] as const)(
  'missing get-sid data.sid (%s): the Chinese message, no picture',
  async (how) => {
    const data = how === 'blank' ? { sid: '  ' } : withAbsent({ sid: 'demo-sid-1' }, ['sid'], how)
    server.use(mswHttp.get(promoPath(served(SID_PATH)), () => ok({ data })))
    expect(await getSid(createTestProps().http)).toEqual({
      ok: false,
      message: MESSAGES.sidMissing,
      notified: false,
    })
  },
)

/** A refusal (`code`) whose message is left out, null or blank. */
function refusal(code: number, how: (typeof ABSENT)[number] | 'blank') {
  const body = { code, message: how === 'blank' ? ' ' : 'refused' }
  return () => HttpResponse.json(how === 'blank' ? body : withAbsent(body, ['message'], how))
}

test.each([...ABSENT, 'blank'] as const)(
  "missing get-sms message (%s): the call's Chinese default",
  async (how) => {
    const { http } = createTestProps()
    server.use(mswHttp.post(promoPath(served(SMS_PATH)), refusal(500, how)))
    expect(await sendSms(http, SMS_INPUT)).toEqual({ kind: 'failed', message: MESSAGES.smsFailed })
    server.use(mswHttp.post(promoPath(served(SMS_PATH)), refusal(101, how)))
    expect(await sendSms(http, SMS_INPUT)).toEqual({ kind: 'wrongCaptcha', message: MESSAGES.captchaInvalid })
  },
)

test.each([...ABSENT, 'blank'] as const)(
  "missing register message (%s): the call's Chinese default",
  async (how) => {
    const { http } = createTestProps()
    const input = { ...SMS_INPUT, smsCode: '123456' }
    server.use(mswHttp.post(promoPath(served(REGISTER_PATH)), refusal(500, how)))
    expect(await register(http, input)).toEqual({ kind: 'failed', message: MESSAGES.registerFailed })
    server.use(mswHttp.post(promoPath(served(REGISTER_PATH)), refusal(-1, how)))
    expect(await register(http, input)).toEqual({ kind: 'wrongCaptcha', message: MESSAGES.captchaInvalid })
  },
)
