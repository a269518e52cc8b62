import { http } from 'msw'
import { expect, test } from 'vitest'
import { setupMswServer } from '../testing/testing'
import {
  createCappedStore,
  envelope,
  MALFORMED_FORM_MESSAGE,
  readForm,
  readFormData,
  VISITOR_COOKIE,
  visitorCookie,
  visitorKey,
} from './mocks'

const ECHO = `${window.location.origin}/utilities/echo`

setupMswServer(
  http.post('*/utilities/echo', async ({ request }) => envelope(await readForm(request))),
  http.post('*/utilities/echo-file', async ({ request }) => {
    const file = (await readFormData(request)).get('file')
    return envelope(file instanceof File ? file.name : null)
  }),
)

const call = (query: string, cookie?: string) =>
  new Request(`${ECHO}?${query}`, { method: 'POST', headers: cookie ? { cookie } : {} })

test("a visitor is the session's sessionId, else its deviceId, else the demo's visitor cookie", () => {
  const cookie = `${VISITOR_COOKIE}=c0ffee-1`
  expect(visitorKey(call('sessionId=s1&deviceId=d1', cookie))).toBe(visitorKey(call('sessionId=s1')))
  expect(visitorKey(call('deviceId=d1', cookie))).toBe(visitorKey(call('deviceId=d1&appVersion=2')))
  expect(visitorKey(call('appVersion=2', `theme=dark; ${cookie}`))).toBe(visitorKey(call('', cookie)))
  const distinct = [
    call('sessionId=s1'),
    call('sessionId=s2'),
    call('deviceId=s1'),
    call('deviceId=d2'),
    call('', cookie),
    call('', `${VISITOR_COOKIE}=c0ffee-2`),
    call(''),
  ].map(visitorKey)
  expect(new Set(distinct).size).toBe(distinct.length)
  // A blank sessionId is no session.
  expect(visitorKey(call('sessionId=%20&deviceId=d1'))).toBe(visitorKey(call('deviceId=d1')))
})

test('the visitor cookie is read only when it is one the demo could have given', () => {
  expect(visitorCookie(`a=1; ${VISITOR_COOKIE}=0f3a-9b; b=2`)).toBe('0f3a-9b')
  // One the demo never gave is passed over for the one the demo gives in its place.
  expect(visitorCookie(`${VISITOR_COOKIE}=<x>; ${VISITOR_COOKIE}=0f3a-9c`)).toBe('0f3a-9c')
  for (const header of [
    null,
    '',
    'a=1',
    `${VISITOR_COOKIE}=`,
    `${VISITOR_COOKIE}=a/b`,
    `${VISITOR_COOKIE}=${'a'.repeat(65)}`,
  ]) {
    expect(visitorCookie(header), String(header)).toBeNull()
  }
})

test('a capped store keeps each key apart and at most perKey records a key, dropping the oldest', () => {
  const store = createCappedStore<number>({ perKey: 3, keys: 10 })
  for (const n of [1, 2, 3, 4]) store.add('a', n)
  store.add('b', 9)
  expect(store.list('a')).toEqual([2, 3, 4])
  expect(store.list('b')).toEqual([9])
  expect(store.list('nobody')).toEqual([])
  // A read keeps nothing: asking for a key that holds nothing adds no key.
  expect(store.keyCount()).toBe(2)
})

test('a capped store keeps at most `keys` keys: the one that wrote least recently goes, with its records', () => {
  const store = createCappedStore<string>({ perKey: 5, keys: 2 })
  store.add('first', 'f1')
  store.add('second', 's1')
  store.add('first', 'f2')
  store.add('third', 't1')
  expect(store.list('second')).toEqual([])
  expect(store.list('first')).toEqual(['f1', 'f2'])
  expect(store.list('third')).toEqual(['t1'])
  expect(store.keyCount()).toBe(2)
})

test('a capped store with a total keeps at most that many records, the least recent writer’s oldest first', () => {
  const store = createCappedStore<string>({ perKey: 5, keys: 10, total: 4 })
  store.add('a', 'a1')
  store.add('a', 'a2')
  store.add('b', 'b1')
  store.add('b', 'b2')
  store.add('b', 'b3')
  expect(store.list('a')).toEqual(['a2'])
  store.add('b', 'b4')
  expect(store.list('a')).toEqual([])
  expect(store.all()).toEqual(['b1', 'b2', 'b3', 'b4'])
  expect(store.keyCount()).toBe(1)
  store.clear()
  expect(store.all()).toEqual([])
})

const MALFORMED: [string, string, string][] = [
  [
    'another boundary than the one declared',
    'multipart/form-data; boundary=declared',
    '--other\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--other--\r\n',
  ],
  [
    'a truncated body',
    'multipart/form-data; boundary=XX',
    '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: ima',
  ],
  [
    'no boundary at all',
    'multipart/form-data',
    '--XX\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XX--\r\n',
  ],
  ['a JSON body said to be multipart', 'multipart/form-data; boundary=XX', '{"problemType":"1"}'],
]

test.each(MALFORMED)(
  'a body that is not the multipart it claims (%s) is a 400 in the envelope, never a 500',
  async (_, type, body) => {
    for (const path of ['/utilities/echo', '/utilities/echo-file']) {
      const response = await fetch(new URL(path, window.location.origin), {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      })
      expect(response.status, path).toBe(400)
      expect(await response.json(), path).toEqual({
        code: '400',
        message: MALFORMED_FORM_MESSAGE,
        data: null,
      })
    }
  },
)

test('well-formed multipart and URL-encoded bodies are read as before', async () => {
  const form = new FormData()
  form.set('a', '1')
  form.set('file', new File(['x'], 'shot.png', { type: 'image/png' }))
  const multipart = await fetch(ECHO, { method: 'POST', body: form })
  // (The request jsdom builds drops file names.)
  expect(await multipart.json()).toMatchObject({ data: { a: '1', file: expect.stringMatching(/^file:/) } })
  const encoded = await fetch(ECHO, { method: 'POST', body: new URLSearchParams({ a: '2' }) })
  expect(await encoded.json()).toMatchObject({ data: { a: '2' } })
})
