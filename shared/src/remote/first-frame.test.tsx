import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, test } from 'vitest'
import { adoptFirstFrame } from './first-frame'
import { hydrateFirstFrame } from './hydrate'

/** The landing's form as a screen renders it: two controlled fields and what the screen holds of them. */
function Landing() {
  const [phone, setPhone] = useState('')
  const [captcha, setCaptcha] = useState('')
  return (
    <form method="dialog">
      <input aria-label="phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
      <input aria-label="captcha" value={captcha} onChange={(e) => setCaptcha(e.target.value)} />
      <input aria-label="e-mail" type="email" />
      <button type="button">Refresh</button>
      <output>{`${phone}|${captcha}`}</output>
    </form>
  )
}

/**
 * The shell's page as the release writes it: the frame above the shell's root, and the remote's slot the shell
 * has rendered by the time the remote's code arrives.
 */
function writePage() {
  document.body.innerHTML =
    '<button type="button">Menu</button>' +
    `<div id="first-frame"><div class="remote-slot"><div class="remote-root">${renderToString(<Landing />)}</div></div></div>` +
    '<div id="root"><div class="remote-slot"><div class="remote-root"></div></div></div>'
  return {
    frame: document.getElementById('first-frame')!,
    slot: document.querySelector<HTMLElement>('#root .remote-root')!,
  }
}

afterEach(() => {
  document.body.replaceChildren()
})

/** The borrower starts typing `keys` into `field` on the page's frame; then the shell takes the frame over. */
async function typeThenHandOver(field: string, keys: string) {
  const { frame, slot } = writePage()
  const user = userEvent.setup()
  await user.click(screen.getByLabelText(field))
  await user.keyboard(keys)
  adoptFirstFrame(frame, slot)
  return { slot, user }
}

test('the field being typed in when the frame is handed over keeps the focus: the keys that follow land in it', async () => {
  const { slot, user } = await typeThenHandOver('phone', '139')
  await user.keyboard('12345678')
  expect(screen.getByLabelText('phone')).toHaveValue('13912345678')
  expect(screen.getByLabelText('phone')).toHaveFocus()
  expect(slot).toContainElement(screen.getByLabelText('phone'))
})

test('the caret stays where it was: a key typed after the hand-over goes where the borrower put it', async () => {
  const { user } = await typeThenHandOver('captcha', 'ABCD{ArrowLeft}{ArrowLeft}')
  await user.keyboard('x')
  expect(screen.getByLabelText('captcha')).toHaveValue('ABxCD')
})

test('a focused control without a caret keeps the focus too; with nothing in the frame focused, nothing moves', async () => {
  const first = writePage()
  screen.getByLabelText('e-mail').focus()
  adoptFirstFrame(first.frame, first.slot)
  expect(screen.getByLabelText('e-mail')).toHaveFocus()

  const second = writePage()
  screen.getByRole('button', { name: 'Refresh' }).focus()
  adoptFirstFrame(second.frame, second.slot)
  expect(screen.getByRole('button', { name: 'Refresh' })).toHaveFocus()

  const third = writePage()
  screen.getByRole('button', { name: 'Menu' }).focus()
  adoptFirstFrame(third.frame, third.slot)
  expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus()
})

test('typed before the hand-over, across it and while the screen hydrates: the screen holds every key', async () => {
  const { slot, user } = await typeThenHandOver('phone', '139')
  await user.keyboard('1234')
  // What createRemoteApp's mount does with the slot the shell marked.
  slot.removeAttribute('data-first-frame')
  await act(async () => void hydrateFirstFrame(slot, <Landing />))
  await user.keyboard('5678')
  await user.click(screen.getByLabelText('captcha'))
  await user.keyboard('AB12')
  expect(slot.querySelector('output')).toHaveTextContent('13912345678|AB12')
})
