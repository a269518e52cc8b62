import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { createTestProps, renderWithUi, setupMswServer, unformattedValues } from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { handlers } from '../mocks/handlers'
import { listBinds, resetStore, SCENARIOS } from '../mocks/store'
import { BindcardApp } from './bindcard-app'

/**
 * The demo's realistic form (`/bindBank?productId=realistic`, README.md 'Demo API'): answers shaped as a real
 * backend plausibly sends them. Every tab and channel shows, named as the server names them, with no raw
 * amount, timestamp or ISO date on the page; optional fields left empty never block binding.
 */
setupMswServer(...handlers)
afterEach(() => {
  resetStore()
  vi.restoreAllMocks()
})

async function renderRealistic(query: Record<string, string> = {}) {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const props = createTestProps({
    screen: 'bindBank',
    query: { productId: SCENARIOS.realisticProduct, ...query },
  })
  renderWithUi(<BindcardApp {...props} />)
  await screen.findByRole('tablist', { name: 'Card type' })
  return { props, user: userEvent.setup() }
}

function shownFields(): string[] {
  const form = screen.getByRole('form', { name: 'Payment account information' })
  return [...form.querySelectorAll('label')].map((label) => label.textContent ?? '')
}

async function pick(user: UserEvent, field: string, choices: string[]) {
  await user.click(screen.getByRole('button', { name: field }))
  const dialog = await screen.findByRole('dialog', { name: field })
  for (const choice of choices) await user.click(within(dialog).getByRole('radio', { name: choice }))
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
}

test('every tab and channel of the realistic form shows, named by the server, nothing unformatted', async () => {
  const { user } = await renderRealistic()
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['E-Wallet', 'Bank Account'])
  expect(screen.getAllByRole('radio').map((radio) => radio.textContent)).toEqual([
    'GCash',
    'PayMaya',
    'ShopeePay',
  ])
  const common = ['City / Municipality', 'Birthday', 'Postal Code (optional)', 'Email (optional)']
  const seen: Record<string, string[]> = {}
  for (const channel of ['GCash', 'PayMaya', 'ShopeePay']) {
    await user.click(screen.getByRole('radio', { name: channel }))
    seen[channel] = shownFields()
    expect(unformattedValues(document.body)).toEqual([])
  }
  await user.click(screen.getByRole('tab', { name: 'Bank Account' }))
  seen['Bank Account'] = shownFields()
  await user.click(screen.getByRole('button', { name: 'Bank Name' }))
  await screen.findByRole('dialog', { name: 'Bank Name' })
  expect(unformattedValues(document.body)).toEqual([])
  expect(seen).toEqual({
    GCash: ['GCash Number', ...common],
    PayMaya: ['PayMaya Account Number', ...common],
    ShopeePay: ['ShopeePay Mobile Number', ...common],
    'Bank Account': ['Bank Name', 'Account Number', ...common],
  })
  // The birthday the server has on file (unix seconds) as the date picker shows it.
  expect(screen.getByLabelText('Birthday')).toHaveValue('1995-08-21')
})

test('the realistic form binds with its optional fields empty: the option type, the date, one entry per code', async () => {
  const { props, user } = await renderRealistic()
  await user.click(screen.getByRole('tab', { name: 'Bank Account' }))
  await pick(user, 'Bank Name', ['Bank of the Philippine Islands'])
  await user.type(screen.getByLabelText('Account Number'), '001234567890')
  await pick(user, 'City / Municipality', ['Metro Manila', 'Pasig'])
  await user.click(screen.getByRole('button', { name: 'Next' }))
  await waitFor(() => expect(props.bridgeCalls.map((call) => call.action)).toContain('closeWebview'))
  expect(listBinds()[0].body).toEqual({
    bank_code: '10040018',
    bank_card_no: '001234567890',
    city: 'Metro Manila, Pasig',
    birthday: '1995-08-21',
    postal_code: '',
    email: '',
    product_id: SCENARIOS.realisticProduct,
    cardType: '2',
  })
})

test('from loan detail, the realistic e-wallet binds and returns to the same order', async () => {
  const { props, user } = await renderRealistic({ source: 'loanDetail', orderId: '86' })
  await user.click(screen.getByRole('radio', { name: 'ShopeePay' }))
  await user.type(screen.getByLabelText('ShopeePay Mobile Number'), '09991234567')
  await pick(user, 'City / Municipality', ['Cebu', 'Cebu City'])
  fireEvent.change(screen.getByLabelText('Email (optional)'), { target: { value: 'juan@example.com' } })
  await user.click(screen.getByRole('button', { name: 'Next' }))
  await waitFor(() => expect(props.navigate).toHaveBeenCalledTimes(1))
  expect(props.navigate).toHaveBeenCalledWith(
    `/order?source=loanDetail&productId=${SCENARIOS.realisticProduct}&orderId=86`,
    { replace: true },
  )
  expect(listBinds()).toEqual([
    {
      path: '/v3/provider/card-change',
      body: {
        account_no: '09991234567',
        city: 'Cebu, Cebu City',
        birthday: '1995-08-21',
        postal_code: '',
        email: 'juan@example.com',
        product_id: SCENARIOS.realisticProduct,
        cardType: '1',
      },
    },
  ])
})
