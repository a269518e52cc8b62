import axios from 'axios'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, expect, test, vi } from 'vitest'
import { callQuery, type SessionSnapshot } from '../session/session'
import { setupMswServer } from '../testing/testing'
import {
  FIRST_CALL_TTL_MS,
  firstImageStamp,
  forgetFirstCalls,
  imageUrl,
  startFirstCalls,
  takeFirstCall,
  type FirstCall,
} from './first-call'
import { createHttp, MESSAGES, type HttpConfig } from './http'

const APP_ORIGIN = window.location.origin
const API = `${APP_ORIGIN}/utilities`
const ENDPOINT = { baseURL: '/utilities', appOrigin: APP_ORIGIN }
const SNAPSHOT: SessionSnapshot = {
  session: { sessionId: 's-1', appVersion: '1.0.0' },
  globals: { orderId: '86' },
  tracking: { utm_source: 'fb' },
}
const LIST: FirstCall = { method: 'POST', path: '/user-problem/problem-list', body: {} }
const DETAIL: FirstCall = {
  method: 'GET',
  path: '/detail',
  body: { id: { query: 'problemId', required: true }, orderId: { global: 'orderId' }, kind: 3 },
}

const server = setupMswServer()

/** A page at `path` whose clock the test moves. */
function page(path: string) {
  const clock = { now: 0 }
  const win = {
    location: { href: new URL(path, APP_ORIGIN).href },
    document,
    performance: { now: () => clock.now },
    fetch: vi.fn((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)),
  } as unknown as Window & { fetch: ReturnType<typeof vi.fn> }
  return { win, clock }
}

/** The host's helper on that page: a real axios client (fetch adapter), spied on. */
function helper(win: Window, overrides: Partial<HttpConfig> = {}) {
  const client = axios.create({
    adapter: 'fetch',
    responseType: 'text',
    transformResponse: [(data: unknown) => data],
    validateStatus: () => true,
  })
  const request = vi.spyOn(client, 'request')
  const notifier = { loading: vi.fn(() => () => undefined), error: vi.fn() }
  const http = createHttp({
    ...ENDPOINT,
    query: () => callQuery(SNAPSHOT),
    notifier,
    client,
    firstCall: (key) => takeFirstCall(win, key),
    ...overrides,
  })
  return { http, request, notifier }
}

function serve(path: string, method: 'get' | 'post', data: unknown = { ok: true }) {
  const seen: { url: string; body: string; requestedWith: string | null }[] = []
  server.use(
    mock[method](`${API}${path}`, async ({ request }) => {
      seen.push({
        url: request.url,
        body: method === 'post' ? await request.text() : '',
        requestedWith: request.headers.get('x-requested-with'),
      })
      return HttpResponse.json({ code: '00', message: 'ok', data })
    }),
  )
  return seen
}

test("the screen's call takes the answer the page started: the server is asked once, axios not at all", async () => {
  const list = serve('/user-problem/problem-list', 'post', { tabs: [] })
  const detail = serve('/detail', 'get', { id: 7 })
  const { win } = page('/complainDetails?problemId=7')
  expect(startFirstCalls(win, [LIST, DETAIL], ENDPOINT, SNAPSHOT)).toHaveLength(2)
  const { http, request } = helper(win)

  expect(await http.get('/detail', { id: '7', orderId: '86', kind: 3 })).toMatchObject({
    success: true,
    data: { id: 7 },
  })
  expect(await http.post('/user-problem/problem-list', {})).toMatchObject({
    success: true,
    data: { tabs: [] },
  })
  expect(list).toHaveLength(1)
  expect(detail).toHaveLength(1)
  expect(request).not.toHaveBeenCalled()

  // An answer is handed out once: asking again is a new call.
  await http.post('/user-problem/problem-list', {})
  expect(list).toHaveLength(2)
  expect(request).toHaveBeenCalledTimes(1)
})

test('the page sends exactly the request the helper would: URL with session and tracking, body, header', async () => {
  const list = serve('/user-problem/problem-list', 'post')
  const detail = serve('/detail', 'get')
  startFirstCalls(page('/complainDetails?problemId=7').win, [LIST, DETAIL], ENDPOINT, SNAPSHOT)
  const { http } = helper(page('/').win)
  await vi.waitFor(() => expect(list.length + detail.length).toBe(2))
  await http.post('/user-problem/problem-list', {})
  await http.get('/detail', { id: '7', orderId: '86', kind: 3 })
  expect(list[1]).toEqual(list[0])
  expect(detail[1]).toEqual(detail[0])
  expect(detail[0].url).toBe(
    `${API}/detail?sessionId=s-1&appVersion=1.0.0&utm_source=fb&id=7&orderId=86&kind=3`,
  )
  expect(list[0].requestedWith).toBe('XMLHttpRequest')
})

test("a call on the API's origin outside its base (the legacy calls) goes there, with an API on another origin too", async () => {
  const apiOrigin = 'https://api.example.ph'
  const endpoint = { baseURL: `${apiOrigin}/utilities`, appOrigin: APP_ORIGIN }
  const seen: string[] = []
  server.use(
    mock.post(`${apiOrigin}/api/v1/h5/service/loan/repayment-way`, async ({ request }) => {
      seen.push(`${request.url}\n${await request.text()}`)
      return HttpResponse.json({ code: '00', message: 'ok', data: { cards: [] } })
    }),
  )
  const way: FirstCall = {
    method: 'POST',
    path: '/api/v1/h5/service/loan/repayment-way',
    onApiOrigin: true,
    body: { orderId: { global: 'orderId', required: true } },
  }
  const { win } = page('/legacyRepay?amount=1530.00')
  expect(startFirstCalls(win, [way], endpoint, SNAPSHOT)).toHaveLength(1)
  // The screen passes the helper the absolute address (legacyUrl): it takes the started answer.
  const { http, request } = helper(win, { baseURL: endpoint.baseURL })
  expect(
    await http.post(`${apiOrigin}/api/v1/h5/service/loan/repayment-way`, { orderId: '86' }),
  ).toMatchObject({ success: true, data: { cards: [] } })
  expect(request).not.toHaveBeenCalled()
  expect(seen).toEqual([
    `${apiOrigin}/api/v1/h5/service/loan/repayment-way?sessionId=s-1&appVersion=1.0.0&utm_source=fb\norderId=86`,
  ])
})

test('a call whose required value is not on the page is not started', () => {
  const { win } = page('/complainDetails')
  expect(startFirstCalls(win, [DETAIL], ENDPOINT, SNAPSHOT)).toEqual([])
  expect(win.fetch).not.toHaveBeenCalled()
})

test('a call that cannot be built (a mistyped API base, an opaque origin) is left to the screen; nothing throws', () => {
  const { win } = page('/complainDetails?problemId=7')
  for (const endpoint of [
    { baseURL: 'https://api example.com/utilities', appOrigin: APP_ORIGIN },
    { baseURL: '/utilities', appOrigin: 'null' },
  ]) {
    expect(startFirstCalls(win, [LIST, DETAIL], endpoint, SNAPSHOT)).toEqual([])
  }
  expect(win.fetch).not.toHaveBeenCalled()
})

test('a different call (another order) is sent by the helper; the started one waits for its match', async () => {
  const list = serve('/user-problem/problem-list', 'post')
  const { win } = page('/complaintList')
  startFirstCalls(win, [LIST], ENDPOINT, SNAPSHOT)
  const { http, request } = helper(win)
  await http.post('/user-problem/problem-list', { orderId: '99' })
  expect(request).toHaveBeenCalledTimes(1)
  await http.post('/user-problem/problem-list', {})
  expect(request).toHaveBeenCalledTimes(1)
  expect(list).toHaveLength(2)
})

test('a started call that failed on the network is sent again by the helper', async () => {
  let calls = 0
  server.use(
    mock.post(`${API}/user-problem/problem-list`, () =>
      ++calls === 1 ? HttpResponse.error() : HttpResponse.json({ code: 0, message: '', data: 1 }),
    ),
  )
  const { win } = page('/complaintList')
  startFirstCalls(win, [LIST], ENDPOINT, SNAPSHOT)
  const { http, request, notifier } = helper(win)
  expect(await http.post('/user-problem/problem-list', {})).toMatchObject({ success: true, data: 1 })
  expect(request).toHaveBeenCalledTimes(1)
  expect(notifier.error).not.toHaveBeenCalled()
})

test('an answer older than the TTL is not taken', async () => {
  const list = serve('/user-problem/problem-list', 'post')
  const { win, clock } = page('/complaintList')
  startFirstCalls(win, [LIST], ENDPOINT, SNAPSHOT)
  clock.now = FIRST_CALL_TTL_MS + 1
  const { http, request } = helper(win)
  await http.post('/user-problem/problem-list', {})
  expect(request).toHaveBeenCalledTimes(1)
  expect(list).toHaveLength(2)
})

test('answers nobody took are dropped once the borrower leaves the screen they were for', async () => {
  const list = serve('/user-problem/problem-list', 'post')
  const { win } = page('/complaintList')
  startFirstCalls(win, [LIST], ENDPOINT, SNAPSHOT)
  forgetFirstCalls(win)
  const { http, request } = helper(win)
  await http.post('/user-problem/problem-list', {})
  expect(request).toHaveBeenCalledTimes(1)
  expect(list).toHaveLength(2)
})

test("a started call's answer goes through the same checks: malformed body, server failure, timeout", async () => {
  server.use(mock.post(`${API}/bad`, () => new HttpResponse('<html>', { status: 502 })))
  server.use(mock.post(`${API}/refused`, () => HttpResponse.json({ code: '7', message: 'Not allowed' })))
  server.use(mock.post(`${API}/slow`, () => new Promise<never>(() => undefined)))
  const { win } = page('/x')
  const calls: FirstCall[] = ['/bad', '/refused', '/slow'].map((path) => ({ method: 'POST', path }))
  startFirstCalls(win, calls, ENDPOINT, SNAPSHOT)
  const { http, request, notifier } = helper(win)
  expect(await http.post('/bad')).toMatchObject({ success: false, message: MESSAGES.badResponse })
  expect(await http.post('/refused', undefined, { silent: true })).toMatchObject({
    success: false,
    code: '7',
    message: 'Not allowed',
  })
  expect(await http.post('/slow', undefined, { timeoutMs: 30 })).toMatchObject({ message: MESSAGES.timeout })
  expect(request).not.toHaveBeenCalled()
  expect(notifier.error).toHaveBeenCalledTimes(2)
})

test('a started answer with an error status is a failure even when its body is a success envelope', async () => {
  server.use(
    mock.post(`${API}/user-problem/problem-list`, () =>
      HttpResponse.json({ code: '00', message: 'ok', data: { tabs: [] } }, { status: 503 }),
    ),
  )
  const { win } = page('/complaintList')
  startFirstCalls(win, [LIST], ENDPOINT, SNAPSHOT)
  const { http, request, notifier } = helper(win)
  expect(await http.post('/user-problem/problem-list', {})).toMatchObject({
    success: false,
    code: null,
    message: MESSAGES.badResponse,
    data: null,
  })
  expect(request).not.toHaveBeenCalled()
  expect(notifier.error).toHaveBeenCalledWith(MESSAGES.badResponse)
})

test('money calls and uploads never take a started answer', async () => {
  serve('/pay', 'post')
  serve('/upload', 'post')
  const firstCall = vi.fn(() => null)
  const { http } = helper(page('/').win, { firstCall })
  await http.post('/pay', { amount: 1 }, { money: true })
  await http.upload('/upload', 'file', new Blob(['x']))
  expect(firstCall).not.toHaveBeenCalled()
})

const SID: FirstCall = {
  method: 'GET',
  path: '/sid',
  image: { path: '/captcha', from: 'sid', param: 'sid', stamp: 'a' },
}
const imageLinks = () => document.head.querySelectorAll<HTMLLinkElement>('link[data-first-image]')
afterEach(() => imageLinks().forEach((link) => link.remove()))

test("an image that needs an answer's value (the captcha of a sid) is preloaded the moment the answer comes", async () => {
  serve('/sid', 'get', { sid: 'sid-1' })
  vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000)
  const { win } = page('/promotion')
  startFirstCalls(win, [SID], ENDPOINT, SNAPSHOT)
  await vi.waitFor(() => expect(imageLinks()).toHaveLength(1))
  const [link] = imageLinks()
  expect(link.getAttribute('rel')).toBe('preload')
  expect(link.getAttribute('as')).toBe('image')
  // The address the screen builds for that sid and stamp: no session query, the browser fetches it.
  const stamp = firstImageStamp(document, '/captcha', 'sid-1')
  expect(stamp).toBe(1_700_000_000_000)
  expect(link.href).toBe(imageUrl(ENDPOINT, '/captcha', { sid: 'sid-1', a: stamp }))
  expect(link.href).toBe(`${API}/captcha?sid=sid-1&a=1700000000000`)
  // Another sid (the screen asked for a new session) or another image has none.
  expect(firstImageStamp(document, '/captcha', 'sid-2')).toBeNull()
  expect(firstImageStamp(document, '/other', 'sid-1')).toBeNull()
  vi.restoreAllMocks()
})

test("the page's slot for that image (the first frame's <img> without an address) gets it, and only that slot", async () => {
  serve('/sid', 'get', { sid: 'sid-1' })
  document.body.innerHTML = [
    '<img data-first-image="/captcha" alt="slot" hidden>',
    '<img data-first-image="/other" alt="other image">',
    '<img data-first-image="/captcha" src="/mine.png" alt="has its own">',
  ].join('')
  const { win } = page('/promotion')
  startFirstCalls(win, [SID], ENDPOINT, SNAPSHOT)
  await vi.waitFor(() => expect(imageLinks()).toHaveLength(1))
  const [slot, other, own] = document.body.querySelectorAll('img')
  expect(slot.getAttribute('src')).toBe(imageLinks()[0].href)
  expect(slot.hidden).toBe(false)
  expect(other.hasAttribute('src')).toBe(false)
  expect(own.getAttribute('src')).toBe('/mine.png')
  document.body.innerHTML = ''
})

test('an answer that comes while the page is still being parsed fills the slot once the document is there', async () => {
  serve('/sid', 'get', { sid: 'sid-1' })
  const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
  const { win } = page('/promotion')
  startFirstCalls(win, [SID], ENDPOINT, SNAPSHOT)
  await vi.waitFor(() => expect(imageLinks()).toHaveLength(1))
  // The frame arrives after the answer.
  document.body.innerHTML = '<img data-first-image="/captcha" alt="slot" hidden>'
  const slot = document.body.querySelector('img')!
  expect(slot.hasAttribute('src')).toBe(false)
  readyState.mockRestore()
  document.dispatchEvent(new Event('DOMContentLoaded'))
  expect(slot.getAttribute('src')).toBe(imageLinks()[0].href)
  document.body.innerHTML = ''
})

test('an answer without the value (failure, wrong type, not JSON, error status) preloads nothing', async () => {
  const answers = [
    HttpResponse.json({ code: '1', message: 'no', data: null }),
    // A refusal that still carries a sid: the screen would show the message, not a picture.
    HttpResponse.json({ code: 101, message: 'no', data: { sid: 'sid-1' } }),
    HttpResponse.json({ code: 0, data: { sid: 7 } }),
    HttpResponse.json({ code: 0, data: { sid: '' } }),
    new HttpResponse('<html>'),
    HttpResponse.json({ code: 0, data: { sid: 'sid-1' } }, { status: 500 }),
    HttpResponse.error(),
  ]
  let n = 0
  server.use(mock.get(`${API}/sid`, () => answers[n++]))
  for (const _ of answers) {
    const { win } = page('/promotion')
    const [key] = startFirstCalls(win, [SID], ENDPOINT, SNAPSHOT)
    // The preload looks at the answer before anyone who takes it afterwards.
    await takeFirstCall(win, key)
  }
  expect(n).toBe(answers.length)
  expect(imageLinks()).toHaveLength(0)
})
