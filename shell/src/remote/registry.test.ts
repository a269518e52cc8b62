import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { fetchRegistry } from './registry'
import { TEST_REGISTRY as GOOD } from 'shared/testing'

const URL_ = 'http://localhost:3000/registry.json'
const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

const ONE_TRY = { timeoutsMs: [1000], pausesMs: [] }
const READ = { registry: GOOD, malformed: [] }

test('fetchRegistry returns the parsed live registry, fetched without the HTTP cache', async () => {
  let cache: RequestCache | undefined
  server.use(
    http.get(URL_, ({ request }) => {
      cache = request.cache
      return HttpResponse.json(GOOD)
    }),
  )
  await expect(fetchRegistry({ url: URL_, tries: ONE_TRY })).resolves.toEqual(READ)
  expect(cache).toBe('no-store')
})

test.each([
  ['a 404', () => HttpResponse.json({ error: 'not found' }, { status: 404 }), 'answered 404'],
  ['a body that is not JSON', () => HttpResponse.text('<html>maintenance</html>'), 'not JSON'],
  ['JSON that is no registry', () => HttpResponse.json({ remotes: [] }), 'not a registry'],
  ['a network error', () => HttpResponse.error(), 'Failed to fetch'],
])(
  'fetchRegistry tries again after %s, and rejects with the reason when every try fails',
  async (_name, answer, reason) => {
    let tries = 0
    server.use(
      http.get(URL_, () => {
        tries += 1
        return answer()
      }),
    )
    const error = await fetchRegistry({
      url: URL_,
      tries: { timeoutsMs: [1000, 1000, 1000], pausesMs: [1] },
    }).catch((e: unknown) => e)
    expect(tries).toBe(3)
    expect(String(error)).toContain('3 tries')
    expect(String(error)).toContain(reason)
  },
)

test('fetchRegistry: a try that fails is followed by one that can succeed, after the pause', async () => {
  const at: number[] = []
  server.use(
    http.get(URL_, () => {
      at.push(Date.now())
      return at.length === 1 ? HttpResponse.text('busy', { status: 503 }) : HttpResponse.json(GOOD)
    }),
  )
  await expect(
    fetchRegistry({ url: URL_, tries: { timeoutsMs: [1000, 1000], pausesMs: [100] } }),
  ).resolves.toEqual(READ)
  expect(at).toHaveLength(2)
  expect(at[1] - at[0]).toBeGreaterThanOrEqual(90)
})

test('fetchRegistry gives each try its own, longer, time; a try cut off is aborted', async () => {
  const signals: AbortSignal[] = []
  server.use(
    http.get(URL_, async ({ request }) => {
      signals.push(request.signal)
      // Only the second try waits long enough for this answer.
      await delay(150)
      return HttpResponse.json(GOOD)
    }),
  )
  await expect(
    fetchRegistry({ url: URL_, tries: { timeoutsMs: [50, 1000], pausesMs: [0] } }),
  ).resolves.toEqual(READ)
  expect(signals.map((signal) => signal.aborted)).toEqual([true, false])
})

test('fetchRegistry rejects when no try answers in time, without waiting any longer', async () => {
  server.use(
    http.get(URL_, async () => {
      await delay('infinite')
      return HttpResponse.json(GOOD)
    }),
  )
  const started = Date.now()
  await expect(fetchRegistry({ url: URL_, tries: { timeoutsMs: [50, 50], pausesMs: [10] } })).rejects.toThrow(
    'no answer within 50 ms',
  )
  expect(Date.now() - started).toBeLessThan(1000)
})

test('fetchRegistry names the remotes the registry lists malformed', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  server.use(
    http.get(URL_, () => HttpResponse.json({ remotes: { ...GOOD.remotes, mf_loan: { version: '1' } } })),
  )
  await expect(fetchRegistry({ url: URL_, tries: ONE_TRY })).resolves.toEqual({
    registry: GOOD,
    malformed: ['mf_loan'],
  })
})

test('fetchRegistry uses an injected fetch', async () => {
  const fetchFn = vi.fn(async () => new Response(JSON.stringify(GOOD), { status: 200 }))
  await expect(fetchRegistry({ url: '/registry.json', tries: ONE_TRY, fetchFn })).resolves.toEqual(READ)
  expect(fetchFn).toHaveBeenCalledWith('/registry.json', expect.objectContaining({ cache: 'no-store' }))
})
