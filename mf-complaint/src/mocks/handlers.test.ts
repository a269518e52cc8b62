import { UPLOAD_MAX_BYTES } from 'shared/http/limits'
import { MAX_DEMO_VISITORS } from 'shared/mocks'
import { BULK_TIMEOUT_MS, createTestProps, setupMswServer, TEST_SESSION } from 'shared/testing'
import { afterEach, expect, test } from 'vitest'
import { getProblemDetail, saveScore } from '../api/problem-detail'
import { getProblemInit } from '../api/problem-init'
import { getProblemList } from '../api/problem-list'
import {
  PROBLEM_SAVE_PATH,
  saveProblem,
  UPLOAD_PROBLEM_IMAGE_FIELD,
  UPLOAD_PROBLEM_IMAGE_PATH,
  uploadProblemImage,
} from '../api/problem-save'
import { handlers } from './handlers'
import { MAX_COMPLAINTS_PER_VISITOR, MAX_IMAGES_PER_VISITOR, MAX_STORED_IMAGES, resetStore } from './store'

setupMswServer(...handlers)
afterEach(resetStore)

const { http } = createTestProps()

/** An uploaded picture's address: a random name, so no visitor can guess another's pictures. */
const IMAGE_URL = /^\/utilities\/demo-images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The request helper of a visitor with this session (only the parameters given). */
const visitor = (session: Record<string, string>) =>
  createTestProps({ session: { ...TEST_SESSION, session } }).http

const complaint = (problemDetail: string) => ({
  problemType: '2',
  problemSonType: '',
  problemDetail,
  images: [],
  orderNo: 'CL20241105086',
})

/** The contents in a visitor's 'All' tab. */
async function contents(helper = http): Promise<string[]> {
  const list = await getProblemList(helper)
  if (!list.ok) throw new Error('list failed')
  return list.data[0].items.map((item) => item.content)
}

/** A call straight to the handler as a visitor with `query` (faster than the request helper). */
async function post(path: string, query: Record<string, string>, body: BodyInit, type?: string) {
  const url = new URL(`/utilities${path}?${new URLSearchParams(query)}`, window.location.origin)
  return fetch(url, { method: 'POST', body, headers: type ? { 'content-type': type } : {} })
}

test('a saved complaint shows up in the list and in its detail, with its uploaded images', async () => {
  const upload = await uploadProblemImage(http, new File(['png'], 'chat.png', { type: 'image/png' }))
  expect(upload).toEqual({ ok: true, data: expect.stringMatching(IMAGE_URL) })
  const url = upload.ok ? upload.data : ''
  const image = await fetch(new URL(url, window.location.origin))
  expect(image.headers.get('content-type')).toBe('image/png')
  expect(await image.text()).toBe('png')

  const saved = await saveProblem(http, {
    problemType: '1',
    problemSonType: '2',
    problemDetail: 'They called my mother',
    images: [upload.ok ? upload.data : ''],
    orderNo: 'CL20241105086',
  })
  expect(saved.ok).toBe(true)

  const list = await getProblemList(http)
  if (!list.ok) throw new Error('list failed')
  const item = list.data[0].items.find((i) => i.content === 'They called my mother')
  expect(item).toMatchObject({ type: 'Collection complaint' })

  const detail = await getProblemDetail(http, item?.id ?? '')
  expect(detail).toMatchObject({
    ok: true,
    data: {
      type: 'Collection complaint',
      sonType: 'Contacting my family or friends',
      images: [url],
      needsScore: false,
    },
  })
})

test("the demo scenarios: order 87 refuses collection, 'fail' fails the save, 'empty' session empties the list", async () => {
  const init = await getProblemInit(http, '87')
  expect(init.ok && init.data.orderDetail?.isShow).toBe(0)
  expect((await getProblemInit(http, 'error')).ok).toBe(false)

  const failed = await saveProblem(http, {
    problemType: '2',
    problemSonType: '',
    problemDetail: 'Please fail this one',
    images: [],
    orderNo: 'x',
  })
  expect(failed).toMatchObject({ ok: false, notified: true })

  const empty = createTestProps({ session: { ...TEST_SESSION, session: { sessionId: 'empty' } } })
  const list = await getProblemList(empty.http)
  expect(list.ok && list.data.every((tab) => tab.items.length === 0)).toBe(true)
})

test('a rating is saved once per complaint and needs 1 to 5 stars', async () => {
  expect((await saveScore(http, { score: 0, problemId: '2001' })).ok).toBe(false)
  expect((await saveScore(http, { score: 5, problemId: '2001' })).ok).toBe(true)
  const detail = await getProblemDetail(http, '2001')
  expect(detail.ok && detail.data.needsScore).toBe(false)
})

test('uploads refuse files that are not images', async () => {
  const result = await uploadProblemImage(http, new File(['x'], 'a.txt', { type: 'text/plain' }))
  expect(result).toMatchObject({ ok: false, message: 'Only images can be uploaded.' })
})

test('uploads over 3 MB are refused with the reason; a file of exactly 3 MB is kept', async () => {
  const bytes = (size: number) => new File([new Uint8Array(size)], 'photo.jpg', { type: 'image/jpeg' })
  const refused = await uploadProblemImage(http, bytes(UPLOAD_MAX_BYTES + 1))
  expect(refused).toMatchObject({ ok: false, message: 'This photo is too large to upload (max 3 MB).' })
  expect(await uploadProblemImage(http, bytes(UPLOAD_MAX_BYTES))).toEqual({
    ok: true,
    data: expect.stringMatching(IMAGE_URL),
  })
})

test("one visitor never sees another's complaints, in the list or in a detail", async () => {
  const alice = visitor({ sessionId: 'alice' })
  const bob = visitor({ sessionId: 'bob' })
  expect((await saveProblem(alice, complaint('Alice was called at night'))).ok).toBe(true)
  expect(await contents(alice)).toContain('Alice was called at night')
  expect(await contents(bob)).not.toContain('Alice was called at night')

  const list = await getProblemList(alice)
  const id = list.ok ? list.data[0].items.find((i) => i.content === 'Alice was called at night')?.id : ''
  expect((await getProblemDetail(alice, id ?? '')).ok).toBe(true)
  expect(await getProblemDetail(bob, id ?? '')).toMatchObject({
    ok: false,
    message: 'This complaint does not exist.',
  })
  expect((await saveScore(bob, { score: 3, problemId: id ?? '' })).ok).toBe(false)
  // Both still see the demo's seeded complaints.
  expect(await contents(bob)).toHaveLength(2)
})

test('a session without sessionId is told apart by its deviceId', async () => {
  const phone = visitor({ deviceId: 'phone-1', appVersion: '1.0.0' })
  const tablet = visitor({ deviceId: 'tablet-2', appVersion: '1.0.0' })
  await saveProblem(phone, complaint('Sent from the phone'))
  expect(await contents(phone)).toContain('Sent from the phone')
  expect(await contents(tablet)).not.toContain('Sent from the phone')
})

test("a rating is each visitor's own: one visitor rating a complaint still leaves it asked of another", async () => {
  const alice = visitor({ sessionId: 'alice' })
  const bob = visitor({ sessionId: 'bob' })
  expect((await saveScore(alice, { score: 4, problemId: '2001' })).ok).toBe(true)
  expect(await getProblemDetail(alice, '2001')).toMatchObject({ ok: true, data: { needsScore: false } })
  expect(await getProblemDetail(bob, '2001')).toMatchObject({ ok: true, data: { needsScore: true } })
})

test(`a visitor keeps at most ${MAX_COMPLAINTS_PER_VISITOR} complaints of their own: the oldest goes first`, async () => {
  for (let n = 1; n <= MAX_COMPLAINTS_PER_VISITOR + 1; n++) {
    const saved = await post(
      PROBLEM_SAVE_PATH,
      { sessionId: 'busy' },
      new URLSearchParams({ problemType: '2', problemDetail: `Complaint ${n}` }),
    )
    expect((await saved.json()).code).toBe('00')
  }
  const own = (await contents(visitor({ sessionId: 'busy' }))).filter((c) => c.startsWith('Complaint '))
  expect(own).toHaveLength(MAX_COMPLAINTS_PER_VISITOR)
  expect(own).not.toContain('Complaint 1')
  expect(own).toContain(`Complaint ${MAX_COMPLAINTS_PER_VISITOR + 1}`)
})

test(
  `at most ${MAX_DEMO_VISITORS} visitors' complaints are kept: the one that wrote least recently goes first`,
  async () => {
    for (let n = 0; n <= MAX_DEMO_VISITORS; n++) {
      await post(
        PROBLEM_SAVE_PATH,
        { sessionId: `visitor-${n}` },
        new URLSearchParams({ problemType: '2', problemDetail: `From visitor ${n}` }),
      )
    }
    expect(await contents(visitor({ sessionId: 'visitor-0' }))).not.toContain('From visitor 0')
    expect(await contents(visitor({ sessionId: 'visitor-1' }))).toContain('From visitor 1')
    expect(await contents(visitor({ sessionId: `visitor-${MAX_DEMO_VISITORS}` }))).toContain(
      `From visitor ${MAX_DEMO_VISITORS}`,
    )
  },
  BULK_TIMEOUT_MS,
)

/** Uploads a one-byte PNG as a visitor with `query`; resolves with its address. */
async function upload(query: Record<string, string>): Promise<string> {
  const form = new FormData()
  form.set(UPLOAD_PROBLEM_IMAGE_FIELD, new File(['p'], 'shot.png', { type: 'image/png' }))
  const answer = (await (await post(UPLOAD_PROBLEM_IMAGE_PATH, query, form)).json()) as {
    data: { url: string }
  }
  return answer.data.url
}

const served = async (url: string) => (await fetch(new URL(url, window.location.origin))).status

test(
  `uploaded pictures: at most ${MAX_IMAGES_PER_VISITOR} a visitor and ${MAX_STORED_IMAGES} in all, the oldest going first`,
  async () => {
    const own: string[] = []
    for (let n = 0; n <= MAX_IMAGES_PER_VISITOR; n++) own.push(await upload({ sessionId: 'snapper' }))
    expect(new Set(own).size).toBe(own.length)
    expect(await served(own[0])).toBe(404)
    expect(await served(own[1])).toBe(200)

    const others: string[] = []
    for (let n = 0; n < MAX_STORED_IMAGES; n++) others.push(await upload({ sessionId: `other-${n}` }))
    // The pictures of the visitor who uploaded least recently went to make room.
    expect(await served(own.at(-1)!)).toBe(404)
    expect(await served(others[0])).toBe(200)
    expect(await served(others.at(-1)!)).toBe(200)
  },
  BULK_TIMEOUT_MS,
)

const MULTIPART = 'multipart/form-data; boundary=XX'
const PART = `--XX\r\nContent-Disposition: form-data; name="${UPLOAD_PROBLEM_IMAGE_FIELD}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\npng\r\n--XX--\r\n`

test.each([
  ['another boundary than the one declared', 'multipart/form-data; boundary=YY', PART, /not valid form data/],
  ['a truncated body', MULTIPART, PART.slice(0, 70), /not valid form data/],
  ['no boundary', 'multipart/form-data', PART, /not valid form data/],
  ['a JSON body said to be multipart', MULTIPART, '{"problemImage":"a.png"}', /not valid form data/],
  [
    'no file field',
    MULTIPART,
    '--XX\r\nContent-Disposition: form-data; name="other"\r\n\r\n1\r\n--XX--\r\n',
    /choose an image/,
  ],
  ['a JSON body', 'application/json', '{"problemImage":"a.png"}', /not valid form data/],
])(
  'an upload with %s is a 400 with a message in the envelope, never a 500',
  async (_, type, body, message) => {
    const answer = await post(UPLOAD_PROBLEM_IMAGE_PATH, { sessionId: 'x' }, body, type)
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual({ code: '400', message: expect.stringMatching(message), data: null })
  },
)

test('every form call answers a malformed multipart body with a 400, never a 500', async () => {
  for (const path of [PROBLEM_SAVE_PATH, '/user-problem/problem-init', '/user-problem/problem-detail']) {
    const answer = await post(path, { sessionId: 'x' }, '{"problemType":"1"}', MULTIPART)
    expect(answer.status, path).toBe(400)
    expect(await answer.json(), path).toMatchObject({ code: '400', data: null })
  }
})
