import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { expect, test } from 'vitest'
import { ComplaintText } from './complaint-text'

test('a complaint already sent: its text, read only, with its count of the 200 characters, and what follows', () => {
  render(
    <ComplaintText label="Complaint content" value="Charged twice 😀">
      <p>two pictures</p>
    </ComplaintText>,
  )
  const box = screen.getByRole('textbox', { name: 'Complaint content' })
  expect(box).toHaveValue('Charged twice 😀')
  expect(box).toHaveAttribute('readonly')
  // An emoji is one character, as the borrower counts it.
  expect(box).toHaveAccessibleDescription('15/200')
  expect(screen.getByText('two pictures')).toBeInTheDocument()
})

test('a complaint being written: typing changes it and its count', async () => {
  function Typed() {
    const [text, setText] = useState('')
    return <ComplaintText label="Description" value={text} placeholder="Tell us more" onChange={setText} />
  }
  render(<Typed />)
  const box = screen.getByRole('textbox', { name: 'Description' })
  expect(box).not.toHaveAttribute('readonly')
  expect(box).toHaveAttribute('placeholder', 'Tell us more')
  await userEvent.setup().type(box, 'Late fee')
  expect(box).toHaveValue('Late fee')
  expect(box).toHaveAccessibleDescription('8/200')
})

test('while the complaint is sent the box is disabled', () => {
  render(<ComplaintText label="Description" value="x" onChange={() => undefined} disabled />)
  expect(screen.getByRole('textbox', { name: 'Description' })).toBeDisabled()
})
