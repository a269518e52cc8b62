import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { createFederatedLoader, readPreload } from './federated-loader'
import { RemoteNotReleasedError, RemoteUnavailableError } from './remote-loader'

// The federation host chunk, replaced by a fake runtime whose remote is a complete single-spa app.
const host = vi.hoisted(() => ({ evaluated: 0, registered: [] as { name: string; entry: string }[] }))
vi.mock('./federation-host', () => {
  host.evaluated += 1
  const noop = async () => undefined
  return {
    createFederationHost: (shared: Record<string, unknown>) => ({
      shared,
      registerRemotes: (remotes: { name: string; entry: string }[]) => host.registered.push(...remotes),
      loadRemote: async () => ({ contract: '1.0.0', bootstrap: noop, mount: noop, unmount: noop }),
    }),
  }
})

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  host.registered.length = 0
  // Every manifest names the same entry file, under its own version's folder.
  server.use(
    http.get('*/remotes/*/mf-manifest.json', () =>
      HttpResponse.json({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
    ),
  )
})
afterEach(() => {
  document.getElementById('mf-preload')?.remove()
  server.resetHandlers()
  window.sessionStorage.clear()
  window.history.replaceState(null, '', '/')
  vi.restoreAllMocks()
})
afterAll(() => server.close())

const ALLOW_OVERRIDES = { versionOverrides: true }
const LIVE_SITE = { version: 'live-site', entry: '/remotes/mf-site/live-site/mf-manifest.json' }

function inline(text: string) {
  const script = document.createElement('script')
  script.type = 'application/json'
  script.id = 'mf-preload'
  script.textContent = text
  document.head.append(script)
}

test('reads the registry and manifests the server inlined', () => {
  inline(
    JSON.stringify({
      registry: { remotes: { mf_site: { version: '1', entry: '/remotes/mf-site/1/mf-manifest.json' } } },
      manifests: { '/remotes/mf-site/1/mf-manifest.json': { metaData: {} } },
    }),
  )
  const preload = readPreload(document)
  expect(preload.registry?.remotes.mf_site).toMatchObject({ version: '1', previous: null })
  expect(Object.keys(preload.manifests)).toEqual(['/remotes/mf-site/1/mf-manifest.json'])
})

test('no block or a malformed block means: fetch the registry as usual', () => {
  expect(readPreload(document)).toEqual({ registry: null, manifests: {} })
  inline('{oops')
  expect(readPreload(document)).toEqual({ registry: null, manifests: {} })
})

test('the loader downloads the federation runtime only when a remote is loaded', async () => {
  const entry = '/remotes/mf-site/1/mf-manifest.json'
  inline(
    JSON.stringify({
      registry: { remotes: { mf_site: { version: '1', entry } } },
      manifests: { [entry]: { metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } } },
    }),
  )
  const loader = await createFederatedLoader(window, ALLOW_OVERRIDES)
  // A shell-only page (the test page) stops here: no runtime.
  expect(host.evaluated).toBe(0)
  const loaded = await loader.load('mf_site')
  expect(loaded.version).toBe('1')
  expect(host.evaluated).toBe(1)
  expect(host.registered).toEqual([
    { name: 'mf_site', entry: `${window.location.origin}/remotes/mf-site/1/remoteEntry.js`, type: 'module' },
  ])
})

/** The version of mf_site that loads where the page carries its entry. */
async function siteVersion(settings = ALLOW_OVERRIDES) {
  const loader = await createFederatedLoader(window, settings)
  return (await loader.load('mf_site')).version
}

const LIVE_COMPLAINT = {
  version: 'live-complaint',
  entry: '/remotes/mf-complaint/live-complaint/mf-manifest.json',
}
const LIVE = { remotes: { mf_site: LIVE_SITE, mf_complaint: LIVE_COMPLAINT } }

/** Counts the tries at /registry.json, each answered by `answer`. */
function registryAnswering(answer: () => Response | Promise<Response>) {
  const tries = { count: 0 }
  server.use(
    http.get('*/registry.json', () => {
      tries.count += 1
      return answer()
    }),
  )
  return tries
}

/** Lets the (fake) clock run until `promise` settles, as a slow network's seconds pass; what it settled to. */
async function settle<T>(promise: Promise<T>, maxMs = 60_000): Promise<T | unknown> {
  let done = false
  const outcome = promise.then(
    (value) => value,
    (error: unknown) => error,
  )
  void outcome.finally(() => (done = true))
  for (let waited = 0; !done && waited < maxMs; waited += 100) await vi.advanceTimersByTimeAsync(100)
  return outcome
}

/** The versions registered with the federation runtime: no other can be mounted. */
const registeredVersions = () => host.registered.map((r) => /\/remotes\/[^/]+\/([^/]+)\//.exec(r.entry)?.[1])

test('the remote the page carries loads without fetching /registry.json', async () => {
  const tries = registryAnswering(() => HttpResponse.json(LIVE))
  inline(JSON.stringify({ registry: { remotes: { mf_site: LIVE_SITE } }, manifests: {} }))
  const loader = await createFederatedLoader(window, ALLOW_OVERRIDES)
  expect((await loader.load('mf_site')).version).toBe('live-site')
  expect(tries.count).toBe(0)
})

test('another remote than the page carries comes from /registry.json, fetched once, on first need', async () => {
  const tries = registryAnswering(() => HttpResponse.json(LIVE))
  inline(JSON.stringify({ registry: { remotes: { mf_site: LIVE_SITE } }, manifests: {} }))
  const loader = await createFederatedLoader(window, ALLOW_OVERRIDES)
  expect(tries.count).toBe(0)
  expect((await loader.load('mf_complaint')).version).toBe('live-complaint')
  await loader.load('mf_site')
  expect(tries.count).toBe(1)
})

describe('a slow or unreadable /registry.json', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  })
  afterEach(() => vi.useRealTimers())

  test('answering after 3 s still decides the version: the live one loads, no other version is fetched', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    // The network stalls for 3.5 s: every try made meanwhile is answered then.
    let answer = () => undefined as void
    const stalled = new Promise<void>((resolve) => (answer = resolve))
    registryAnswering(async () => {
      await stalled
      return HttpResponse.json(LIVE)
    })
    const loader = await createFederatedLoader(window, ALLOW_OVERRIDES)
    const loading = loader.load('mf_complaint')
    await vi.advanceTimersByTimeAsync(3500)
    answer()
    expect(await settle(loading)).toMatchObject({ version: 'live-complaint' })
    expect(registeredVersions()).toEqual(['live-complaint'])
  })

  test.each([
    ['answers 503', () => HttpResponse.text('busy', { status: 503 })],
    ['answers garbage', () => HttpResponse.text('<html>maintenance</html>')],
    ['fails (network)', () => HttpResponse.error()],
  ])(
    "that %s: the page's own remote loads from its inline entry; another fails after 3 tries, and loads once the registry answers again",
    async (_name, answer) => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      let tries = registryAnswering(answer)
      inline(JSON.stringify({ registry: { remotes: { mf_site: LIVE_SITE } }, manifests: {} }))
      const loader = await createFederatedLoader(window, ALLOW_OVERRIDES)
      expect((await loader.load('mf_site')).version).toBe('live-site')
      const error = await settle(loader.load('mf_complaint'))
      expect(error).toBeInstanceOf(RemoteUnavailableError)
      expect(error).not.toBeInstanceOf(RemoteNotReleasedError)
      expect(tries.count).toBe(3)
      expect((error as RemoteUnavailableError).records).toEqual([
        expect.objectContaining({ remote: 'mf_complaint', stage: 'registry', ok: false }),
      ])
      expect(registeredVersions()).toEqual(['live-site'])
      // The retry screen's button: the registry is read again, not the failure remembered.
      tries = registryAnswering(() => HttpResponse.json(LIVE))
      expect(await settle(loader.load('mf_complaint'))).toMatchObject({ version: 'live-complaint' })
      expect(tries.count).toBe(1)
    },
  )

  test('that never answers: tries of 3, 6 and 12 s with pauses between, then the retry screen', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const started: number[] = []
    const aborted: number[] = []
    server.use(
      http.get('*/registry.json', ({ request }) => {
        started.push(Date.now())
        request.signal.addEventListener('abort', () => aborted.push(Date.now()))
        return new Promise<Response>(() => undefined)
      }),
    )
    const loader = await createFederatedLoader(window, ALLOW_OVERRIDES)
    const t0 = Date.now()
    const error = await settle(loader.load('mf_complaint'))
    expect(error).toBeInstanceOf(RemoteUnavailableError)
    expect(started.map((t) => t - t0)).toEqual([0, 3500, 10_500])
    expect(aborted.map((t) => t - t0)).toEqual([3000, 9500, 22_500])
    expect(host.registered).toEqual([])
  })
})

test('a remote the live registry lists malformed fails to load (the retry screen); its next try reads the registry again', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  let tries = registryAnswering(() =>
    HttpResponse.json({ remotes: { mf_site: LIVE_SITE, mf_complaint: { version: 'live-complaint' } } }),
  )
  const loader = await createFederatedLoader(window, ALLOW_OVERRIDES)
  expect((await loader.load('mf_site')).version).toBe('live-site')
  const error = await loader.load('mf_complaint').catch((e: unknown) => e)
  expect(error).toBeInstanceOf(RemoteUnavailableError)
  expect(error).not.toBeInstanceOf(RemoteNotReleasedError)
  expect(tries.count).toBe(1)
  tries = registryAnswering(() => HttpResponse.json(LIVE))
  expect((await loader.load('mf_complaint')).version).toBe('live-complaint')
  expect(tries.count).toBe(1)
})

test.each([
  ['{}', {}],
  ['a registry without it', { remotes: { mf_site: LIVE_SITE } }],
])('/registry.json answering %s: a remote it does not list is not released yet', async (_name, body) => {
  server.use(http.get('*/registry.json', () => HttpResponse.json(body)))
  const loader = await createFederatedLoader(window, ALLOW_OVERRIDES)
  await expect(loader.load('mf_complaint')).rejects.toBeInstanceOf(RemoteNotReleasedError)
})

test('?mf= is ignored (and leaves the address bar) when the settings do not allow overrides', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const available = ['old-site', 'live-site']
  inline(JSON.stringify({ registry: { remotes: { mf_site: { ...LIVE_SITE, available } } }, manifests: {} }))
  window.history.replaceState(null, '', '/aboutUs?mf=mf_site@old-site')
  expect(await siteVersion({ versionOverrides: false })).toBe('live-site')
  expect(window.location.search).toBe('')
})

test('?mf= pins an available version when the settings allow overrides', async () => {
  const available = ['old-site', 'live-site']
  inline(JSON.stringify({ registry: { remotes: { mf_site: { ...LIVE_SITE, available } } }, manifests: {} }))
  window.history.replaceState(null, '', '/aboutUs?mf=mf_site@old-site')
  expect(await siteVersion()).toBe('old-site')
  expect(window.location.search).toBe('')
})
