import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mswHttp } from 'msw'
import { apiPath, envelope } from 'shared/mocks'
import { createTestProps, setupMswServer } from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { CARD_INIT_PATH } from '../../api/paths'
import { mountBindcard } from '../../testing/mount-bindcard'
import { handlers } from '../../mocks/handlers'
import { listBinds, resetStore } from '../../mocks/store'

/**
 * The form as a real backend may describe it where the spec leaves the keys open (README.md, 'Decisions'):
 * the spec's `text` cate, names for card types and channels, required flags, values the screen does not know.
 */
const server = setupMswServer(...handlers)
afterEach(() => {
  resetStore()
  vi.restoreAllMocks()
})

function item(fields: Record<string, unknown>) {
  return { subtitle: '', value: '', note: [], inputType: '', cardTypeMi: 0, channelNumber: '', ...fields }
}

async function renderForm(items: unknown[], query: Record<string, string> = {}) {
  server.use(mswHttp.post(apiPath(CARD_INIT_PATH), () => envelope({ items })))
  const props = createTestProps({ screen: 'bindBank', query })
  const user = userEvent.setup()
  mountBindcard(props)
  const form = await screen.findByRole('form', { name: 'Payment account information' })
  return { props, user, form }
}

function shownFields(form: HTMLElement): string[] {
  return [...form.querySelectorAll('label')].map((label) => label.textContent ?? '')
}

function warnings(warn: { mock: { calls: unknown[][] } }): string[] {
  return warn.mock.calls.map((call) => String(call[0])).filter((line) => line.startsWith('Unknown'))
}

test("cate 'text' (the spec's word) is the text input 'txt' is: digits only, by its input type", async () => {
  const { user } = await renderForm([
    item({ code: 'phone', title: 'GCash number', cate: 'text', inputType: 'phone' }),
    item({ code: 'zip', title: 'ZIP code', cate: ' Text ', inputType: 'number' }),
  ])
  await user.type(screen.getByLabelText('GCash number'), '0917a1234567')
  expect(screen.getByLabelText('GCash number')).toHaveValue('091 7123 4567')
  await user.type(screen.getByLabelText('ZIP code'), '1x100')
  expect(screen.getByLabelText('ZIP code')).toHaveValue('1100')
})

test("the server's card-type and channel names show; ours only where it sends none", async () => {
  await renderForm([
    item({ code: 'a', title: 'GCash account', cate: 'txt', cardTypeMi: 1, cardTypeName: 'E-Wallet account' }),
    item({ code: 'a', title: 'GCash number', cate: 'txt', cardTypeMi: '1', channelNumber: 90006 }),
    item({
      code: 'b',
      title: 'ShopeePay number',
      cate: 'txt',
      cardTypeMi: 1,
      channelNumber: '90011',
      channelName: 'ShopeePay',
    }),
    item({ code: 'c', title: 'Card number', cate: 'txt', cardTypeMi: 2 }),
  ])
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['E-Wallet account', 'Bank card'])
  expect(screen.getAllByRole('radio').map((radio) => radio.textContent)).toEqual(['GCash', 'ShopeePay'])
})

test('Next stays disabled while the form has no visible field', async () => {
  const { props, form } = await renderForm([])
  expect(within(form).getByText('No account details are needed for this card type.')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
  fireEvent.submit(form)
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(listBinds()).toEqual([])
  expect(props.bridgeCalls.map((call) => call.action)).toEqual(['startBank'])
})

test('a field is required only where the server flags it; an optional one never blocks binding', async () => {
  const { props, user, form } = await renderForm(
    [
      item({ code: 'phone', title: 'GCash number', cate: 'txt', inputType: 'phone', required: 1 }),
      item({
        code: 'bank',
        title: 'Bank',
        cate: 'enum',
        isRequired: true,
        note: [{ name: 'BDO', type: 'BDO' }],
      }),
      item({ code: 'zip', title: 'ZIP code', cate: 'txt', must: '1' }),
      item({ code: 'ref', title: 'Referral code', cate: 'txt', required: 0 }),
      item({ code: 'birthday', title: 'Date of birth', cate: 'day' }),
    ],
    { productId: '4' },
  )
  expect(shownFields(form)).toEqual(['GCash number', 'Bank', 'ZIP code', 'Referral code', 'Date of birth'])
  await user.type(screen.getByLabelText('GCash number'), '09171234567')
  await user.click(screen.getByRole('button', { name: 'Bank' }))
  const dialog = await screen.findByRole('dialog', { name: 'Bank' })
  await user.click(within(dialog).getByRole('radio', { name: 'BDO' }))
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
  await user.click(screen.getByRole('button', { name: 'Next' }))
  expect(await screen.findByText('Please fill in ZIP code')).toBeInTheDocument()
  expect(listBinds()).toEqual([])

  await user.type(screen.getByLabelText('ZIP code'), '1100')
  await user.click(screen.getByRole('button', { name: 'Next' }))
  await waitFor(() => expect(props.bridgeCalls.map((call) => call.action)).toContain('closeWebview'))
  // One entry per item code (spec §3), an optional one left empty included.
  expect(listBinds()[0].body).toEqual({
    phone: '09171234567',
    bank: 'BDO',
    zip: '1100',
    ref: '',
    birthday: '',
    product_id: '4',
    cardType: '1',
  })
})

test("an enum submits the chosen option's type; an option without one submits its name", async () => {
  const { props, user } = await renderForm([
    item({
      code: 'bank',
      title: 'Bank',
      cate: 'enum',
      note: [
        { name: 'BDO Unibank', type: 'BDO' },
        { name: 'Security Bank', type: 1006 },
        { name: 'Cash pick-up', type: null },
      ],
    }),
  ])
  const choose = async (name: string) => {
    await user.click(screen.getByRole('button', { name: 'Bank' }))
    const dialog = await screen.findByRole('dialog', { name: 'Bank' })
    await user.click(within(dialog).getByRole('radio', { name }))
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bank' })).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Bank' })).toHaveTextContent(name)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(props.bridgeCalls.filter((c) => c.action === 'closeWebview')).toHaveLength(1))
    props.bridgeCalls.splice(1)
  }
  await choose('Security Bank')
  await choose('Cash pick-up')
  expect(listBinds().map((bind) => bind.body.bank)).toEqual(['1006', 'Cash pick-up'])
})

test('an unknown cate is a plain text input that keeps what is typed, logged once', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const { props, user } = await renderForm([
    item({ code: 'holder', title: 'Account holder', subtitle: 'As on your ID', cate: 'slider' }),
    item({ code: 'phone', title: 'GCash number', cate: 'txt', inputType: 'phone' }),
  ])
  const holder = screen.getByLabelText('Account holder')
  expect(holder).toHaveAttribute('placeholder', 'As on your ID')
  await user.type(holder, 'Juan Dela Cruz 2')
  expect(holder).toHaveValue('Juan Dela Cruz 2')
  await user.type(screen.getByLabelText('GCash number'), '09171234567')
  await user.click(screen.getByRole('button', { name: 'Next' }))
  await waitFor(() => expect(props.bridgeCalls.map((call) => call.action)).toContain('closeWebview'))
  expect(listBinds()[0].body).toMatchObject({ holder: 'Juan Dela Cruz 2', phone: '09171234567' })
  expect(warnings(warn)).toEqual(['Unknown card-init cate: "slider"; showing the default.'])
})

test('an unknown card type and channel show generic names, each logged once; named ones are not', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const { user } = await renderForm([
    item({ code: 'a', title: 'Wallet number', cate: 'txt', cardTypeMi: 1, channelNumber: '90012' }),
    item({
      code: 'b',
      title: 'Coins number',
      cate: 'txt',
      cardTypeMi: 1,
      channelNumber: '90013',
      channelName: 'Coins',
    }),
    item({ code: 'c', title: 'Branch', cate: 'txt', cardTypeMi: 4 }),
    item({ code: 'd', title: 'Agent', cate: 'txt', cardTypeMi: 5, cardTypeName: 'Agent' }),
  ])
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
    'E-wallet',
    'Card type 4',
    'Agent',
  ])
  expect(screen.getAllByRole('radio').map((radio) => radio.textContent)).toEqual(['Channel 90012', 'Coins'])
  await user.click(screen.getByRole('tab', { name: 'Card type 4' }))
  await user.click(screen.getByRole('tab', { name: 'E-wallet' }))
  await user.click(screen.getByRole('radio', { name: 'Coins' }))
  expect(warnings(warn).sort()).toEqual([
    'Unknown card-init cardTypeMi: 4; showing the default.',
    'Unknown card-init channelNumber: "90012"; showing the default.',
  ])
})

test('a date field the server fills as a timestamp, ISO date-time or date shows as YYYY-MM-DD', async () => {
  // After 2001-09-09: shared/format reads digits below 1e12 as seconds, so an earlier date in ms would not read.
  const noon = new Date(2003, 4, 17, 12)
  await renderForm([
    item({ code: 's', title: 'In seconds', cate: 'day', value: noon.getTime() / 1000 }),
    item({ code: 'ms', title: 'In milliseconds', cate: 'day', value: String(noon.getTime()) }),
    item({ code: 'iso', title: 'ISO', cate: 'day', value: '2003-05-17T12:00:00' }),
    item({ code: 'ymd', title: 'Date', cate: 'day', value: '2003-05-17' }),
    item({ code: 'no', title: 'No date', cate: 'day', value: 'To be confirmed' }),
  ])
  for (const title of ['In seconds', 'In milliseconds', 'ISO', 'Date']) {
    expect(screen.getByLabelText(title)).toHaveValue('2003-05-17')
  }
  expect(screen.getByLabelText('No date')).toHaveValue('')
})

test('channelNumber 0 is no channel, as cardTypeMi 0 is every card type: the field shows on every channel', async () => {
  const { user, form } = await renderForm([
    item({ code: 'gcash', title: 'GCash number', cate: 'txt', cardTypeMi: 1, channelNumber: 90006 }),
    item({ code: 'maya', title: 'Maya number', cate: 'txt', cardTypeMi: 1, channelNumber: 90007 }),
    item({ code: 'zip', title: 'ZIP code', cate: 'txt', cardTypeMi: 0, channelNumber: 0 }),
    item({ code: 'id', title: 'ID number', cate: 'txt', cardTypeMi: 1, channelNumber: '0' }),
  ])
  expect(screen.getAllByRole('radio').map((radio) => radio.textContent)).toEqual(['GCash', 'Maya'])
  expect(shownFields(form)).toEqual(['GCash number', 'ZIP code', 'ID number'])
  await user.click(screen.getByRole('radio', { name: 'Maya' }))
  expect(shownFields(form)).toEqual(['Maya number', 'ZIP code', 'ID number'])
})
