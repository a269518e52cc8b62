import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { fetchRegistry } from './registry'

const URL_ = 'http://localhost:3000/registry.json'
const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

const GOOD = {
  remotes: {
    mf_site: {
      version: '1.2.0-abc',
      entry: '/remotes/mf_site/1.2.0-abc/mf-manifest.json',
      previous: { version: '1.1.0-def', entry: '/remotes/mf_site/1.1.0-def/mf-manifest.json' },
      available: ['1.0.0-aaa', '1.1.0-def', '1.2.0-abc'],
    },
  },
}

test('fetchRegistry returns the parsed live registry, fetched without the HTTP cache', async () => {
  let cache: RequestCache | undefined
  server.use(
    http.get(URL_, ({ request }) => {
      cache = request.cache
      return HttpResponse.json(GOOD)
    }),
  )
  await expect(fetchRegistry({ url: URL_, timeoutMs: 1000 })).resolves.toEqual(GOOD)
  expect(cache).toBe('no-store')
})

test('fetchRegistry returns null on a 404', async () => {
  server.use(http.get(URL_, () => HttpResponse.json({ error: 'not found' }, { status: 404 })))
  await expect(fetchRegistry({ url: URL_, timeoutMs: 1000 })).resolves.toBeNull()
})

test('fetchRegistry returns null on a body that is not JSON', async () => {
  server.use(http.get(URL_, () => HttpResponse.text('<html>maintenance</html>')))
  await expect(fetchRegistry({ url: URL_, timeoutMs: 1000 })).resolves.toBeNull()
})

test('fetchRegistry returns null on a network error', async () => {
  server.use(http.get(URL_, () => HttpResponse.error()))
  await expect(fetchRegistry({ url: URL_, timeoutMs: 1000 })).resolves.toBeNull()
})

test('fetchRegistry returns null when the registry does not answer in time', async () => {
  server.use(
    http.get(URL_, async () => {
      await delay('infinite')
      return HttpResponse.json(GOOD)
    }),
  )
  const started = Date.now()
  await expect(fetchRegistry({ url: URL_, timeoutMs: 50 })).resolves.toBeNull()
  expect(Date.now() - started).toBeLessThan(1000)
})

test('fetchRegistry uses an injected fetch', async () => {
  const fetchFn = vi.fn(async () => new Response(JSON.stringify(GOOD), { status: 200 }))
  await expect(fetchRegistry({ url: '/registry.json', timeoutMs: 1000, fetchFn })).resolves.toEqual(GOOD)
  expect(fetchFn).toHaveBeenCalledWith('/registry.json', expect.objectContaining({ cache: 'no-store' }))
})
