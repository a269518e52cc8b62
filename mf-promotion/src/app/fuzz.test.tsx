import { fireEvent, screen } from '@testing-library/react'
import { promoPath } from 'shared/mocks'
import { renderWithUi, setupMswServer } from 'shared/testing'
import { fuzzRemote } from 'shared/testing/fuzz'
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
import { resetStore, smsCodeFor } from '../mocks/store'
import { AD_QUERY, readCaptcha } from '../testing/promo-page'
import { MESSAGES } from './messages'
import { PromotionApp } from './promotion-app'

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

fuzzRemote({
  remote: 'mf_promotion',
  server: setupMswServer(...handlers),
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
