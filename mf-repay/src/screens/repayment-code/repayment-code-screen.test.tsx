import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createTestProps, renderWithUi, setupMswServer } from 'shared/testing'
import { beforeEach, expect, test } from 'vitest'
import { RepayApp } from '../../app/repay-app'
import { REPAY_INFO_KEY, saveRepayInfo } from '../../components/repay-info'
import { handlers } from '../../mocks/handlers'

setupMswServer(...handlers)
beforeEach(() => window.sessionStorage.clear())

const IMG = 'https://pay.cashloan-demo.ph/qr.png'

function renderScreen(screenName: string, query: Record<string, string> = {}) {
  const props = createTestProps({ screen: screenName, query })
  renderWithUi(<RepayApp {...props} />)
  return { props, user: userEvent.setup() }
}

test('showType 1: the pay code with Copy, the channel image and the amount', async () => {
  const { user } = renderScreen('repaymentOfCode', {
    showType: '1',
    payCode: '7E860042',
    payCodeImg: IMG,
    repayAmount: '1530.00',
  })
  expect(screen.getByRole('heading', { name: '₱1.530,00' })).toBeInTheDocument()
  expect(screen.getByRole('img', { name: 'Payment channel' })).toHaveAttribute('src', IMG)
  expect(screen.queryByRole('img', { name: 'Payment QR code' })).not.toBeInTheDocument()
  const box = screen.getByRole('region', { name: 'Pay code' })
  expect(within(box).getByText('7E860042')).toBeInTheDocument()
  await user.click(within(box).getByRole('button', { name: 'Copy Pay code' }))
  expect(await screen.findByText('copy success')).toBeInTheDocument()
  expect(await navigator.clipboard.readText()).toBe('7E860042')
})

test('any other showType: the QR image with the scan-to-pay tips, no code', () => {
  renderScreen('repaymentOfCode', { showType: '2', payCodeImg: IMG })
  expect(screen.getByRole('img', { name: 'Payment QR code' })).toHaveAttribute('src', IMG)
  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    'Open your e-wallet app and choose Scan to pay.',
    'Scan this QR code and check the amount.',
    'Confirm the payment in your e-wallet app.',
  ])
  expect(screen.queryByRole('button', { name: /Copy/ })).not.toBeInTheDocument()
})

test('a missing or malformed query says so', () => {
  renderScreen('repaymentOfCode', { showType: '1' })
  expect(screen.getByRole('alert')).toHaveTextContent(
    'This repayment link is incomplete. Please open it again from your repayment page.',
  )
  expect(screen.queryByRole('img')).not.toBeInTheDocument()
})

test('code page 2: logo, pay code with Copy, total and the notices grouped by name with their steps', async () => {
  saveRepayInfo(window.sessionStorage, {
    logo: IMG,
    payCode: 'PF8600123456',
    contractNo: '86',
    amount: '320.00',
    notices: [
      {
        group: 'E-wallet',
        entries: [
          { name: 'GCash', steps: ['Open GCash.', 'Enter the pay code.'] },
          { name: 'Maya', steps: ['Open Maya.'] },
        ],
      },
      { group: 'Over the counter', entries: [{ name: '7-Eleven', steps: ['Go to a kiosk.'] }] },
    ],
  })
  const { user } = renderScreen('repaymentOfCode2')
  const box = screen.getByRole('region', { name: 'Pay code' })
  expect(box.querySelector('img')).toHaveAttribute('src', IMG)
  expect(within(box).getByText('PF8600123456')).toBeInTheDocument()
  expect(within(box).getByText('₱320,00')).toBeInTheDocument()
  await user.click(within(box).getByRole('button', { name: 'Copy Pay code' }))
  expect(await screen.findByText('copy success')).toBeInTheDocument()
  expect(await navigator.clipboard.readText()).toBe('PF8600123456')

  const wallet = screen.getByRole('region', { name: 'E-wallet' })
  expect(
    within(wallet)
      .getAllByRole('heading')
      .map((h) => h.textContent),
  ).toEqual(['E-wallet', 'GCash', 'Maya'])
  expect(
    within(wallet)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Open GCash.', 'Enter the pay code.', 'Open Maya.'])
  expect(
    within(screen.getByRole('region', { name: 'Over the counter' })).getByText('Go to a kiosk.'),
  ).toBeInTheDocument()
})

test('code page 2 without a pay code shows the contract number to copy', () => {
  saveRepayInfo(window.sessionStorage, { logo: '', payCode: '', contractNo: '86', amount: '', notices: [] })
  renderScreen('repaymentOfCode2')
  const box = screen.getByRole('region', { name: 'Contract number' })
  expect(within(box).getByText('86')).toBeInTheDocument()
  expect(within(box).getByRole('button', { name: 'Copy Contract number' })).toBeInTheDocument()
})

test('code page 2 with nothing stored (or garbage) says so and leads back to the repayment', async () => {
  window.sessionStorage.setItem(REPAY_INFO_KEY, '{not json')
  const { props, user } = renderScreen('repaymentOfCode2', { productId: '1', orderId: '86' })
  const alert = screen.getByRole('alert')
  expect(alert).toHaveTextContent(
    'No repayment was started on this device. Please open your repayment page first.',
  )
  await user.click(within(alert).getByRole('button', { name: 'Go to my repayment' }))
  expect(props.navigate).toHaveBeenCalledWith('/repay?productId=1&orderId=86')
})
