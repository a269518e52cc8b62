import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { expect, test, vi } from 'vitest'
import { onDemand } from './on-demand'
import { loadFailedDialog, loadingBlock, screenParts, Skeleton, type PartLooks } from './screen-parts'

const WORDS = { loadFailed: 'This page could not be loaded.', retry: 'Try again' }
const OVERLAY_WORDS = { openFailed: 'This could not be opened.', close: 'Close', retry: 'Try again' }
const LOOKS: PartLooks = { modal: 'x-modal' }
const { LoadError, Modal, PageMessage } = screenParts(WORDS, LOOKS)
const LoadingBlock = loadingBlock({ loading: 'Loading...' })

test('a skeleton is one status named in the page’s words, with a block for each height', () => {
  render(<Skeleton label="加载中..." heights={[120, 160, 48]} />)
  const skeleton = screen.getByRole('status', { name: '加载中...' })
  expect(skeleton).toHaveAttribute('aria-live', 'polite')
  expect([...skeleton.children].map((block) => (block as HTMLElement).style.height)).toEqual([
    '120px',
    '160px',
    '48px',
  ])
})

test('a loading block says so in the remote’s words and can hold a height', () => {
  render(<LoadingBlock minHeight={320} />)
  const block = screen.getByRole('status')
  expect(block).toHaveTextContent('Loading...')
  expect(block).toHaveStyle({ minHeight: '320px' })
})

test('a failed load shows the server’s message and calls the load again on Try again', async () => {
  const user = userEvent.setup()
  const onRetry = vi.fn()
  render(<LoadError message="Order not found" onRetry={onRetry} />)
  expect(screen.getByRole('alert')).toHaveTextContent('Order not found')
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(onRetry).toHaveBeenCalledTimes(1)
})

test('a failed load without a message says the page could not be loaded, in a page’s own words when given', () => {
  const { unmount } = render(<LoadError message="" onRetry={() => undefined} />)
  expect(screen.getByRole('alert')).toHaveTextContent('This page could not be loaded.')
  unmount()
  render(
    <LoadError message="" onRetry={() => undefined} words={{ loadFailed: '页面加载失败', retry: '重试' }} />,
  )
  expect(screen.getByRole('alert')).toHaveTextContent('页面加载失败')
  expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
})

test('a page message says why the page cannot be used, with what the page adds', () => {
  render(
    <PageMessage text="This repayment link is incomplete.">
      <button type="button">Back</button>
    </PageMessage>,
  )
  const message = screen.getByRole('alert')
  expect(message).toHaveTextContent('This repayment link is incomplete.')
  expect(within(message).getByRole('button', { name: 'Back' })).toBeInTheDocument()
})

test('the parts keep the shared look unless the remote names its own', () => {
  const own = screenParts(WORDS, { modal: 'x-modal', error: 'x-error', button: 'x-button' })
  const OwnLoadingBlock = loadingBlock({ loading: 'Loading...' }, { loading: 'x-loading' })
  const { unmount } = render(
    <>
      <LoadError message="" onRetry={() => undefined} />
      <LoadingBlock />
    </>,
  )
  expect(screen.getByRole('alert')).toHaveClass('ui-error')
  expect(screen.getByRole('button', { name: 'Try again' })).toHaveClass('ui-button', 'ui-button--ghost')
  expect(screen.getByRole('status')).toHaveClass('ui-loading')
  unmount()
  render(
    <>
      <own.LoadError message="" onRetry={() => undefined} />
      <OwnLoadingBlock />
    </>,
  )
  expect(screen.getByRole('alert')).toHaveClass('x-error')
  expect(screen.getByRole('alert').querySelector('p')).toHaveClass('x-error__text')
  expect(screen.getByRole('button', { name: 'Try again' })).toHaveClass('x-button', 'x-button--ghost')
  expect(screen.getByRole('status')).toHaveClass('x-loading')
})

/** A page whose button opens a dialog (the dialog's Done closes it). */
function DialogPage({
  title,
  label,
  withClose = false,
}: {
  title?: string
  label?: string
  withClose?: boolean
}) {
  const [open, setOpen] = useState(false)
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal
          title={title}
          label={label}
          onClose={withClose ? () => setOpen(false) : undefined}
          closeLabel="Close"
        >
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        </Modal>
      )}
    </main>
  )
}

test('a modal is a dialog named by its title, over the page, that holds focus and gives it back', async () => {
  const user = userEvent.setup()
  const { container } = render(<DialogPage title="Kind tips" />)
  await user.click(screen.getByRole('button', { name: 'Open' }))
  const dialog = screen.getByRole('dialog', { name: 'Kind tips' })
  expect(dialog).toHaveAttribute('aria-modal', 'true')
  expect(within(dialog).getByRole('heading', { name: 'Kind tips' })).toBeInTheDocument()
  // Rendered into the body: it covers the web view whatever container the page is in.
  expect(container).not.toContainElement(dialog)
  expect(dialog).toHaveFocus()
  expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()
  await user.click(within(dialog).getByRole('button', { name: 'Done' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus()
})

test('a modal without a title is named by its label; a close icon closes it', async () => {
  const user = userEvent.setup()
  render(<DialogPage label="Withdraw" withClose />)
  await user.click(screen.getByRole('button', { name: 'Open' }))
  const dialog = screen.getByRole('dialog', { name: 'Withdraw' })
  expect(within(dialog).queryByRole('heading')).not.toBeInTheDocument()
  await user.click(within(dialog).getByRole('button', { name: 'Close' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test('a modal sits on a scrim, centred or at the bottom, or floats over the page with none', () => {
  const place = (looks: PartLooks) => {
    const { Modal: Placed } = screenParts(WORDS, looks)
    const { unmount } = render(<Placed title="Payment Method" fullScreen />)
    const dialog = screen.getByRole('dialog', { name: 'Payment Method' })
    const around = dialog.parentElement!
    unmount()
    return { box: dialog.className, around: around === document.body ? 'body' : around.className }
  }
  expect(place({ modal: 'loan-modal' })).toEqual({
    box: 'loan-modal__box',
    around: 'ui-modal loan-modal loan-modal--full',
  })
  expect(place({ modal: 'repay-sheet', place: 'bottom' }).around).toBe(
    'ui-modal ui-modal--bottom repay-sheet repay-sheet--full',
  )
  expect(place({ modal: 'bind-modal', place: 'float' })).toEqual({ box: 'bind-modal__box', around: 'body' })
})

test('an overlay whose code cannot be downloaded says so; Try again loads it, Close leaves the page as it was', async () => {
  const user = userEvent.setup()
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  let fail = true
  const Overlay = onDemand(
    () =>
      fail
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve(({ visible }: { visible?: boolean; onClose?: () => void }) =>
            visible ? <div role="dialog" aria-label="Pictures" /> : null,
          ),
    loadFailedDialog(OVERLAY_WORDS, { modal: 'x-modal', button: 'x-button' }),
  )
  function Page() {
    const [open, setOpen] = useState(false)
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Show pictures
        </button>
        <Overlay visible={open} onClose={() => setOpen(false)} />
      </>
    )
  }
  render(<Page />)
  await user.click(screen.getByRole('button', { name: 'Show pictures' }))
  let failed = await screen.findByRole('dialog', { name: 'This could not be opened.' })
  expect(within(failed).getByRole('button', { name: 'Try again' })).toHaveClass('x-button')
  await user.click(within(failed).getByRole('button', { name: 'Close' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: 'Show pictures' }))
  failed = await screen.findByRole('dialog', { name: 'This could not be opened.' })
  fail = false
  await user.click(within(failed).getByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('dialog', { name: 'Pictures' })).toBeInTheDocument()
  expect(screen.queryByRole('dialog', { name: 'This could not be opened.' })).not.toBeInTheDocument()
  vi.restoreAllMocks()
})

test('a modal open on the first render is left out of a render on the server and opens once hydrated', async () => {
  const page = () => (
    <main>
      <h1>Loan confirmation</h1>
      <Modal title="Special offer">
        <p>Your first service fee is waived.</p>
      </Modal>
    </main>
  )
  const html = renderToString(page())
  expect(html).toContain('Loan confirmation')
  expect(html).not.toContain('Special offer')
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const recoverable = vi.fn()
  let root: Root | null = null
  try {
    await act(async () => {
      root = hydrateRoot(container, page(), { onRecoverableError: recoverable })
    })
    expect(await screen.findByRole('dialog', { name: 'Special offer' })).toBeVisible()
    expect(recoverable).not.toHaveBeenCalled()
    expect(errors).not.toHaveBeenCalled()
  } finally {
    // Unmounted, so its dialog (in a portal in the body, outside the container) leaves with it: a later test
    // of the same module graph asks the document for dialogs.
    act(() => root?.unmount())
    errors.mockRestore()
    container.remove()
  }
  expect(screen.queryByRole('dialog', { name: 'Special offer' })).not.toBeInTheDocument()
})

test('a modal in the page comes with a render on the server, hydrates in place and closes', async () => {
  function Page() {
    const [open, setOpen] = useState(true)
    return (
      <main>
        <h1>Loan confirmation</h1>
        {open && (
          <Modal title="Special offer" inPage>
            <p>Your first service fee is waived.</p>
            <button type="button" onClick={() => setOpen(false)}>
              OK
            </button>
          </Modal>
        )}
      </main>
    )
  }
  const html = renderToString(<Page />)
  expect(html).toContain('Special offer')
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const painted = container.querySelector('[role="dialog"]')
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const recoverable = vi.fn()
  try {
    const root = await act(async () => hydrateRoot(container, <Page />, { onRecoverableError: recoverable }))
    const dialog = within(container).getByRole('dialog', { name: 'Special offer' })
    // The element the page painted, taken over where it is: not a second one in the body.
    expect(dialog).toBe(painted)
    expect(container).toContainElement(dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }))
    expect(within(container).queryByRole('dialog')).not.toBeInTheDocument()
    expect(recoverable).not.toHaveBeenCalled()
    expect(errors).not.toHaveBeenCalled()
    act(() => root.unmount())
  } finally {
    errors.mockRestore()
    container.remove()
  }
})
