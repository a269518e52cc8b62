import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { copyAndTell } from './copy-text'
import { clearToasts } from './toasts'

const MESSAGES = { copied: 'copy success', failed: 'Copying is not possible here.' }

/** jsdom has no `execCommand`: the older web views' copy is stood in for, and removed after each test. */
function stubExecCommand(run: (command: string) => boolean) {
  const execCommand = vi.fn(run)
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true })
  return execCommand
}

afterEach(async () => {
  vi.restoreAllMocks()
  Reflect.deleteProperty(document, 'execCommand')
  act(() => clearToasts())
  await waitFor(() => expect(screen.queryByText(/copy/i)).not.toBeInTheDocument())
})

test("copies with the Clipboard API and says 'copy success'", async () => {
  userEvent.setup()
  let copied!: boolean
  await act(async () => {
    copied = await copyAndTell('help@cashloan', MESSAGES)
  })
  expect(copied).toBe(true)
  expect(await navigator.clipboard.readText()).toBe('help@cashloan')
  expect(await screen.findByText(MESSAGES.copied)).toBeInTheDocument()
})

test('where the Clipboard API refuses, copies the selection instead', async () => {
  userEvent.setup()
  vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'))
  const selected: string[] = []
  const execCommand = stubExecCommand((command) => {
    const area = document.querySelector('textarea')
    selected.push(`${command}: ${area?.value.slice(area.selectionStart, area.selectionEnd)}`)
    return true
  })
  await act(() => copyAndTell('help@cashloan', MESSAGES))
  expect(execCommand).toHaveBeenCalledOnce()
  expect(selected).toEqual(['copy: help@cashloan'])
  expect(await screen.findByText(MESSAGES.copied)).toBeInTheDocument()
  // The helper's own textarea is gone again.
  expect(document.querySelector('textarea')).toBeNull()
})

test('where nothing can be copied, says so instead of staying silent', async () => {
  userEvent.setup()
  vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'))
  stubExecCommand(() => false)
  let copied!: boolean
  await act(async () => {
    copied = await copyAndTell('help@cashloan', MESSAGES)
  })
  expect(copied).toBe(false)
  expect(await screen.findByText(MESSAGES.failed)).toBeInTheDocument()
  expect(screen.queryByText(MESSAGES.copied)).not.toBeInTheDocument()
})
