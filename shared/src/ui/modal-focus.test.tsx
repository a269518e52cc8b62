import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { expect, test } from 'vitest'
import { ModalBox } from './modal-focus'

function Page({ nested = false }: { nested?: boolean }) {
  const [open, setOpen] = useState(false)
  const [inner, setInner] = useState(false)
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <ModalBox aria-label="Outer">
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
          <button type="button" onClick={() => (nested ? setInner(true) : setOpen(false))}>
            Confirm
          </button>
          {inner && (
            <ModalBox aria-label="Inner">
              <button type="button" onClick={() => setInner(false)}>
                Inner close
              </button>
            </ModalBox>
          )}
        </ModalBox>
      )}
      <button type="button">After</button>
    </>
  )
}

test('an open dialog takes focus, Tab and Shift+Tab cycle inside it, and closing returns focus', async () => {
  const user = userEvent.setup()
  render(<Page />)
  const opener = screen.getByRole('button', { name: 'Open' })
  await user.click(opener)
  const dialog = screen.getByRole('dialog', { name: 'Outer' })
  expect(dialog).toHaveAttribute('aria-modal', 'true')
  expect(dialog).toHaveFocus()
  await user.tab()
  expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
  await user.tab()
  expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus()
  await user.tab()
  expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
  await user.tab({ shift: true })
  expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus()
  await user.click(screen.getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(opener).toHaveFocus()
})

test('with a dialog over another, only the top one holds focus; closing it returns to the one below', async () => {
  const user = userEvent.setup()
  render(<Page nested />)
  await user.click(screen.getByRole('button', { name: 'Open' }))
  const confirm = screen.getByRole('button', { name: 'Confirm' })
  await user.click(confirm)
  expect(screen.getByRole('dialog', { name: 'Inner' })).toHaveFocus()
  await user.tab()
  expect(screen.getByRole('button', { name: 'Inner close' })).toHaveFocus()
  await user.tab()
  expect(screen.getByRole('button', { name: 'Inner close' })).toHaveFocus()
  await user.click(screen.getByRole('button', { name: 'Inner close' }))
  expect(confirm).toHaveFocus()
})

function Popup() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Pick
      </button>
      {/* Stays rendered while closed, as antd-mobile's Popup keeps its content. */}
      <div hidden={!open}>
        <ModalBox open={open} aria-label="Picker">
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        </ModalBox>
      </div>
    </>
  )
}

test('a dialog that stays rendered takes focus on each open and gives it back on each close', async () => {
  const user = userEvent.setup()
  render(<Popup />)
  const pick = screen.getByRole('button', { name: 'Pick' })
  for (let round = 0; round < 2; round++) {
    await user.click(pick)
    expect(screen.getByRole('dialog', { name: 'Picker' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Done' }))
    expect(pick).toHaveFocus()
  }
})
