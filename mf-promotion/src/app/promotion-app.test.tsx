import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type * as Navigation from 'shared/navigation'
import { setupMswServer } from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { handlers } from '../mocks/handlers'
import { DEMO_TEMPLATE_CONFIG, resetStore } from '../mocks/store'
import { renderPromotion } from '../testing/promo-page'
import { MESSAGES } from './messages'

const { openServerLink } = vi.hoisted(() => ({ openServerLink: vi.fn(() => true) }))
vi.mock('shared/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof Navigation>()),
  openServerLink,
}))

setupMswServer(...handlers)
afterEach(() => {
  resetStore()
  vi.restoreAllMocks()
  openServerLink.mockClear()
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

test('#/downloadTemplate offers the Android app through the navigation guard', async () => {
  const user = userEvent.setup()
  const { props } = renderPromotion(CARRIED, '/downloadTemplate')
  expect(screen.getByRole('heading', { name: MESSAGES.downloadTitle })).toBeInTheDocument()
  const download = await screen.findByRole('button', { name: MESSAGES.download })
  await vi.waitFor(() => expect(download).toBeEnabled())
  await user.click(download)
  expect(openServerLink).toHaveBeenCalledWith(
    DEMO_TEMPLATE_CONFIG.androidUrl,
    expect.objectContaining({ settings: props.settings, navigate: props.navigate }),
  )
})

test('on an iPhone the download is the iOS app', async () => {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)')
  const user = userEvent.setup()
  renderPromotion(CARRIED, '/downloadTemplate')
  const download = await screen.findByRole('button', { name: MESSAGES.download })
  await vi.waitFor(() => expect(download).toBeEnabled())
  await user.click(download)
  expect(openServerLink).toHaveBeenCalledWith(DEMO_TEMPLATE_CONFIG.iosUrl, expect.anything())
})

test('a template without a download link says so', async () => {
  renderPromotion({ app_from: 'fb' }, '/downloadTemplate')
  expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.downloadUnavailable)
  expect(screen.queryByRole('button', { name: MESSAGES.download })).not.toBeInTheDocument()
})

test('the parameters of an old-style link after the hash route are read too', async () => {
  renderPromotion({}, '/registerTemplate?id=7&app_from=fb&down_id=D3')
  expect(await screen.findByRole('heading', { name: DEMO_TEMPLATE_CONFIG.title })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: MESSAGES.agreementLink })).toHaveAttribute(
    'href',
    '?app_from=fb&id=7&down_id=D3#/agreementTemplate',
  )
})
