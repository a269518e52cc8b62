import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { createFederatedLoader, readPreload } from './federated-loader'

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
const BAKED = {
  remotes: {
    mf_site: { version: 'baked-site', entry: '/remotes/mf-site/baked-site/mf-manifest.json' },
    mf_complaint: {
      version: 'baked-complaint',
      entry: '/remotes/mf-complaint/baked-complaint/mf-manifest.json',
    },
  },
}
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
  const loader = await createFederatedLoader(window, ALLOW_OVERRIDES, BAKED)
  // A shell-only page (the test page) stops here: no runtime.
  expect(host.evaluated).toBe(0)
  const loaded = await loader.load('mf_site')
  expect(loaded.version).toBe('1')
  expect(host.evaluated).toBe(1)
  expect(host.registered).toEqual([
    { name: 'mf_site', entry: `${window.location.origin}/remotes/mf-site/1/remoteEntry.js`, type: 'module' },
  ])
})

/** The version each remote loads with this page's registry and the baked BAKED. */
async function loadedVersions(settings = ALLOW_OVERRIDES) {
  const loader = await createFederatedLoader(window, settings, BAKED)
  const versions: Record<string, string> = {}
  for (const name of ['mf_site', 'mf_complaint']) versions[name] = (await loader.load(name)).version
  return versions
}

test('the remote the page carries loads without fetching /registry.json', async () => {
  let fetched = 0
  server.use(
    http.get('*/registry.json', () => {
      fetched += 1
      return HttpResponse.json({})
    }),
  )
  inline(JSON.stringify({ registry: { remotes: { mf_site: LIVE_SITE } }, manifests: {} }))
  const loader = await createFederatedLoader(window, ALLOW_OVERRIDES, BAKED)
  expect((await loader.load('mf_site')).version).toBe('live-site')
  expect(fetched).toBe(0)
})

test('another remote than the page carries comes from /registry.json, fetched once, on first need', async () => {
  let fetched = 0
  const liveComplaint = {
    version: 'live-complaint',
    entry: '/remotes/mf-complaint/live-complaint/mf-manifest.json',
  }
  server.use(
    http.get('*/registry.json', () => {
      fetched += 1
      return HttpResponse.json({ remotes: { mf_site: LIVE_SITE, mf_complaint: liveComplaint } })
    }),
  )
  inline(JSON.stringify({ registry: { remotes: { mf_site: LIVE_SITE } }, manifests: {} }))
  const loader = await createFederatedLoader(window, ALLOW_OVERRIDES, BAKED)
  expect(fetched).toBe(0)
  expect((await loader.load('mf_complaint')).version).toBe('live-complaint')
  expect(fetched).toBe(1)
})

test('another remote than the page carries, with no live registry: it comes from the baked copy', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  server.use(http.get('*/registry.json', () => HttpResponse.json({ remotes: { mf_site: LIVE_SITE } })))
  inline(JSON.stringify({ registry: { remotes: { mf_site: LIVE_SITE } }, manifests: {} }))
  expect(await loadedVersions()).toEqual({ mf_site: 'live-site', mf_complaint: 'baked-complaint' })
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('no valid live entry for mf_complaint'))
})

test('a live entry without `entry` is replaced by the baked one; the valid live entry still wins', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  server.use(
    http.get('*/registry.json', () =>
      HttpResponse.json({ remotes: { mf_site: LIVE_SITE, mf_complaint: { version: 'live-complaint' } } }),
    ),
  )
  expect(await loadedVersions()).toEqual({ mf_site: 'live-site', mf_complaint: 'baked-complaint' })
  expect(host.registered.map((r) => r.entry)).toEqual([
    `${window.location.origin}/remotes/mf-site/live-site/remoteEntry.js`,
    `${window.location.origin}/remotes/mf-complaint/baked-complaint/remoteEntry.js`,
  ])
})

test.each([
  ['{}', () => HttpResponse.json({})],
  ['garbage', () => HttpResponse.text('<html>maintenance</html>')],
  ['a 500', () => HttpResponse.text('boom', { status: 500 })],
])('/registry.json answering %s: every remote comes from the baked copy', async (_name, answer) => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  server.use(http.get('*/registry.json', answer))
  expect(await loadedVersions()).toEqual({ mf_site: 'baked-site', mf_complaint: 'baked-complaint' })
})

test('?mf= is ignored (and leaves the address bar) when the settings do not allow overrides', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const available = ['old-site', 'live-site']
  inline(JSON.stringify({ registry: { remotes: { mf_site: { ...LIVE_SITE, available } } }, manifests: {} }))
  window.history.replaceState(null, '', '/aboutUs?mf=mf_site@old-site')
  expect(await loadedVersions({ versionOverrides: false })).toMatchObject({ mf_site: 'live-site' })
  expect(window.location.search).toBe('')
})

test('?mf= pins an available version when the settings allow overrides', async () => {
  const available = ['old-site', 'live-site']
  inline(JSON.stringify({ registry: { remotes: { mf_site: { ...LIVE_SITE, available } } }, manifests: {} }))
  window.history.replaceState(null, '', '/aboutUs?mf=mf_site@old-site')
  expect(await loadedVersions()).toMatchObject({ mf_site: 'old-site' })
  expect(window.location.search).toBe('')
})
