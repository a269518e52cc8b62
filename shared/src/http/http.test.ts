import axios from 'axios'
import { delay, http as mock, HttpResponse } from 'msw'
import { expect, test, vi } from 'vitest'
import { setupMswServer } from '../testing/testing'
import { TEST_TIMEOUT_MS, UNKNOWN_OUTCOME_ANSWERS } from '../testing/unknown-answers'
import {
  createHttp,
  MESSAGES,
  PAINT_WAIT_MS,
  TOAST_MESSAGE_MAX,
  type HttpConfig,
  type LoadingText,
} from './http'

const APP_ORIGIN = window.location.origin
const API = `${APP_ORIGIN}/utilities`

const server = setupMswServer()

function setup(overrides: Partial<HttpConfig> = {}) {
  const toasts: string[] = []
  const loading: { text: LoadingText; open: boolean }[] = []
  const notifier = {
    loading: vi.fn((text: LoadingText) => {
      const entry = { text, open: true }
      loading.push(entry)
      return () => {
        entry.open = false
      }
    }),
    error: vi.fn((message: string) => void toasts.push(message)),
  }
  let keys = 0
  const http = createHttp({
    baseURL: '/utilities',
    appOrigin: APP_ORIGIN,
    query: () => ({ sessionId: 's-1', appVersion: '1.0.0', utm_source: 'fb' }),
    notifier,
    newKey: () => `key-${++keys}`,
    ...overrides,
  })
  return { http, toasts, loading, notifier }
}

function fetchClient() {
  return axios.create({
    adapter: 'fetch',
    responseType: 'text',
    transformResponse: [(data: unknown) => data],
    validateStatus: () => true,
  })
}

/** Records every request the server receives. */
function recordRequests() {
  const requests: { url: URL; method: string; headers: Headers; body: string; contentType: string }[] = []
  return {
    requests,
    async capture(request: Request) {
      requests.push({
        url: new URL(request.url),
        method: request.method,
        headers: request.headers,
        contentType: request.headers.get('content-type') ?? '',
        body: request.method === 'GET' ? '' : await request.clone().text(),
      })
    },
  }
}

test.each([0, '0', '00'])('a call succeeds when the code is %j', async (code) => {
  server.use(mock.get(`${API}/ok`, () => HttpResponse.json({ code, message: 'fine', data: { id: 1 } })))
  const { http, toasts } = setup()
  const result = await http.get('/ok')
  expect(result).toEqual({
    success: true,
    code,
    message: 'fine',
    data: { id: 1 },
    raw: { code, message: 'fine', data: { id: 1 } },
  })
  expect(toasts).toEqual([])
})

test.each([
  ['01', 'Order not found'],
  [1, 'Order not found'],
  ['500', 'Server busy'],
])('a call with code %j fails with the server message as a toast', async (code, message) => {
  server.use(mock.post(`${API}/fail`, () => HttpResponse.json({ code, message, data: null })))
  const { http, toasts } = setup()
  const result = await http.post('/fail', { orderId: 1 })
  expect(result).toMatchObject({ success: false, code, message, data: null })
  expect(toasts).toEqual([message])
})

test('a body without a code fails with a clear message', async () => {
  server.use(mock.get(`${API}/nocode`, () => HttpResponse.json({ message: 'hello', data: { a: 1 } })))
  const { http, toasts } = setup()
  const result = await http.get('/nocode')
  expect(result).toMatchObject({ success: false, code: null, message: MESSAGES.badResponse, data: null })
  expect(toasts).toEqual([MESSAGES.badResponse])
})

test('a non-JSON body fails with a clear message', async () => {
  server.use(mock.get(`${API}/text`, () => HttpResponse.text('OK, not JSON')))
  const { http, toasts } = setup()
  const result = await http.get('/text')
  expect(result).toMatchObject({ success: false, code: null, message: MESSAGES.badResponse, data: null })
  expect(toasts).toEqual([MESSAGES.badResponse])
})

test('an HTTP 500 with an HTML error page fails with a clear message', async () => {
  server.use(
    mock.get(`${API}/boom`, () =>
      HttpResponse.html('<html><body>Internal Server Error</body></html>', { status: 500 }),
    ),
  )
  const { http, toasts } = setup()
  const result = await http.get('/boom')
  expect(result).toMatchObject({ success: false, code: null, message: MESSAGES.badResponse })
  expect(toasts).toEqual([MESSAGES.badResponse])
})

test.each([401, 403, 500, 503])(
  'an HTTP %i whose body parses as a success envelope is a failure',
  async (status) => {
    server.use(
      mock.post(`${API}/v3/loan/detail`, () =>
        HttpResponse.json({ code: '00', message: 'ok', data: { amount: 100 } }, { status }),
      ),
    )
    const { http, toasts } = setup()
    const result = await http.post('/v3/loan/detail', { orderId: 86 })
    expect(result).toMatchObject({ success: false, code: null, message: MESSAGES.badResponse, data: null })
    expect(toasts).toEqual([MESSAGES.badResponse])
  },
)

test("an HTTP error that carries the server's own refusal keeps its code and message", async () => {
  server.use(
    mock.post(`${API}/v3/loan/detail`, () =>
      HttpResponse.json({ code: '401', message: 'Please log in again.' }, { status: 401 }),
    ),
  )
  const { http, toasts } = setup()
  const result = await http.post('/v3/loan/detail', {})
  expect(result).toMatchObject({ success: false, code: '401', message: 'Please log in again.' })
  expect(toasts).toEqual(['Please log in again.'])
})

test('an HTTP 413 without a usable message (nginx answers HTML) says the file is too large', async () => {
  server.use(
    mock.post(`${API}/upload-nginx`, () =>
      HttpResponse.html('<html><body><h1>413 Request Entity Too Large</h1></body></html>', { status: 413 }),
    ),
    mock.post(`${API}/upload-empty`, () => HttpResponse.json({ code: '413' }, { status: 413 })),
    mock.post(`${API}/upload-api`, () =>
      HttpResponse.json({ code: '413', message: 'Images must be under 3 MB.' }, { status: 413 }),
    ),
  )
  const { http, toasts } = setup()
  const file = new Blob(['x'], { type: 'image/jpeg' })
  expect(await http.upload('/upload-nginx', 'problemImage', file)).toMatchObject({
    success: false,
    message: MESSAGES.tooLarge,
  })
  expect(await http.upload('/upload-empty', 'problemImage', file)).toMatchObject({
    success: false,
    message: MESSAGES.tooLarge,
  })
  // The demo API's own refusal says it in its words.
  expect(await http.upload('/upload-api', 'problemImage', file)).toMatchObject({
    success: false,
    message: 'Images must be under 3 MB.',
  })
  expect(MESSAGES.tooLarge).toBe('The file is too large to upload.')
  expect(toasts).toEqual([MESSAGES.tooLarge, MESSAGES.tooLarge, 'Images must be under 3 MB.'])
})

test('a server message over 200 characters is cut in the toast; the result keeps all of it', async () => {
  const long = `${'Your repayment could not be processed. '.repeat(6)}Reference 8812.`
  const exact = 'y'.repeat(TOAST_MESSAGE_MAX)
  server.use(
    mock.post(`${API}/long`, () => HttpResponse.json({ code: '01', message: long })),
    mock.post(`${API}/exact`, () => HttpResponse.json({ code: '01', message: exact })),
    // An emoji is one character: the cut never splits it.
    mock.post(`${API}/emoji`, () => HttpResponse.json({ code: '01', message: `${'z'.repeat(199)}😀😀` })),
  )
  const { http, toasts } = setup()
  expect(long.length).toBeGreaterThan(TOAST_MESSAGE_MAX)
  expect((await http.post('/long')).message).toBe(long)
  await http.post('/exact')
  await http.post('/emoji')
  expect(toasts).toEqual([`${long.slice(0, TOAST_MESSAGE_MAX).trimEnd()}…`, exact, `${'z'.repeat(199)}😀…`])
  expect(Array.from(toasts[0]).length).toBeLessThanOrEqual(TOAST_MESSAGE_MAX + 1)
})

test('a network error resolves as a failure with the network message', async () => {
  server.use(mock.get(`${API}/down`, () => HttpResponse.error()))
  const { http, toasts } = setup()
  const result = await http.get('/down')
  expect(result).toEqual({ success: false, code: null, message: MESSAGES.network, data: null, raw: null })
  expect(toasts).toEqual([MESSAGES.network])
})

test('a call that takes longer than its timeout resolves as a failure with the timeout message', async () => {
  server.use(
    mock.get(`${API}/slow`, async () => {
      await delay(500)
      return HttpResponse.json({ code: '00', data: null })
    }),
  )
  // msw's XMLHttpRequest interceptor ignores xhr.timeout, so this goes through axios' fetch adapter, which
  // honours the same per-request timeout and raises the same AxiosError a browser XHR timeout does.
  const { http, toasts } = setup({ client: fetchClient() })
  const result = await http.get('/slow', undefined, { timeoutMs: 30 })
  expect(result).toMatchObject({ success: false, code: null, message: MESSAGES.timeout })
  expect(toasts).toEqual([MESSAGES.timeout])
})

test('a call never rejects, whatever the client throws', async () => {
  const client = {
    request: vi.fn().mockRejectedValue(new TypeError('boom')),
  } as unknown as HttpConfig['client']
  const { http } = setup({ client })
  await expect(http.get('/x')).resolves.toMatchObject({ success: false, message: MESSAGES.network })
  await expect(http.post('/x', {}, { money: true })).resolves.toMatchObject({ success: false })
  await expect(http.upload('/x', 'file', new Blob(['a']))).resolves.toMatchObject({ success: false })
})

test('uses a 60 s timeout unless the call sets its own', async () => {
  const request = vi.fn().mockResolvedValue({ status: 200, data: '{"code":"00"}' })
  const { http } = setup({ client: { request } as unknown as HttpConfig['client'] })
  await http.get('/a')
  await http.get('/b', undefined, { timeoutMs: 1500 })
  expect(request.mock.calls.map(([config]) => config.timeout)).toEqual([60_000, 1500])
})

test('a silent call shows no toast on failure but still resolves the server message', async () => {
  server.use(mock.get(`${API}/fail`, () => HttpResponse.json({ code: '01', message: 'Nope', data: null })))
  const { http, toasts } = setup()
  const result = await http.get('/fail', undefined, { silent: true })
  expect(result).toMatchObject({ success: false, message: 'Nope' })
  expect(toasts).toEqual([])
})

test('a silent call shows no toast on a network error either', async () => {
  server.use(mock.get(`${API}/down`, () => HttpResponse.error()))
  const { http, notifier } = setup()
  await http.get('/down', undefined, { silent: true })
  expect(notifier.error).not.toHaveBeenCalled()
})

test.each<LoadingText>(['loading...', 'saving...'])(
  'the %s toast is open while the call runs and closed when it ends',
  async (text) => {
    let openDuringCall: boolean | undefined
    const { http, loading } = setup()
    server.use(
      mock.post(`${API}/save`, () => {
        openDuringCall = loading[0]?.open
        return HttpResponse.json({ code: '00', message: '', data: null })
      }),
    )
    await http.post('/save', { a: 1 }, { loading: text })
    expect(openDuringCall).toBe(true)
    expect(loading).toEqual([{ text, open: false }])
  },
)

test('the loading toast is closed before the failure toast shows', async () => {
  server.use(mock.get(`${API}/fail`, () => HttpResponse.json({ code: '01', message: 'Nope' })))
  const { http, loading, notifier } = setup()
  notifier.error.mockImplementation(() => {
    expect(loading[0].open).toBe(false)
  })
  await http.get('/fail', undefined, { loading: 'loading...' })
  expect(notifier.error).toHaveBeenCalledWith('Nope')
})

test('no loading toast unless asked for', async () => {
  server.use(mock.get(`${API}/ok`, () => HttpResponse.json({ code: '00' })))
  const { http, notifier } = setup()
  await http.get('/ok')
  expect(notifier.loading).not.toHaveBeenCalled()
})

test('a POST body is form-encoded and the session and tracking query is on the URL', async () => {
  const { requests, capture } = recordRequests()
  server.use(
    mock.post(`${API}/v3/loan/detail`, async ({ request }) => {
      await capture(request)
      return HttpResponse.json({ code: '00', data: null })
    }),
  )
  const { http } = setup()
  await http.post('/v3/loan/detail', {
    orderId: 86,
    name: 'Juan dela Cruz',
    agree: true,
    empty: null,
    skip: undefined,
  })
  expect(requests).toHaveLength(1)
  const [req] = requests
  expect(req.method).toBe('POST')
  expect(req.contentType).toMatch(/^application\/x-www-form-urlencoded/)
  expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({
    orderId: '86',
    name: 'Juan dela Cruz',
    agree: 'true',
    empty: '',
  })
  expect(req.headers.get('x-requested-with')).toBe('XMLHttpRequest')
  expect(Object.fromEntries(req.url.searchParams)).toEqual({
    sessionId: 's-1',
    appVersion: '1.0.0',
    utm_source: 'fb',
  })
})

test('a GET sends its params together with the session and tracking query', async () => {
  const { requests, capture } = recordRequests()
  server.use(
    mock.get(`${API}/v4/contract/list`, async ({ request }) => {
      await capture(request)
      return HttpResponse.json({ code: '00', data: [] })
    }),
  )
  const { http } = setup()
  await http.get('v4/contract/list', { scene: 3, orderId: '86' })
  expect(Object.fromEntries(requests[0].url.searchParams)).toEqual({
    sessionId: 's-1',
    appVersion: '1.0.0',
    utm_source: 'fb',
    scene: '3',
    orderId: '86',
  })
  expect(requests[0].headers.get('x-requested-with')).toBe('XMLHttpRequest')
})

test('the query is read at every call, so a refreshed session is used at once', async () => {
  const { requests, capture } = recordRequests()
  server.use(
    mock.get(`${API}/ping`, async ({ request }) => {
      await capture(request)
      return HttpResponse.json({ code: '00' })
    }),
  )
  let sessionId = 'first'
  const { http } = setup({ query: () => ({ sessionId }) })
  await http.get('/ping')
  sessionId = 'second'
  await http.get('/ping')
  expect(requests.map((r) => r.url.searchParams.get('sessionId'))).toEqual(['first', 'second'])
})

test('the API base can be another origin, which still receives the session query', async () => {
  const { requests, capture } = recordRequests()
  server.use(
    mock.get('https://api.example.com/utilities/ping', async ({ request }) => {
      await capture(request)
      return HttpResponse.json({ code: '00' })
    }),
  )
  const { http } = setup({ baseURL: 'https://api.example.com/utilities/' })
  await http.get('/ping')
  expect(requests[0].url.searchParams.get('sessionId')).toBe('s-1')
})

test('the session query is not sent to a foreign origin given as an absolute URL', async () => {
  const { requests, capture } = recordRequests()
  server.use(
    mock.get('https://partner.example.net/rates', async ({ request }) => {
      await capture(request)
      return HttpResponse.json({ code: '00' })
    }),
    mock.get(`${APP_ORIGIN}/api/v2/promo/config`, async ({ request }) => {
      await capture(request)
      return HttpResponse.json({ code: '00' })
    }),
  )
  const { http } = setup()
  await http.get('https://partner.example.net/rates', { amount: 100 })
  await http.get(`${APP_ORIGIN}/api/v2/promo/config`)
  expect(Object.fromEntries(requests[0].url.searchParams)).toEqual({ amount: '100' })
  // An absolute URL on the app's own origin is trusted.
  expect(requests[1].url.searchParams.get('sessionId')).toBe('s-1')
})

test('an upload is multipart with the file under the given field, plus the extra fields', async () => {
  let received: {
    contentType: string
    fields: Record<string, string>
    fileText: string
    fileType: string
  } | null = null
  server.use(
    mock.post(`${API}/v3/complaint/upload`, async ({ request }) => {
      const form = await request.formData()
      const file = form.get('picture') as File
      received = {
        contentType: request.headers.get('content-type') ?? '',
        fields: { orderId: String(form.get('orderId')) },
        fileText: await file.text(),
        // (The file name is not asserted: jsdom's File loses it when undici re-encodes the form.)
        fileType: file.type,
      }
      return HttpResponse.json({ code: '00', data: { url: '/img/1.png' } })
    }),
  )
  const { http, loading } = setup()
  const file = new File(['png-bytes'], 'receipt.png', { type: 'image/png' })
  const result = await http.upload<{ url: string }>('/v3/complaint/upload', 'picture', file, { orderId: 86 })
  expect(result).toMatchObject({ success: true, data: { url: '/img/1.png' } })
  expect(received).toEqual({
    contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
    fields: { orderId: '86' },
    fileText: 'png-bytes',
    fileType: 'image/png',
  })
  // Uploads show 'uploading...' by default.
  expect(loading).toEqual([{ text: 'uploading...', open: false }])
})

test('an upload can ask for a different loading text', async () => {
  server.use(mock.post(`${API}/up`, () => HttpResponse.json({ code: '00' })))
  const { http, loading } = setup()
  await http.upload('/up', 'file', new Blob(['x']), {}, { loading: 'saving...' })
  expect(loading.map((l) => l.text)).toEqual(['saving...'])
})

test('a money call carries an Idempotency-Key; an ordinary call does not', async () => {
  const { requests, capture } = recordRequests()
  server.use(
    mock.post(`${API}/*`, async ({ request }) => {
      await capture(request)
      return HttpResponse.json({ code: '00' })
    }),
  )
  const { http } = setup()
  await http.post('/v3/loan/push', { orderId: 1 }, { money: true })
  await http.post('/v3/loan/push', { orderId: 1 }, { money: true, idempotencyKey: 'intent-42' })
  await http.post('/v3/loan/detail', { orderId: 1 })
  expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['key-1', 'intent-42', null])
})

test('two concurrent money calls to the same path make one request and share its result', async () => {
  let hits = 0
  server.use(
    mock.post(`${API}/v3/loan/push`, async () => {
      hits++
      await delay(20)
      return HttpResponse.json({ code: '01', message: 'Already submitted', data: { n: hits } })
    }),
  )
  const { http, toasts } = setup()
  const [first, second] = await Promise.all([
    http.post('/v3/loan/push', { orderId: 1 }, { money: true }),
    http.post('/v3/loan/push', { orderId: 1 }, { money: true }),
  ])
  expect(hits).toBe(1)
  expect(second).toBe(first)
  expect(first).toMatchObject({ success: false, message: 'Already submitted', data: { n: 1 } })
  // One request, one message.
  expect(toasts).toEqual(['Already submitted'])
})

test('a money call after the first one finished makes a new request with a new key', async () => {
  const { requests, capture } = recordRequests()
  server.use(
    mock.post(`${API}/v3/loan/push`, async ({ request }) => {
      await capture(request)
      return HttpResponse.json({ code: '00', data: { n: requests.length } })
    }),
  )
  const { http } = setup()
  const first = await http.post('/v3/loan/push', {}, { money: true })
  const second = await http.post('/v3/loan/push', {}, { money: true })
  expect(requests).toHaveLength(2)
  expect(first.data).toEqual({ n: 1 })
  expect(second.data).toEqual({ n: 2 })
  expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['key-1', 'key-2'])
})

test('a money call after a failed one is a new request too (no stuck guard)', async () => {
  let hits = 0
  server.use(
    mock.post(`${API}/v3/repay/commit`, () => {
      hits++
      return hits === 1 ? HttpResponse.error() : HttpResponse.json({ code: '00' })
    }),
  )
  const { http } = setup()
  expect((await http.post('/v3/repay/commit', {}, { money: true, silent: true })).success).toBe(false)
  expect((await http.post('/v3/repay/commit', {}, { money: true })).success).toBe(true)
  expect(hits).toBe(2)
})

test('concurrent money calls to different paths, or ordinary calls, are not merged', async () => {
  let hits = 0
  server.use(
    mock.post(`${API}/*`, async () => {
      hits++
      await delay(10)
      return HttpResponse.json({ code: '00' })
    }),
  )
  const { http } = setup()
  await Promise.all([
    http.post('/v3/loan/push', {}, { money: true }),
    http.post('/v3/provider/card-change', {}, { money: true }),
    http.post('/v3/loan/detail', {}),
    http.post('/v3/loan/detail', {}),
  ])
  expect(hits).toBe(4)
})

test('two different money calls to the same path in flight are both sent, each with its own key', async () => {
  const { requests, capture } = recordRequests()
  server.use(
    mock.post(`${API}/v3/loan-details/generate-vcode`, async ({ request }) => {
      await capture(request)
      await delay(20)
      const body = new URLSearchParams(await request.clone().text())
      return HttpResponse.json({
        code: '00',
        data: { payUrl: `https://pay.example.com/${body.get('amount')}` },
      })
    }),
  )
  const { http } = setup()
  const [instalment, extension] = await Promise.all([
    http.post('/v3/loan-details/generate-vcode', { orderId: 86, amount: 1500 }, { money: true }),
    http.post('/v3/loan-details/generate-vcode', { orderId: 86, amount: 300, isDelay: 1 }, { money: true }),
  ])
  expect(instalment.data).toEqual({ payUrl: 'https://pay.example.com/1500' })
  expect(extension.data).toEqual({ payUrl: 'https://pay.example.com/300' })
  expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['key-1', 'key-2'])
})

test('a money call that times out has an unknown outcome, is toasted as such, and is not retried', async () => {
  let hits = 0
  server.use(
    mock.post(`${API}/v3/loan-confirm/loan-detail-push`, async () => {
      hits++
      await delay(300)
      return HttpResponse.json({ code: '00' })
    }),
  )
  const { http, toasts } = setup({ client: fetchClient() })
  const result = await http.post(
    '/v3/loan-confirm/loan-detail-push',
    { amount: 5000 },
    { money: true, timeoutMs: 30 },
  )
  expect(result).toEqual({
    success: false,
    code: null,
    message: 'We could not confirm the result. Please check your order status before trying again.',
    data: null,
    raw: null,
    outcome: 'unknown',
  })
  expect(toasts).toEqual([MESSAGES.unknownOutcome])
  await delay(50)
  expect(hits).toBe(1)
})

test('a money call whose connection drops is never retried automatically and has an unknown outcome', async () => {
  let hits = 0
  server.use(
    mock.post(`${API}/v3/loan/push`, () => {
      hits++
      return HttpResponse.error()
    }),
  )
  const { http } = setup()
  const result = await http.post('/v3/loan/push', {}, { money: true })
  expect(result).toMatchObject({ success: false, message: MESSAGES.unknownOutcome, outcome: 'unknown' })
  expect(hits).toBe(1)
})

test('an ordinary call that times out or drops has no outcome flag: it is only a failure', async () => {
  server.use(mock.post(`${API}/v3/loan/detail`, () => HttpResponse.error()))
  const { http } = setup()
  const result = await http.post('/v3/loan/detail', {})
  expect(result).toEqual({ success: false, code: null, message: MESSAGES.network, data: null, raw: null })
})

test("the borrower's retry after a timeout sends the same Idempotency-Key; an answer then forgets it", async () => {
  const { requests, capture } = recordRequests()
  let slow = true
  server.use(
    mock.post(`${API}/v3/repayment/commit`, async ({ request }) => {
      await capture(request)
      if (slow) await delay(300)
      return HttpResponse.json({ code: '00', data: { repayRecordId: 'r-1' } })
    }),
  )
  let sessionId = 's-1'
  const { http } = setup({ client: fetchClient(), query: () => ({ sessionId }) })
  const body = { orderId: 86, amount: 1500, cardId: 'c-9' }
  const first = await http.post('/v3/repayment/commit', body, { money: true, timeoutMs: 30 })
  expect(first.outcome).toBe('unknown')
  slow = false
  // A refreshed session between the taps is still the same intent.
  sessionId = 's-2'
  const retry = await http.post('/v3/repayment/commit', { ...body }, { money: true, timeoutMs: 1000 })
  expect(retry).toMatchObject({ success: true, data: { repayRecordId: 'r-1' } })
  expect(retry.outcome).toBeUndefined()
  // The server answered: paying the same amount again later is a new intent.
  await http.post('/v3/repayment/commit', body, { money: true, timeoutMs: 1000 })
  expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['key-1', 'key-1', 'key-2'])
})

test('a retry after a dropped connection reuses the key; a changed body is a new intent', async () => {
  const { requests, capture } = recordRequests()
  server.use(
    mock.post(`${API}/v3/bind-card/bind-card-new`, async ({ request }) => {
      await capture(request)
      return requests.length <= 2 ? HttpResponse.error() : HttpResponse.json({ code: '00' })
    }),
  )
  const { http } = setup()
  const card = { product_id: 1, cardNo: '6222020000000001', bankCode: 'BDO' }
  await http.post('/v3/bind-card/bind-card-new', card, { money: true, silent: true })
  await http.post('/v3/bind-card/bind-card-new', card, { money: true, silent: true })
  await http.post('/v3/bind-card/bind-card-new', { ...card, cardNo: '6222020000000002' }, { money: true })
  expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['key-1', 'key-1', 'key-2'])
})

test.each([
  ['a failure code', () => HttpResponse.json({ code: '800005', message: 'Do not submit twice' })],
  ['an HTTP 429 envelope', () => HttpResponse.json({ code: '429', message: 'Slow down' }, { status: 429 })],
  [
    "an HTTP 500 with the server's own refusal",
    () => HttpResponse.json({ code: '500', message: 'Card not supported' }, { status: 500 }),
  ],
])('%s is an answer: the next identical money call is a new intent with a new key', async (_name, answer) => {
  const { requests, capture } = recordRequests()
  server.use(
    mock.post(`${API}/v3/repayment/confirm`, async ({ request }) => {
      await capture(request)
      return answer()
    }),
  )
  const { http } = setup()
  const first = await http.post('/v3/repayment/confirm', { verifyCode: '123456' }, { money: true })
  expect(first.success).toBe(false)
  expect(first.outcome).toBeUndefined()
  await http.post('/v3/repayment/confirm', { verifyCode: '123456' }, { money: true })
  expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['key-1', 'key-2'])
})

/** Every answer that is not the server's own envelope: the money call's outcome is unknown (issue #30). */
const NOT_THE_SERVERS_ANSWERS: [string, () => Response | Promise<Response>][] = [
  ...UNKNOWN_OUTCOME_ANSWERS,
  ['a 502 page', () => HttpResponse.html('<h1>Bad Gateway</h1>', { status: 502 })],
  ['a 504 page', () => HttpResponse.html('<h1>Gateway Timeout</h1>', { status: 504 })],
  ['a 200 with JSON that is no envelope', () => HttpResponse.json({ ok: true })],
  ['a 500 with a success envelope (a proxy)', () => HttpResponse.json({ code: '00' }, { status: 500 })],
]

test.each(NOT_THE_SERVERS_ANSWERS)(
  'a money call that ends with %s has an unknown outcome, and the retry keeps the key',
  async (_name, answer) => {
    const { requests, capture } = recordRequests()
    server.use(
      mock.post(`${API}/v3/loan/push`, async ({ request }) => {
        await capture(request)
        return requests.length === 1 ? answer() : HttpResponse.json({ code: '00' })
      }),
    )
    const { http } = setup({ client: fetchClient() })
    const money = { money: true, timeoutMs: TEST_TIMEOUT_MS }
    const first = await http.post('/v3/loan/push', { amount: 1 }, money)
    expect(first).toMatchObject({ success: false, message: MESSAGES.unknownOutcome, outcome: 'unknown' })
    expect((await http.post('/v3/loan/push', { amount: 1 }, money)).success).toBe(true)
    expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['key-1', 'key-1'])
  },
)

test('a double tap on a money upload shares one request; another file is its own intent', async () => {
  let hits = 0
  server.use(
    mock.post(`${API}/upload`, async () => {
      hits++
      await delay(20)
      return HttpResponse.json({ code: '00', data: { n: hits } })
    }),
  )
  const { http } = setup()
  const file = new Blob(['a'])
  const [first, second, other] = await Promise.all([
    http.upload('/upload', 'file', file, {}, { money: true }),
    http.upload('/upload', 'file', file, {}, { money: true }),
    http.upload('/upload', 'file', new Blob(['a']), {}, { money: true }),
  ])
  expect(second).toBe(first)
  expect(other).not.toBe(first)
  expect(hits).toBe(2)
})

test("the first call loads the client after the frame being painted, so a screen's first paint never waits for it", async () => {
  const frames: FrameRequestCallback[] = []
  const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((run) => frames.push(run))
  const record = recordRequests()
  server.use(
    mock.get(`${API}/painted`, async ({ request }) => {
      await record.capture(request)
      return HttpResponse.json({ code: 0, data: 1 })
    }),
  )
  try {
    const { http } = setup()
    const call = http.get('/painted')
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(frames).toHaveLength(1)
    expect(record.requests).toHaveLength(0)
    frames[0](performance.now())
    expect((await call).success).toBe(true)
    expect(record.requests).toHaveLength(1)
  } finally {
    raf.mockRestore()
  }
})

test('a hidden page (no frames) still makes its first call, after at most PAINT_WAIT_MS', async () => {
  const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0)
  server.use(mock.get(`${API}/hidden`, () => HttpResponse.json({ code: 0, data: 'ok' })))
  try {
    const { http } = setup()
    const started = Date.now()
    const result = await http.get<string>('/hidden')
    expect(result.success && result.data).toBe('ok')
    expect(Date.now() - started).toBeGreaterThanOrEqual(PAINT_WAIT_MS - 5)
  } finally {
    raf.mockRestore()
  }
})

test('preload loads the client ahead of the first call', async () => {
  const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0)
  server.use(mock.get(`${API}/warm`, () => HttpResponse.json({ code: 0, data: 'ok' })))
  try {
    const { http } = setup()
    void http.preload()
    await new Promise((resolve) => setTimeout(resolve, PAINT_WAIT_MS + 50))
    const started = Date.now()
    expect((await http.get('/warm')).success).toBe(true)
    expect(Date.now() - started).toBeLessThan(PAINT_WAIT_MS)
  } finally {
    raf.mockRestore()
  }
})

test('quiet resolves at once with no call in flight, else when the last call has been answered', async () => {
  let answer = () => {}
  server.use(
    mock.get(`${API}/slow`, async () => {
      await new Promise<void>((resolve) => (answer = resolve))
      return HttpResponse.json({ code: 0, data: 1 })
    }),
    mock.get(`${API}/fast`, () => HttpResponse.json({ code: 0, data: 2 })),
  )
  const { http } = setup({ client: fetchClient() })
  await expect(http.quiet()).resolves.toBeUndefined()
  const slow = http.get('/slow')
  const fast = http.get('/fast')
  let quiet = false
  void http.quiet().then(() => (quiet = true))
  await fast
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(quiet).toBe(false)
  answer()
  await slow
  await vi.waitFor(() => expect(quiet).toBe(true))
})

test('a background call (tracking) is sent with the session and headers, never held by quiet, never toasted', async () => {
  const { requests, capture } = recordRequests()
  server.use(
    mock.post(`${API}/service/event/save`, async ({ request }) => {
      await capture(request)
      await delay('infinite')
      return HttpResponse.json({ code: 0 })
    }),
    mock.post(`${API}/refused`, () => HttpResponse.json({ code: '01', message: 'No tracking today' })),
  )
  const { http, toasts } = setup({ client: fetchClient() })
  void http.post('/service/event/save', { productId: '1', moduleId: 30 }, { background: true })
  await vi.waitFor(() => expect(requests).toHaveLength(1))
  expect(requests[0].url.searchParams.get('sessionId')).toBe('s-1')
  expect(requests[0].headers.get('x-requested-with')).toBe('XMLHttpRequest')
  expect(requests[0].body).toBe('productId=1&moduleId=30')
  // The event still has no answer: the screen's data is in all the same.
  await expect(http.quiet()).resolves.toBeUndefined()
  expect((await http.post('/refused', {}, { background: true })).success).toBe(false)
  expect(toasts).toEqual([])
})

test.each([
  ['a mistyped API base', { baseURL: 'https://api example.com/utilities' }, {}],
  ['an opaque page origin (file://, a sandboxed frame)', { baseURL: '/utilities', appOrigin: 'null' }, {}],
  ['a body that cannot be encoded', {}, { amount: Symbol('amount') as unknown as string }],
  [
    'a body whose value will not turn into text',
    {},
    {
      amount: {
        toString() {
          throw new Error('no text')
        },
      } as unknown as string,
    },
  ],
  [
    'a session reader that throws',
    {
      query: () => {
        throw new Error('session storage is not available')
      },
    },
    {},
  ],
])(
  '%s: the call resolves as a failure that says so, is never sent, and never throws',
  async (_, config, body) => {
    const { requests, capture } = recordRequests()
    server.use(
      mock.all('*', async ({ request }) => {
        await capture(request)
        return HttpResponse.json({ code: '00' })
      }),
    )
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { http, toasts } = setup(config as Partial<HttpConfig>)
    for (const call of [
      () => http.post('/v3/loan/push', body, { money: true }),
      () => http.get('/v3/loan/detail', body),
      () => http.upload('/upload', 'file', new Blob(['a']), body),
    ]) {
      let pending: ReturnType<typeof call> | undefined
      expect(() => (pending = call())).not.toThrow()
      expect(pending).toBeInstanceOf(Promise)
      const result = await pending!
      expect(result).toMatchObject({ success: false, code: null, message: MESSAGES.notSent, data: null })
      expect(result.outcome).toBeUndefined()
    }
    // The money button unlocks: the same tap again resolves again.
    expect((await http.post('/v3/loan/push', body, { money: true })).message).toBe(MESSAGES.notSent)
    expect(requests).toHaveLength(0)
    expect(toasts).toEqual(Array(4).fill(MESSAGES.notSent))
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('was not sent'))
    errors.mockRestore()
  },
)

test('field health: every failed call is told by kind (network, timeout, bad envelope, refusal), successes are not', async () => {
  server.use(
    mock.get(`${API}/ok`, () => HttpResponse.json({ code: '00', data: null })),
    mock.get(`${API}/refused`, () => HttpResponse.json({ code: '500', message: 'No' })),
    mock.get(`${API}/html`, () => new HttpResponse('<html>busy</html>', { status: 503 })),
    mock.get(`${API}/down`, () => HttpResponse.error()),
    mock.get(`${API}/slow`, async () => {
      await delay(500)
      return HttpResponse.json({ code: '00', data: null })
    }),
  )
  const onFailure = vi.fn()
  const { http } = setup({ onFailure, client: fetchClient() })
  await http.get('/ok')
  await http.get('/refused?orderId=86', undefined, { silent: true })
  await http.get('/html', undefined, { silent: true })
  await http.get('/down', undefined, { silent: true })
  await http.get('/slow', undefined, { timeoutMs: 30, silent: true })
  expect(onFailure.mock.calls).toEqual([
    ['/refused?orderId=86', 'refusal'],
    ['/html', 'bad-envelope'],
    ['/down', 'network'],
    ['/slow', 'timeout'],
  ])
})
