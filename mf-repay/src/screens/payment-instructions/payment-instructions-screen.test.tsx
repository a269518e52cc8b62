import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createTestProps, tapViewerImage } from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { MESSAGES } from '../../content/messages'
import { mountRepay } from '../../testing/mount-repay'
import { viewerChunk } from './viewer-overlay'

const m = MESSAGES.instructions

afterEach(() => vi.restoreAllMocks())

function renderInstructions() {
  const user = userEvent.setup()
  mountRepay(createTestProps({ screen: 'paymentInstructions' }))
  return user
}

const viewer = () => document.querySelector('.adm-image-viewer-content')
const viewerImages = () =>
  [...document.querySelectorAll<HTMLImageElement>('.adm-image-viewer-content img')].map((i) => i.src)
const indicator = () => document.querySelector('.adm-image-viewer-indicator')

test('the page shows the steps for two e-wallets and offline stores, with the Reference_no', () => {
  renderInstructions()
  expect(screen.getByRole('heading', { level: 1, name: 'Payment instructions' })).toBeInTheDocument()
  const channels = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
  expect(channels).toEqual(['GCash', 'Maya', 'Offline stores (7-Eleven, Cebuana Lhuillier, M Lhuillier)'])
  const gcash = screen.getByRole('region', { name: 'GCash' })
  expect(within(gcash).getAllByRole('listitem')).toHaveLength(4)
  expect(
    within(gcash).getByText('Enter your Reference_no and the amount, then tap Next.'),
  ).toBeInTheDocument()
  const stores = screen.getByRole('region', { name: m.channels[2].name })
  expect(
    within(stores).getByText('Give your Reference_no and the amount to the cashier.'),
  ).toBeInTheDocument()
  // Every step has its picture, drawn inline (no image host).
  const thumbs = screen.getAllByRole('button', { name: /^Enlarge step/ })
  expect(thumbs).toHaveLength(11)
  for (const thumb of thumbs) expect(thumb.querySelector('img')?.src).toMatch(/^data:image\/svg\+xml,/)
  // None of them holds the page's first paint: each is loaded and decoded after it.
  for (const thumb of thumbs) {
    expect(thumb.querySelector('img')).toHaveAttribute('loading', 'lazy')
    expect(thumb.querySelector('img')).toHaveAttribute('decoding', 'async')
  }
})

test("tapping a step's picture enlarges it among that channel's pictures, starting at that one", async () => {
  const user = renderInstructions()
  await user.click(screen.getByRole('button', { name: 'Enlarge step 3 of Maya' }))
  await waitFor(() => expect(viewer()).toBeInTheDocument())
  const maya = within(screen.getByRole('region', { name: 'Maya' }))
    .getAllByRole('button')
    .map((b) => b.querySelector('img')?.src)
  expect(viewerImages()).toEqual(maya)
  expect(indicator()).toHaveTextContent('3 / 4')
})

test('Close closes the viewer; a tap on the picture closes it too', async () => {
  const user = renderInstructions()
  const thumb = screen.getByRole('button', { name: 'Enlarge step 1 of GCash' })
  await user.click(thumb)
  await waitFor(() => expect(indicator()).toHaveTextContent('1 / 4'))
  // A dialog screen readers see, with its Close outside antd-mobile's aria-hidden mask.
  const dialog = screen.getByRole('dialog', { name: 'GCash: step pictures' })
  expect(dialog).toHaveFocus()
  await user.click(within(dialog).getByRole('button', { name: 'Close' }))
  await waitFor(() => expect(viewer()).not.toBeInTheDocument())
  expect(thumb).toHaveFocus()

  await user.click(screen.getByRole('button', { name: 'Enlarge step 2 of GCash' }))
  await waitFor(() => expect(indicator()).toHaveTextContent('2 / 4'))
  await tapViewerImage(1)
  await waitFor(() => expect(viewer()).not.toBeInTheDocument())
})

test('Escape closes the viewer; Tab stays on its Close button', async () => {
  const user = renderInstructions()
  const thumb = screen.getByRole('button', { name: 'Enlarge step 2 of Maya' })
  await user.click(thumb)
  const dialog = await screen.findByRole('dialog', { name: 'Maya: step pictures' })
  await user.tab()
  expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus()
  await user.tab()
  expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus()
  await user.keyboard('{Escape}')
  await waitFor(() => expect(viewer()).not.toBeInTheDocument())
  expect(thumb).toHaveFocus()
})

test("the viewer's code is not part of the page: it is fetched after the page shows", async () => {
  const load = vi.spyOn(viewerChunk, 'load')
  const user = renderInstructions()
  expect(load).not.toHaveBeenCalled()
  await waitFor(() => expect(load).toHaveBeenCalled())
  expect(viewer()).not.toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Enlarge step 1 of Maya' }))
  await waitFor(() => expect(indicator()).toHaveTextContent('1 / 4'))
})

test('when the viewer cannot be downloaded, the tap says so and Try again opens the picture', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const offline = vi
    .spyOn(viewerChunk, 'load')
    .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'))
  const user = renderInstructions()
  await user.click(screen.getByRole('button', { name: 'Enlarge step 2 of GCash' }))
  const message = await screen.findByRole('dialog', { name: m.openFailed })
  expect(viewer()).not.toBeInTheDocument()
  offline.mockRestore()
  await user.click(within(message).getByRole('button', { name: 'Try again' }))
  await waitFor(() => expect(indicator()).toHaveTextContent('2 / 4'))
  expect(screen.queryByRole('dialog', { name: m.openFailed })).not.toBeInTheDocument()
})
