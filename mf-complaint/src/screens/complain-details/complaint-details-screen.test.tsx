import { act, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { apiPath, envelope, failure, readForm } from 'shared/mocks'
import { createTestProps, renderWithUi, setupFileClock, setupMswServer, tapViewerImage } from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { PROBLEM_DETAIL_PATH, SAVE_SCORE_PATH } from '../../api/problem-detail'
import { MESSAGES } from '../../content/messages'
import { overlayChunks } from '../../components/lazy-overlays'
import { handlers } from '../../mocks/handlers'
import { resetStore, SEEDED_PROBLEMS } from '../../mocks/store'
import { ComplaintDetailsScreen } from './complaint-details-screen'

/**
 * The viewer leaves when its closing animation (react-spring, one step a frame) has run: on a busy 2-core machine,
 * two test packages at a time, that has taken over the default second (a clean-clone run, 2026-11-28).
 */
const VIEWER_CLOSED_MS = 5000

const seeded = (problemId: string) => SEEDED_PROBLEMS.find((p) => p.problemId === problemId)

const server = setupMswServer(...handlers)
// The 3 s rating delay is ours to drive.
const setupUser = setupFileClock()
afterEach(() => {
  resetStore()
  vi.restoreAllMocks()
})

const m = MESSAGES.detail

function renderDetail(problemId = '2001') {
  const props = createTestProps({ screen: 'complainDetails', query: problemId ? { problemId } : {} })
  renderWithUi(<ComplaintDetailsScreen {...props} />)
  return props
}

/** The detail has rendered and its effects (which start the 3 s timer) have run. */
async function loaded(text: string = m.processResult) {
  await screen.findByText(text)
  await act(async () => {})
}

async function openRating() {
  const user = setupUser()
  const props = renderDetail()
  await loaded()
  void act(() => vi.advanceTimersByTime(3000))
  const dialog = await screen.findByRole('dialog', { name: m.rateTitle })
  return { user, props, dialog }
}

const star = (n: number) => screen.getByRole('button', { name: m.star(n) })

test('shows type, sub-type, the read-only description with its counter, images and the Process Result', async () => {
  renderDetail()
  const tags = await screen.findByRole('list', { name: m.typeLabel })
  expect(within(tags).getByText('Collection complaint')).toBeInTheDocument()
  expect(within(tags).getByText('Too many calls or messages')).toBeInTheDocument()
  const content = screen.getByRole('textbox', { name: m.contentLabel })
  expect(content).toHaveAttribute('readonly')
  expect(content).toHaveValue(seeded('2001')?.content)
  expect(screen.getByText(`${seeded('2001')?.content.length}/200`)).toBeInTheDocument()
  expect(within(screen.getByRole('list', { name: m.imagesLabel })).getAllByRole('button')).toHaveLength(2)
  const result = screen.getByRole('region', { name: m.processResult })
  expect(result).toHaveTextContent(/collection team has been told/)
  expect(within(result).getAllByRole('button', { name: /View image/ })).toHaveLength(1)
})

const viewerImages = () =>
  [...document.querySelectorAll<HTMLImageElement>('.adm-image-viewer-content img')].map((i) => i.src)

test('tapping an image enlarges it, starting at that image', async () => {
  const user = setupUser()
  renderDetail()
  await user.click(await screen.findByRole('button', { name: m.viewImage(2) }))
  await waitFor(() => expect(document.querySelector('.adm-image-viewer-content')).toBeInTheDocument())
  expect(viewerImages()).toEqual(seeded('2001')?.images)
  expect(document.querySelector('.adm-image-viewer-indicator')).toHaveTextContent('2 / 2')
})

test('a tap closes the viewer; tapping another thumbnail then starts at that one', async () => {
  const user = setupUser()
  renderDetail()
  const gallery = await screen.findByRole('list', { name: m.imagesLabel })
  await user.click(within(gallery).getByRole('button', { name: m.viewImage(2) }))
  await waitFor(() =>
    expect(document.querySelector('.adm-image-viewer-indicator')).toHaveTextContent('2 / 2'),
  )
  await tapViewerImage(1)
  await waitFor(() => expect(document.querySelector('.adm-image-viewer-content')).not.toBeInTheDocument(), {
    timeout: VIEWER_CLOSED_MS,
  })
  await user.click(within(gallery).getByRole('button', { name: m.viewImage(1) }))
  await waitFor(() =>
    expect(document.querySelector('.adm-image-viewer-indicator')).toHaveTextContent('1 / 2'),
  )
})

test('the viewer is a named dialog with a Close button screen readers see; focus returns to the thumbnail', async () => {
  const user = setupUser()
  renderDetail()
  const gallery = await screen.findByRole('list', { name: m.imagesLabel })
  const thumb = within(gallery).getByRole('button', { name: m.viewImage(1) })
  await user.click(thumb)
  const dialog = await screen.findByRole('dialog', { name: m.imagesLabel })
  expect(dialog).toHaveFocus()
  await user.click(within(dialog).getByRole('button', { name: MESSAGES.common.close }))
  await waitFor(() => expect(document.querySelector('.adm-image-viewer-content')).not.toBeInTheDocument(), {
    timeout: VIEWER_CLOSED_MS,
  })
  expect(thumb).toHaveFocus()
})

test("the image viewer's code is fetched in the background once the detail has shown; a tap opens it", async () => {
  const user = setupUser()
  const viewer = vi.spyOn(overlayChunks, 'imageViewer')
  renderDetail()
  expect(viewer).not.toHaveBeenCalled()
  await loaded()
  await waitFor(() => expect(viewer).toHaveBeenCalled())
  expect(document.querySelector('.adm-image-viewer-content')).not.toBeInTheDocument()
  const gallery = screen.getByRole('list', { name: m.imagesLabel })
  await user.click(within(gallery).getByRole('button', { name: m.viewImage(1) }))
  await waitFor(() =>
    expect(document.querySelector('.adm-image-viewer-indicator')).toHaveTextContent('1 / 2'),
  )
})

test('when the image viewer cannot be downloaded, the tap says so and Try again opens the image', async () => {
  const user = setupUser()
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const offline = vi
    .spyOn(overlayChunks, 'imageViewer')
    .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'))
  renderDetail()
  await user.click(await screen.findByRole('button', { name: m.viewImage(2) }))
  const message = await screen.findByRole('dialog', { name: MESSAGES.common.openFailed })
  expect(document.querySelector('.adm-image-viewer-content')).not.toBeInTheDocument()
  offline.mockRestore()
  await user.click(within(message).getByRole('button', { name: MESSAGES.common.retry }))
  await waitFor(() =>
    expect(document.querySelector('.adm-image-viewer-indicator')).toHaveTextContent('2 / 2'),
  )
  expect(screen.queryByRole('dialog', { name: MESSAGES.common.openFailed })).not.toBeInTheDocument()
})

test('no Process Result block and no rating when the complaint has neither', async () => {
  setupUser()
  renderDetail('2002')
  await loaded(m.contentLabel)
  expect(screen.getByRole('textbox', { name: m.contentLabel })).toHaveValue(seeded('2002')?.content)
  expect(screen.queryByText(m.processResult)).not.toBeInTheDocument()
  expect(screen.queryByRole('list', { name: m.imagesLabel })).not.toBeInTheDocument()
  void act(() => vi.advanceTimersByTime(5000))
  expect(screen.queryByRole('dialog', { name: m.rateTitle })).not.toBeInTheDocument()
})

test('the rating modal opens 3 s after load, not before', async () => {
  setupUser()
  renderDetail()
  await loaded()
  void act(() => vi.advanceTimersByTime(2800))
  expect(screen.queryByRole('dialog', { name: m.rateTitle })).not.toBeInTheDocument()
  void act(() => vi.advanceTimersByTime(300))
  const dialog = await screen.findByRole('dialog', { name: m.rateTitle })
  expect(within(dialog).getAllByRole('button', { name: /star/ })).toHaveLength(5)
  expect(within(dialog).getByRole('button', { name: m.cancel })).toBeInTheDocument()
  expect(within(dialog).getByRole('button', { name: m.send })).toBeInTheDocument()
})

test('tapping star n fills stars 1 to n and empties the rest', async () => {
  const { user } = await openRating()
  for (const n of [1, 2, 3, 4, 5]) expect(star(n)).toHaveAttribute('aria-pressed', 'false')
  await user.click(star(4))
  expect([1, 2, 3, 4, 5].map((n) => star(n).getAttribute('aria-pressed'))).toEqual([
    'true',
    'true',
    'true',
    'true',
    'false',
  ])
  await user.click(star(2))
  expect([1, 2, 3, 4, 5].map((n) => star(n).getAttribute('aria-pressed'))).toEqual([
    'true',
    'true',
    'false',
    'false',
    'false',
  ])
})

test("Send with no star says 'Silakan pilih' and sends nothing", async () => {
  const calls: string[] = []
  server.events.on('request:start', ({ request }) => calls.push(new URL(request.url).pathname))
  const { user, dialog } = await openRating()
  await user.click(within(dialog).getByRole('button', { name: m.send }))
  expect(await screen.findByText(m.pickStars)).toBeInTheDocument()
  expect(calls.filter((path) => path.endsWith(SAVE_SCORE_PATH))).toEqual([])
  expect(screen.getByRole('dialog', { name: m.rateTitle })).toBeInTheDocument()
})

test('Send posts the score and problemId, thanks the borrower and closes the modal', async () => {
  const bodies: Record<string, string>[] = []
  server.use(
    http.post(apiPath(SAVE_SCORE_PATH), async ({ request }) => {
      bodies.push(await readForm(request))
      return envelope(null)
    }),
  )
  const { user, dialog } = await openRating()
  await user.click(star(3))
  await user.click(within(dialog).getByRole('button', { name: m.send }))
  expect(await screen.findByText('Successful demonstration！')).toBeInTheDocument()
  expect(bodies).toEqual([{ score: '3', problemId: '2001' }])
  await waitFor(() => expect(screen.queryByRole('dialog', { name: m.rateTitle })).not.toBeInTheDocument())
  // It does not come back.
  void act(() => vi.advanceTimersByTime(5000))
  expect(screen.queryByRole('dialog', { name: m.rateTitle })).not.toBeInTheDocument()
})

test('a failed save-score shows the server message and keeps the modal open', async () => {
  server.use(http.post(apiPath(SAVE_SCORE_PATH), () => failure('Rating is closed', '400')))
  const { user, dialog } = await openRating()
  await user.click(star(5))
  await user.click(within(dialog).getByRole('button', { name: m.send }))
  expect(await screen.findAllByText('Rating is closed')).toHaveLength(1)
  expect(screen.queryByText(m.rated)).not.toBeInTheDocument()
  expect(screen.getByRole('dialog', { name: m.rateTitle })).toBeInTheDocument()
})

test('Cancel closes the rating modal', async () => {
  const { user, dialog } = await openRating()
  await user.click(within(dialog).getByRole('button', { name: m.cancel }))
  expect(screen.queryByRole('dialog', { name: m.rateTitle })).not.toBeInTheDocument()
  void act(() => vi.advanceTimersByTime(5000))
  expect(screen.queryByRole('dialog', { name: m.rateTitle })).not.toBeInTheDocument()
})

test('images may come comma-joined; malformed fields are treated as empty', async () => {
  server.use(
    http.post(apiPath(PROBLEM_DETAIL_PATH), () =>
      envelope({
        type: { nested: true },
        sonType: null,
        problemId: '5',
        content: 42,
        images: 'https://img.example.com/a.png, https://img.example.com/b.png',
        disposeDetail: ['x'],
        disposeImages: 7,
        isNeedScore: 'no',
      }),
    ),
  )
  renderDetail('5')
  const gallery = await screen.findByRole('list', { name: m.imagesLabel })
  expect(within(gallery).getAllByRole('button')).toHaveLength(2)
  expect(screen.getByRole('textbox', { name: m.contentLabel })).toHaveValue('42')
  expect(screen.queryByText(m.processResult)).not.toBeInTheDocument()
})

test('a failed detail shows the error with Try again, which calls again', async () => {
  const user = setupUser()
  server.use(http.post(apiPath(PROBLEM_DETAIL_PATH), () => failure('Service is busy'), { once: true }))
  renderDetail()
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('Service is busy')
  expect(screen.getByRole('heading', { name: m.title })).toBeInTheDocument()
  await user.click(within(alert).getByRole('button', { name: MESSAGES.common.retry }))
  expect(await screen.findByText(m.processResult)).toBeInTheDocument()
})

test('without a problemId the screen offers the complaint list', async () => {
  const user = setupUser()
  const props = renderDetail('')
  expect(screen.getByRole('alert')).toHaveTextContent(m.noProblem)
  await user.click(screen.getByRole('button', { name: m.backToList }))
  expect(props.navigate).toHaveBeenCalledWith('/complaintList', { replace: true })
})
