import { act, screen, waitFor, within } from '@testing-library/react'
import { delay, http } from 'msw'
import { UPLOAD_MAX_BYTES } from 'shared/http/limits'
import { apiPath, envelope, failure, readForm } from 'shared/mocks'
import { createTestProps, renderWithUi, setupFileClock, setupMswServer } from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { PROBLEM_INIT_PATH } from '../../api/problem-init'
import {
  PROBLEM_SAVE_PATH,
  UPLOAD_PROBLEM_IMAGE_FIELD,
  UPLOAD_PROBLEM_IMAGE_PATH,
} from '../../api/problem-save'
import { MESSAGES } from '../../content/messages'
import { handlers } from '../../mocks/handlers'
import { resetStore } from '../../mocks/store'
import { ComplaintFormScreen } from './complaint-form-screen'
import { photoChunk } from './prepare-photo'

const server = setupMswServer(...handlers)
// The 1.5 s success modal is ours to drive.
const setupUser = setupFileClock()
afterEach(() => {
  resetStore()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const m = MESSAGES.form
const FORM_QUERY = { problemType: '1', problemSonType: '3', orderNo: 'CL20241105086' }

function renderForm(query: Record<string, string> = FORM_QUERY) {
  const props = createTestProps({ screen: 'complainPageNext', query })
  renderWithUi(<ComplaintFormScreen {...props} />)
  return props
}

function image(name = 'chat.png') {
  return new File(['\x89PNG'], name, { type: 'image/png' })
}

const MB = 1024 * 1024

/** A phone camera's photo as the picker hands it over. */
function cameraPhoto(bytes = 6 * MB, name = 'IMG_0001.JPG') {
  return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' })
}

/**
 * The browser's decoder and canvas, which jsdom lacks: a picked photo decodes to `decoded` (or `decode`'s
 * answer) and the canvas encodes a JPEG of `encodedBytes`. Change the returned object between picks.
 */
function stubPhotoApis(photo: {
  decoded?: { width: number; height: number }
  decode?: () => Promise<{ width: number; height: number }>
  encodedBytes?: number
}) {
  const state = { decoded: { width: 4000, height: 3000 }, encodedBytes: 480_000, ...photo }
  const canvases: { width: number; height: number }[] = []
  vi.stubGlobal('createImageBitmap', async () => ({
    ...(state.decode ? await state.decode() : state.decoded),
    close: () => undefined,
  }))
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(width: number, height: number) {
        canvases.push({ width, height })
      }
      getContext() {
        return { fillRect: () => undefined, drawImage: () => undefined }
      }
      async convertToBlob({ type }: ImageEncodeOptions) {
        return new Blob([new Uint8Array(state.encodedBytes)], { type })
      }
    },
  )
  return { state, canvases }
}

/** Answers uploads as the demo does and keeps the files the server received. */
function captureUploads(): File[] {
  const files: File[] = []
  server.use(
    http.post(apiPath(UPLOAD_PROBLEM_IMAGE_PATH), async ({ request }) => {
      files.push((await request.formData()).get(UPLOAD_PROBLEM_IMAGE_FIELD) as File)
      return envelope({ url: `/utilities/demo-images/${files.length}` })
    }),
  )
  return files
}

/** Records the paths of the calls the screen makes. */
function recordCalls(): string[] {
  const calls: string[] = []
  server.events.on('request:start', ({ request }) => calls.push(new URL(request.url).pathname))
  return calls
}

/** Records problem-save bodies; answers success after a short delay so a second tap meets a call in flight. */
function captureSaves(): Record<string, string>[] {
  const bodies: Record<string, string>[] = []
  server.use(
    http.post(apiPath(PROBLEM_SAVE_PATH), async ({ request }) => {
      bodies.push(await readForm(request))
      await delay(50)
      return envelope(null)
    }),
  )
  return bodies
}

const description = () => screen.getByRole('textbox', { name: m.descriptionLabel })
const sendButton = () => screen.getByRole('button', { name: m.send })

test('shows the chosen type and sub-type as tags, titles from problem-init', async () => {
  renderForm()
  const tags = await screen.findByRole('list', { name: m.typeLabel })
  expect(within(tags).getByText('Collection complaint')).toBeInTheDocument()
  expect(within(tags).getByText('Too many calls or messages')).toBeInTheDocument()
  expect(screen.getByText(m.evidenceTip)).toBeInTheDocument()
  expect(screen.getByText(m.replyNote)).toBeInTheDocument()
})

test('a type without sub-type shows one tag', async () => {
  renderForm({ problemType: '2', problemSonType: '', orderNo: 'CL1' })
  const tags = await screen.findByRole('list', { name: m.typeLabel })
  expect(within(tags).getAllByRole('listitem')).toHaveLength(1)
  expect(within(tags).getByText('Repayment problem')).toBeInTheDocument()
})

test('the counter follows the text as it is typed', async () => {
  const user = setupUser()
  renderForm()
  expect(screen.getByText('0/200')).toBeInTheDocument()
  await user.type(description(), 'Hello')
  expect(screen.getByText('5/200')).toBeInTheDocument()
  expect(description()).toHaveAccessibleDescription('5/200')
})

test('typing beyond 200 characters is ignored', async () => {
  const user = setupUser()
  renderForm()
  await user.click(description())
  await user.paste('a'.repeat(198))
  await user.type(description(), 'bcdef')
  expect(description()).toHaveValue(`${'a'.repeat(198)}bc`)
  expect(screen.getByText('200/200')).toBeInTheDocument()
})

test('pasting beyond 200 characters keeps the first 200', async () => {
  const user = setupUser()
  renderForm()
  await user.click(description())
  await user.paste('x'.repeat(150) + 'y'.repeat(100))
  expect(description()).toHaveValue('x'.repeat(150) + 'y'.repeat(50))
  expect(screen.getByText('200/200')).toBeInTheDocument()
})

test('Send with an empty (or blank) description says so and sends nothing', async () => {
  const user = setupUser()
  const calls = recordCalls()
  renderForm()
  await screen.findByRole('list', { name: m.typeLabel })
  await user.type(description(), '   ')
  await user.click(sendButton())
  expect(await screen.findByText(m.emptyDetail)).toBeInTheDocument()
  expect(calls.filter((path) => path.endsWith(PROBLEM_SAVE_PATH))).toEqual([])
})

test('Send posts the complaint, shows Successfully Sent for 1.5 s, then returns to the entry', async () => {
  const user = setupUser()
  const bodies = captureSaves()
  const props = renderForm({ ...FORM_QUERY, productId: '1', orderId: '86' })
  await user.upload(screen.getByLabelText(m.addImage), image('one.png'))
  await screen.findByRole('img', { name: m.imageAlt(1) })
  await user.upload(screen.getByLabelText(m.addImage), image('two.png'))
  await screen.findByRole('img', { name: m.imageAlt(2) })
  const uploaded = [1, 2].map((n) => screen.getByRole('img', { name: m.imageAlt(n) }).getAttribute('src'))
  await user.type(description(), '  They call me every hour  ')
  await user.click(sendButton())

  expect(await screen.findByRole('dialog', { name: m.sent })).toBeInTheDocument()
  // Let the modal's effect start its timer before driving the clock.
  await act(async () => {})
  expect(bodies).toEqual([
    {
      problemType: '1',
      problemSonType: '3',
      problemDetail: 'They call me every hour',
      problemImage: uploaded.join(','),
      orderNo: 'CL20241105086',
    },
  ])
  void act(() => vi.advanceTimersByTime(1300))
  expect(props.navigate).not.toHaveBeenCalled()
  expect(screen.getByRole('dialog', { name: m.sent })).toBeInTheDocument()
  void act(() => vi.advanceTimersByTime(300))
  expect(props.navigate).toHaveBeenCalledTimes(1)
  expect(props.navigate).toHaveBeenCalledWith('/complaint?productId=1&orderId=86', { replace: true })
})

test('without images problemImage is empty, and the entry is reached without a query', async () => {
  const user = setupUser()
  const bodies = captureSaves()
  const props = renderForm({ problemType: '4', orderNo: 'CL1' })
  await user.type(description(), 'The app logs me out')
  await user.click(sendButton())
  await screen.findByRole('dialog', { name: m.sent })
  await act(async () => {})
  expect(bodies).toEqual([
    {
      problemType: '4',
      problemSonType: '',
      problemDetail: 'The app logs me out',
      problemImage: '',
      orderNo: 'CL1',
    },
  ])
  void act(() => vi.advanceTimersByTime(1600))
  expect(props.navigate).toHaveBeenCalledWith('/complaint', { replace: true })
})

test('a double tap on Send sends once', async () => {
  const user = setupUser()
  const bodies = captureSaves()
  renderForm()
  await user.type(description(), 'Please stop calling')
  await user.dblClick(sendButton())
  expect(await screen.findByRole('dialog', { name: m.sent })).toBeInTheDocument()
  expect(bodies).toHaveLength(1)
  expect(sendButton()).toBeDisabled()
})

test('a failed save shows the server message once and lets the borrower send again', async () => {
  const user = setupUser()
  const props = renderForm()
  await user.type(description(), 'This should fail')
  await user.click(sendButton())
  expect(await screen.findAllByText(/could not be saved/)).toHaveLength(1)
  expect(screen.queryByRole('dialog', { name: m.sent })).not.toBeInTheDocument()
  await waitFor(() => expect(sendButton()).toBeEnabled())
  expect(description()).toHaveValue('This should fail')
  expect(props.navigate).not.toHaveBeenCalled()
})

test('an uploaded image shows as a thumbnail with a success toast, and can be removed', async () => {
  const user = setupUser()
  renderForm()
  await user.upload(screen.getByLabelText(m.addImage), image())
  expect(await screen.findByText(m.uploadSucceeded)).toBeInTheDocument()
  const thumbnail = screen.getByRole('img', { name: m.imageAlt(1) })
  // The demo names each upload at random (no visitor can guess another's pictures).
  expect(thumbnail.getAttribute('src')).toMatch(/^\/utilities\/demo-images\/[0-9a-f-]{36}$/)
  await user.click(screen.getByRole('button', { name: m.removeImage(1) }))
  expect(screen.queryByRole('img', { name: m.imageAlt(1) })).not.toBeInTheDocument()
})

test('the add control takes images only', async () => {
  const user = setupUser({ applyAccept: false })
  const calls = recordCalls()
  renderForm()
  const input = screen.getByLabelText(m.addImage)
  expect(input).toHaveAttribute('accept', 'image/*')
  expect(input).not.toHaveAttribute('multiple')
  await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }))
  expect(await screen.findByText(m.notImage)).toBeInTheDocument()
  expect(calls.filter((path) => path.endsWith(UPLOAD_PROBLEM_IMAGE_PATH))).toEqual([])
  expect(screen.queryByRole('img', { name: m.imageAlt(1) })).not.toBeInTheDocument()
})

test('a failed upload shows the server message once and adds nothing', async () => {
  const user = setupUser()
  server.use(
    http.post(apiPath(UPLOAD_PROBLEM_IMAGE_PATH), () =>
      failure('This photo is too large to upload (max 3 MB).', '413'),
    ),
  )
  renderForm()
  await user.upload(screen.getByLabelText(m.addImage), image())
  expect(await screen.findAllByText('This photo is too large to upload (max 3 MB).')).toHaveLength(1)
  expect(screen.queryByText(m.uploadSucceeded)).not.toBeInTheDocument()
  expect(screen.queryByRole('img', { name: m.imageAlt(1) })).not.toBeInTheDocument()
  expect(screen.getByLabelText(m.addImage)).toBeEnabled()
})

test('an upload answer without a URL is reported, not added', async () => {
  const user = setupUser()
  server.use(http.post(apiPath(UPLOAD_PROBLEM_IMAGE_PATH), () => envelope({ url: 42 })))
  renderForm()
  await user.upload(screen.getByLabelText(m.addImage), image())
  expect(await screen.findByText(m.uploadNoUrl)).toBeInTheDocument()
  expect(screen.queryByRole('img', { name: m.imageAlt(1) })).not.toBeInTheDocument()
})

test('at most 9 images: the add control disappears at 9 and returns after a removal', async () => {
  const user = setupUser()
  renderForm()
  for (let n = 1; n <= 9; n++) {
    await user.upload(screen.getByLabelText(m.addImage), image(`shot-${n}.png`))
    await screen.findByRole('img', { name: m.imageAlt(n) })
  }
  await waitFor(() => expect(screen.queryByLabelText(m.addImage)).not.toBeInTheDocument())
  expect(screen.getAllByRole('button', { name: /Remove image/ })).toHaveLength(9)
  await user.click(screen.getByRole('button', { name: m.removeImage(4) }))
  expect(screen.getByLabelText(m.addImage)).toBeInTheDocument()
})

test('the add control is disabled while an image uploads (one at a time)', async () => {
  const user = setupUser()
  server.use(
    http.post(apiPath(UPLOAD_PROBLEM_IMAGE_PATH), async () => {
      await delay(100)
      return envelope({ url: '/utilities/demo-images/7' })
    }),
  )
  renderForm()
  await user.upload(screen.getByLabelText(m.addImage), image())
  expect(screen.getByLabelText(m.addImage)).toBeDisabled()
  expect(sendButton()).toBeDisabled()
  await screen.findByRole('img', { name: m.imageAlt(1) })
  expect(screen.getByLabelText(m.addImage)).toBeEnabled()
})

test('a 6 MB phone photo is resized before upload: the server gets a JPEG of 1600 px at most 3 MB', async () => {
  const user = setupUser()
  const { canvases } = stubPhotoApis({ decoded: { width: 4000, height: 3000 }, encodedBytes: 480_000 })
  const uploads = captureUploads()
  renderForm()
  await user.upload(screen.getByLabelText(m.addImage), cameraPhoto(6 * MB))
  expect(await screen.findByRole('img', { name: m.imageAlt(1) })).toHaveAttribute(
    'src',
    '/utilities/demo-images/1',
  )
  expect(canvases).toEqual([{ width: 1600, height: 1200 }])
  expect(uploads).toHaveLength(1)
  // (The request jsdom builds drops file names: shared/image's tests check the .jpg name.)
  expect(uploads[0]).toMatchObject({ type: 'image/jpeg', size: 480_000 })
  expect(uploads[0].size).toBeLessThanOrEqual(UPLOAD_MAX_BYTES)
})

test('while the photo is prepared the add control is busy and says so, and Send waits', async () => {
  const user = setupUser()
  let decoded!: () => void
  stubPhotoApis({
    decode: () =>
      new Promise((resolve) => {
        decoded = () => resolve({ width: 4000, height: 3000 })
      }),
  })
  renderForm()
  await user.upload(screen.getByLabelText(m.addImage), cameraPhoto())
  expect(await screen.findByText(m.preparingImage)).toHaveRole('status')
  expect(screen.getByLabelText(m.addImage)).toBeDisabled()
  expect(sendButton()).toBeDisabled()
  act(() => decoded())
  await screen.findByRole('img', { name: m.imageAlt(1) })
  expect(screen.queryByText(m.preparingImage)).not.toBeInTheDocument()
  expect(screen.getByLabelText(m.addImage)).toBeEnabled()
  expect(sendButton()).toBeEnabled()
})

test('a photo still over 3 MB after resizing is refused with why; the typed text and uploaded images stay', async () => {
  const user = setupUser()
  const photo = stubPhotoApis({ decoded: { width: 1200, height: 900 } })
  const uploads = captureUploads()
  renderForm()
  await user.type(description(), 'They call me at night')
  await user.upload(screen.getByLabelText(m.addImage), cameraPhoto(200_000, 'chat.jpg'))
  await screen.findByRole('img', { name: m.imageAlt(1) })

  photo.state.decoded = { width: 4000, height: 3000 }
  photo.state.encodedBytes = UPLOAD_MAX_BYTES + 1
  await user.upload(screen.getByLabelText(m.addImage), cameraPhoto(30 * MB))
  expect(await screen.findByText(m.imageTooLarge)).toBeInTheDocument()
  expect(m.imageTooLarge).toBe('This photo is too large to upload (max 3 MB).')
  expect(uploads).toHaveLength(1)
  expect(description()).toHaveValue('They call me at night')
  expect(screen.getByRole('img', { name: m.imageAlt(1) })).toBeInTheDocument()
  expect(screen.queryByRole('img', { name: m.imageAlt(2) })).not.toBeInTheDocument()
  expect(screen.getByLabelText(m.addImage)).toBeEnabled()
})

test('a photo this browser cannot open is refused with why, and nothing is uploaded', async () => {
  const user = setupUser()
  vi.stubGlobal('createImageBitmap', async () => {
    throw new DOMException('The source image could not be decoded.', 'InvalidStateError')
  })
  const calls = recordCalls()
  renderForm()
  await user.upload(
    screen.getByLabelText(m.addImage),
    new File(['ftypheic'], 'IMG_0003.HEIC', { type: 'image/heic' }),
  )
  expect(await screen.findByText(m.imageUnreadable)).toBeInTheDocument()
  expect(calls.filter((path) => path.endsWith(UPLOAD_PROBLEM_IMAGE_PATH))).toEqual([])
  expect(screen.getByLabelText(m.addImage)).toBeEnabled()
})

test('when the resizer cannot be downloaded the pick says so, and the next pick downloads it again', async () => {
  const user = setupUser()
  stubPhotoApis({})
  const download = photoChunk.load
  const load = vi
    .spyOn(photoChunk, 'load')
    .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'))
  const uploads = captureUploads()
  renderForm()
  await user.type(description(), 'Offline for a moment')
  await user.upload(screen.getByLabelText(m.addImage), cameraPhoto())
  expect(await screen.findByText(MESSAGES.common.openFailed)).toBeInTheDocument()
  expect(uploads).toEqual([])
  expect(description()).toHaveValue('Offline for a moment')

  load.mockImplementation(download)
  const picks = load.mock.calls.length
  await user.upload(screen.getByLabelText(m.addImage), cameraPhoto())
  await screen.findByRole('img', { name: m.imageAlt(1) })
  expect(load.mock.calls.length).toBeGreaterThan(picks)
  expect(uploads).toHaveLength(1)
})

test('a failed problem-init shows Try again in place of the tags and keeps the form usable', async () => {
  const user = setupUser()
  server.use(http.post(apiPath(PROBLEM_INIT_PATH), () => failure('Service is busy'), { once: true }))
  renderForm()
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('Service is busy')
  expect(description()).toBeEnabled()
  await user.click(within(alert).getByRole('button', { name: MESSAGES.common.retry }))
  expect(await screen.findByText('Collection complaint')).toBeInTheDocument()
})

test('without a question type the form sends the borrower to choose one', async () => {
  const user = setupUser()
  const props = renderForm({ orderId: '86' })
  expect(screen.getByRole('alert')).toHaveTextContent(m.noType)
  await user.click(screen.getByRole('button', { name: m.chooseType }))
  expect(props.navigate).toHaveBeenCalledWith('/complaint?orderId=86', { replace: true })
})
