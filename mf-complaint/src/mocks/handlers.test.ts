import { UPLOAD_MAX_BYTES } from 'shared/http/limits'
import { createTestProps, setupMswServer, TEST_SESSION } from 'shared/testing'
import { afterEach, expect, test } from 'vitest'
import { getProblemDetail, saveScore } from '../api/problem-detail'
import { getProblemInit } from '../api/problem-init'
import { getProblemList } from '../api/problem-list'
import { saveProblem, uploadProblemImage } from '../api/problem-save'
import { handlers } from './handlers'
import { resetStore } from './store'

setupMswServer(...handlers)
afterEach(resetStore)

const { http } = createTestProps()

test('a saved complaint shows up in the list and in its detail, with its uploaded images', async () => {
  const upload = await uploadProblemImage(http, new File(['png'], 'chat.png', { type: 'image/png' }))
  expect(upload).toEqual({ ok: true, data: '/utilities/demo-images/1' })
  const image = await fetch(new URL('/utilities/demo-images/1', window.location.origin))
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
      images: ['/utilities/demo-images/1'],
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
    data: '/utilities/demo-images/1',
  })
})
