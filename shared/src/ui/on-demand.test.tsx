import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Component, useState, type ComponentType, type ReactNode } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { onDemand, type LoadFailedProps } from './on-demand'

interface SheetProps {
  visible?: boolean
  onClose?: () => void
  text: string
}

/** Stands for antd-mobile's Popup: shown while visible. */
function Sheet({ visible, onClose, text }: SheetProps) {
  if (!visible) return null
  return (
    <div role="dialog" aria-label="sheet">
      {text}
      <button type="button" onClick={onClose}>
        done
      </button>
    </div>
  )
}

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** The remote's own failure dialog. */
function Failed({ onRetry, onClose }: LoadFailedProps) {
  return (
    <div role="dialog" aria-label="Could not open">
      <button type="button" onClick={onClose}>
        Close
      </button>
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}

/** A page with a button that opens the on-demand sheet. */
function Page({ Lazy, initiallyOpen = false }: { Lazy: ComponentType<SheetProps>; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen)
  return (
    <main>
      <p>page content</p>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Lazy visible={open} onClose={() => setOpen(false)} text="sheet content" />
    </main>
  )
}

// React reports the errors its boundaries catch on the console; the failures here are expected.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.restoreAllMocks()
})

const openButton = () => screen.getByRole('button', { name: 'open' })
const failure = () => screen.queryByRole('dialog', { name: 'Could not open' })

test('the code loads once the page is idle after mounting, before any open', async () => {
  const load = vi.fn(() => Promise.resolve(Sheet))
  render(<Page Lazy={onDemand(load, Failed)} />)
  expect(load).not.toHaveBeenCalled()
  await waitFor(() => expect(load).toHaveBeenCalledTimes(1))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test('the preload waits for requestIdleCallback where the browser has it', async () => {
  const callbacks: (() => void)[] = []
  const cancel = vi.fn()
  vi.stubGlobal(
    'requestIdleCallback',
    vi.fn((callback: () => void) => callbacks.push(callback)),
  )
  vi.stubGlobal('cancelIdleCallback', cancel)
  try {
    const load = vi.fn(() => Promise.resolve(Sheet))
    const { unmount } = render(<Page Lazy={onDemand(load, Failed)} />)
    // Scheduled once the screen has painted (a timer), however slow the machine: waited for, not slept.
    await vi.waitFor(() => expect(callbacks).toHaveLength(1))
    expect(load).not.toHaveBeenCalled()
    callbacks[0]()
    expect(load).toHaveBeenCalledTimes(1)
    unmount()
    expect(cancel).toHaveBeenCalledWith(1)
  } finally {
    vi.unstubAllGlobals()
  }
})

test('opened while its code is still downloading: the page stays, the sheet appears when ready', async () => {
  const user = userEvent.setup()
  const code = deferred<ComponentType<SheetProps>>()
  const load = vi.fn(() => code.promise)
  render(<Page Lazy={onDemand(load, Failed)} />)
  await user.click(openButton())
  expect(load).toHaveBeenCalled()
  expect(screen.getByText('page content')).toBeVisible()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  code.resolve(Sheet)
  expect(await screen.findByRole('dialog', { name: 'sheet' })).toHaveTextContent('sheet content')
  expect(screen.getByText('page content')).toBeVisible()
  // Closing keeps it rendered (hidden), reopening shows it again without loading anew.
  const calls = load.mock.calls.length
  await user.click(screen.getByRole('button', { name: 'done' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  await user.click(openButton())
  expect(await screen.findByRole('dialog', { name: 'sheet' })).toBeInTheDocument()
  expect(load).toHaveBeenCalledTimes(calls)
})

test('a download that fails once: the open says so, Try again downloads again and shows it', async () => {
  const user = userEvent.setup()
  const load = vi
    .fn<() => Promise<ComponentType<SheetProps>>>()
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockResolvedValue(Sheet)
  // Open from the start, so the open's download comes before the idle preload and is the one that fails.
  render(<Page Lazy={onDemand(load, Failed)} initiallyOpen />)
  const message = await screen.findByRole('dialog', { name: 'Could not open' })
  expect(screen.queryByRole('dialog', { name: 'sheet' })).not.toBeInTheDocument()
  const calls = load.mock.calls.length
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('dialog', { name: 'sheet' })).toBeInTheDocument()
  expect(message).not.toBeInTheDocument()
  expect(load.mock.calls.length).toBeGreaterThan(calls)
})

test('a failed preload (offline then) does not stop a later open from loading', async () => {
  const user = userEvent.setup()
  const load = vi
    .fn<() => Promise<ComponentType<SheetProps>>>()
    .mockRejectedValueOnce(new TypeError('offline'))
    .mockResolvedValue(Sheet)
  render(<Page Lazy={onDemand(load, Failed)} />)
  await waitFor(() => expect(load).toHaveBeenCalledTimes(1))
  await user.click(openButton())
  expect(await screen.findByRole('dialog', { name: 'sheet' })).toBeInTheDocument()
  expect(failure()).not.toBeInTheDocument()
  expect(load).toHaveBeenCalledTimes(2)
})

test('Close hides the message; the next open downloads again', async () => {
  const user = userEvent.setup()
  const load = vi.fn<() => Promise<ComponentType<SheetProps>>>().mockRejectedValue(new TypeError('offline'))
  render(<Page Lazy={onDemand(load, Failed)} />)
  await user.click(openButton())
  expect(await screen.findByRole('dialog', { name: 'Could not open' })).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Close' }))
  expect(failure()).not.toBeInTheDocument()
  expect(screen.getByText('page content')).toBeVisible()

  load.mockResolvedValue(Sheet)
  const calls = load.mock.calls.length
  await user.click(openButton())
  expect(await screen.findByRole('dialog', { name: 'sheet' })).toBeInTheDocument()
  expect(load.mock.calls.length).toBeGreaterThan(calls)
  expect(failure()).not.toBeInTheDocument()
})

class Catcher extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null }
  static getDerivedStateFromError(error: Error) {
    return { error: error.message }
  }
  render() {
    return this.state.error ?? this.props.children
  }
}

test('a crash of the loaded component is not taken for a failed download', async () => {
  function Broken(): ReactNode {
    throw new Error('broken sheet')
  }
  const Lazy = onDemand<SheetProps>(() => Promise.resolve(Broken), Failed)
  render(
    <Catcher>
      <Page Lazy={Lazy} initiallyOpen />
    </Catcher>,
  )
  expect(await screen.findByText('broken sheet')).toBeInTheDocument()
  expect(failure()).not.toBeInTheDocument()
})
