import { act, fireEvent, screen } from '@testing-library/react'
import { renderWithUi } from 'shared/testing'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { CodeStep } from './code-step'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function renderStep(onResend: () => Promise<boolean> = () => Promise.resolve(true)) {
  const props = { busy: false, onConfirm: vi.fn(), onResend: vi.fn(onResend), onCancel: vi.fn() }
  renderWithUi(<CodeStep {...props} />)
  return props
}

/** Lets `seconds` pass one at a time (each second's timer is set when the previous one has shown). */
function tick(seconds: number) {
  for (let i = 0; i < seconds; i++) act(() => void vi.advanceTimersByTime(1000))
}

test('the resend button counts down from 60 s in 1 s steps, blocked, then is ready', () => {
  renderStep()
  expect(screen.getByRole('button', { name: '60秒' })).toBeDisabled()
  tick(1)
  expect(screen.getByRole('button', { name: '59秒' })).toBeDisabled()
  tick(58)
  expect(screen.getByRole('button', { name: '1秒' })).toBeDisabled()
  tick(1)
  expect(screen.getByRole('button', { name: '重新发送' })).toBeEnabled()
  tick(5)
  expect(screen.getByRole('button', { name: '重新发送' })).toBeEnabled()
})

test('a code sent again starts the countdown again; a resend that failed leaves it ready', async () => {
  let sent = false
  const props = renderStep(() => Promise.resolve(sent))
  tick(60)
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: '重新发送' })))
  expect(props.onResend).toHaveBeenCalledTimes(1)
  expect(screen.getByRole('button', { name: '重新发送' })).toBeEnabled()
  sent = true
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: '重新发送' })))
  expect(props.onResend).toHaveBeenCalledTimes(2)
  expect(screen.getByRole('button', { name: '60秒' })).toBeDisabled()
  tick(1)
  expect(screen.getByRole('button', { name: '59秒' })).toBeInTheDocument()
})
