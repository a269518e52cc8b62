import type { RemoteApp } from 'shared/contract'
import { afterEach, expect, test, vi } from 'vitest'
import type { Registry } from 'shared/registry'
import {
  createRemoteLoader,
  RemoteNotReleasedError,
  RemoteUnavailableError,
  type LoaderOptions,
} from './remote-loader'
import type { FederationRuntime } from './load-stages'

type ManifestBehaviour = 'ok' | 'status-500' | 'reject' | 'hang' | 'not-json' | 'no-entry' | 'stalled-body'
type ModuleBehaviour = 'ok' | 'throw' | 'null' | 'no-lifecycles' | 'hang' | 'contract-2' | 'no-contract'

interface Behaviour {
  manifest?: ManifestBehaviour
  module?: ModuleBehaviour
  /** `metaData.remoteEntry.path` in the manifest. */
  path?: string
}

const ORIGIN = window.location.origin

function registryOf(
  entries: Record<string, { current: string; previous?: string; available?: string[] }>,
): Registry {
  const remotes: Registry['remotes'] = {}
  for (const [name, { current, previous, available }] of Object.entries(entries)) {
    remotes[name] = {
      version: current,
      entry: `/remotes/${name}/${current}/mf-manifest.json`,
      previous: previous
        ? { version: previous, entry: `/remotes/${name}/${previous}/mf-manifest.json` }
        : null,
      available: available ?? [previous, current].filter((v): v is string => Boolean(v)),
    }
  }
  return { remotes }
}

function fakeApp(version: string, contract = '1.0.0'): RemoteApp & { builtFrom: string } {
  const noop = async () => undefined
  return { builtFrom: version, contract, bootstrap: noop, mount: noop, unmount: noop, update: noop }
}

const never = <T>() => new Promise<T>(() => undefined)

/**
 * A fake CDN (fetch) and federation runtime. Behaviour is chosen per version (the folder in the URL);
 * each fetch costs 10 ms and each module load 5 ms on the injected clock.
 */
function setup(
  registry: Registry,
  behaviours: Record<string, Behaviour> = {},
  options: Partial<LoaderOptions> = {},
) {
  let clock = 0
  const fetches: { url: string; cache: RequestCache | undefined }[] = []
  const registered: { name: string; entry: string }[] = []
  const lastEntry = new Map<string, string>()
  // /remotes/<remote>/<version>/…
  const versionIn = (url: string) => /\/remotes\/[^/]+\/([^/]+)\//.exec(new URL(url).pathname)?.[1] ?? ''
  const behaviourOf = (version: string) => behaviours[version] ?? {}

  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input)
    fetches.push({ url, cache: init?.cache })
    clock += 10
    const { manifest = 'ok', path = '' } = behaviourOf(versionIn(url))
    switch (manifest) {
      case 'status-500':
        return new Response('<h1>500</h1>', { status: 500 })
      case 'reject':
        throw new TypeError('Failed to fetch')
      case 'hang':
        return never()
      case 'not-json':
        return new Response('<html>not a manifest</html>', { status: 200 })
      case 'no-entry':
        return Response.json({ metaData: { name: 'x' } })
      case 'stalled-body':
        return { ok: true, status: 200, json: () => never() } as unknown as Response
      default:
        return Response.json({
          id: 'x',
          metaData: { remoteEntry: { name: 'remoteEntry.js', path, type: 'module' } },
        })
    }
  })

  const runtime: FederationRuntime = {
    registerRemotes: vi.fn((remotes: { name: string; entry: string; type: 'module' }[]) => {
      for (const { name, entry } of remotes) {
        registered.push({ name, entry })
        lastEntry.set(name, entry)
      }
    }),
    loadRemote: vi.fn(async <T>(id: string): Promise<T | null> => {
      clock += 5
      const name = id.split('/')[0]
      const version = versionIn(lastEntry.get(name) ?? 'http://x/')
      switch (behaviourOf(version).module ?? 'ok') {
        case 'throw':
          throw new Error('Failed to fetch dynamically imported module')
        case 'null':
          return null
        case 'no-lifecycles':
          return { contract: '1.0.0', default: {} } as T
        case 'hang':
          return never()
        case 'contract-2':
          return fakeApp(version, '2.0.0') as T
        case 'no-contract':
          return { ...fakeApp(version), contract: undefined } as T
        default:
          return fakeApp(version) as T
      }
    }) as FederationRuntime['loadRemote'],
  }

  const onRecord = vi.fn()
  const onFallback = vi.fn()
  const loader = createRemoteLoader({
    registry: () => registry,
    runtime,
    fetchFn,
    now: () => clock,
    onRecord,
    onFallback,
    ...options,
  })
  return { loader, fetches, registered, runtime, onRecord, onFallback }
}

const LOAN = registryOf({ mf_loan: { current: '2.0.0', previous: '1.9.0' } })

afterEach(() => {
  vi.restoreAllMocks()
  document.head.querySelectorAll('base').forEach((base) => base.remove())
})

test('loads the current version: manifest, then the entry it names, then the module', async () => {
  const { loader, fetches, registered, runtime, onRecord, onFallback } = setup(LOAN)
  const loaded = await loader.load('mf_loan')

  expect(loaded.version).toBe('2.0.0')
  expect(loaded.fellBackFrom).toBeNull()
  expect(loaded.app).toMatchObject({ builtFrom: '2.0.0', contract: '1.0.0' })
  expect(fetches).toEqual([{ url: `${ORIGIN}/remotes/mf_loan/2.0.0/mf-manifest.json`, cache: 'default' }])
  expect(registered).toEqual([{ name: 'mf_loan', entry: `${ORIGIN}/remotes/mf_loan/2.0.0/remoteEntry.js` }])
  expect(runtime.registerRemotes).toHaveBeenCalledWith(
    [{ name: 'mf_loan', entry: `${ORIGIN}/remotes/mf_loan/2.0.0/remoteEntry.js`, type: 'module' }],
    { force: true },
  )
  expect(runtime.loadRemote).toHaveBeenCalledWith('mf_loan/app')
  const ready = {
    remote: 'mf_loan',
    version: '2.0.0',
    stage: 'ready',
    ok: true,
    durationMs: 15,
    at: expect.any(Number),
    // Each stage's share of the 15 ms (the fake clock moves 5 ms per read).
    phases: { manifest: 10, entry: 5, contract: 0 },
  }
  expect(loader.records()).toEqual([ready])
  expect(onRecord).toHaveBeenCalledWith(ready)
  expect(onFallback).not.toHaveBeenCalled()
})

test('the entry is resolved against the manifest, under the path the manifest gives', async () => {
  const { loader, registered } = setup(LOAN, { '2.0.0': { path: 'static/js' } })
  await loader.load('mf_loan')
  expect(registered[0].entry).toBe(`${ORIGIN}/remotes/mf_loan/2.0.0/static/js/remoteEntry.js`)
})

test.each<[string, Behaviour, string]>([
  ['the manifest answers 500', { manifest: 'status-500' }, 'manifest'],
  ['the manifest fetch rejects', { manifest: 'reject' }, 'manifest'],
  ['the manifest is not JSON', { manifest: 'not-json' }, 'manifest'],
  ['the manifest names no remote entry', { manifest: 'no-entry' }, 'manifest'],
  ['loadRemote throws', { module: 'throw' }, 'entry'],
  ['loadRemote returns nothing', { module: 'null' }, 'entry'],
  ['the module lacks the single-spa lifecycles', { module: 'no-lifecycles' }, 'entry'],
  ['the contract major differs', { module: 'contract-2' }, 'contract'],
  ['the module has no contract', { module: 'no-contract' }, 'contract'],
])('falls back to the previous version when %s', async (_name, behaviour, stage) => {
  const { loader, onFallback } = setup(LOAN, { '2.0.0': behaviour })
  const loaded = await loader.load('mf_loan')

  expect(loaded.version).toBe('1.9.0')
  expect(loaded.fellBackFrom).toBe('2.0.0')
  expect(loaded.app).toMatchObject({ builtFrom: '1.9.0' })
  expect(onFallback).toHaveBeenCalledWith('mf_loan', '2.0.0', '1.9.0')
  expect(loader.records()).toEqual([
    {
      remote: 'mf_loan',
      version: '2.0.0',
      stage,
      ok: false,
      durationMs: expect.any(Number),
      error: expect.any(String),
      at: expect.any(Number),
    },
    {
      remote: 'mf_loan',
      version: '1.9.0',
      stage: 'ready',
      ok: true,
      durationMs: 15,
      at: expect.any(Number),
      phases: { manifest: 10, entry: 5, contract: 0 },
    },
  ])
})

test.each<[string, Behaviour, string]>([
  ['the manifest', { manifest: 'hang' }, 'manifest'],
  ['the module', { module: 'hang' }, 'entry'],
])('falls back when %s hangs past timeoutMs', async (_name, behaviour, stage) => {
  const { loader, onFallback } = setup(LOAN, { '2.0.0': behaviour }, { timeoutMs: 40 })
  const loaded = await loader.load('mf_loan')
  expect(loaded.version).toBe('1.9.0')
  expect(onFallback).toHaveBeenCalledWith('mf_loan', '2.0.0', '1.9.0')
  expect(loader.records()[0]).toMatchObject({
    version: '2.0.0',
    stage,
    ok: false,
    error: expect.stringMatching(/^timed out after \d+ ms$/),
  })
})

test('records how long each attempt took', async () => {
  const { loader } = setup(LOAN, { '2.0.0': { manifest: 'status-500' } })
  await loader.load('mf_loan')
  // The failed manifest fetch cost 10 ms; the fallback's fetch and module 15 ms.
  expect(loader.records().map((r) => [r.version, r.stage, r.ok, r.durationMs])).toEqual([
    ['2.0.0', 'manifest', false, 10],
    ['1.9.0', 'ready', true, 15],
  ])
  expect(loader.records()[0].error).toBe('manifest answered 500')
})

test('rejects with RemoteUnavailableError when the previous version fails too', async () => {
  const { loader, onFallback } = setup(LOAN, {
    '2.0.0': { module: 'throw' },
    '1.9.0': { manifest: 'status-500' },
  })
  const error = await loader.load('mf_loan').then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(RemoteUnavailableError)
  // Released but not loadable: the borrower gets 'try again', not 'not available yet'.
  expect(error).not.toBeInstanceOf(RemoteNotReleasedError)
  const unavailable = error as RemoteUnavailableError
  expect(unavailable.remote).toBe('mf_loan')
  expect(unavailable.message).toBe('mf_loan could not be loaded')
  expect(unavailable.records.map((r) => [r.version, r.stage, r.ok])).toEqual([
    ['2.0.0', 'entry', false],
    ['1.9.0', 'manifest', false],
  ])
  expect(onFallback).not.toHaveBeenCalled()
})

test('rejects when the current version fails and there is no previous one', async () => {
  const { loader, fetches } = setup(registryOf({ mf_site: { current: '1.0.0' } }), {
    '1.0.0': { manifest: 'reject' },
  })
  await expect(loader.load('mf_site')).rejects.toBeInstanceOf(RemoteUnavailableError)
  expect(fetches).toHaveLength(1)
})

test('a load after a failed one busts caches: ?r=1 on the manifest and the entry, then ?r=2', async () => {
  const behaviours: Record<string, Behaviour> = {
    '2.0.0': { manifest: 'status-500' },
    '1.9.0': { module: 'throw' },
  }
  const { loader, fetches, registered } = setup(LOAN, behaviours)
  await expect(loader.load('mf_loan')).rejects.toBeInstanceOf(RemoteUnavailableError)
  expect(fetches.map((f) => f.url)).toEqual([
    `${ORIGIN}/remotes/mf_loan/2.0.0/mf-manifest.json`,
    `${ORIGIN}/remotes/mf_loan/1.9.0/mf-manifest.json`,
  ])
  expect(registered.map((r) => r.entry)).toEqual([`${ORIGIN}/remotes/mf_loan/1.9.0/remoteEntry.js`])

  // The CDN recovers.
  behaviours['2.0.0'] = {}
  const loaded = await loader.load('mf_loan')
  expect(loaded.version).toBe('2.0.0')
  expect(fetches[2]).toEqual({ url: `${ORIGIN}/remotes/mf_loan/2.0.0/mf-manifest.json?r=1`, cache: 'reload' })
  expect(registered[1].entry).toBe(`${ORIGIN}/remotes/mf_loan/2.0.0/remoteEntry.js?r=1`)
})

test('every further failed load raises the cache-busting counter', async () => {
  const { loader, fetches } = setup(registryOf({ mf_site: { current: '1.0.0' } }), {
    '1.0.0': { manifest: 'status-500' },
  })
  for (let i = 0; i < 3; i++) await loader.load('mf_site').catch(() => undefined)
  expect(fetches.map((f) => new URL(f.url).search)).toEqual(['', '?r=1', '?r=2'])
})

test('a successful load is cached: later and concurrent loads make no new request', async () => {
  const { loader, fetches, runtime } = setup(LOAN)
  const [a, b] = await Promise.all([loader.load('mf_loan'), loader.load('mf_loan')])
  const c = await loader.load('mf_loan')
  expect(b).toBe(a)
  expect(c).toBe(a)
  expect(fetches).toHaveLength(1)
  expect(runtime.loadRemote).toHaveBeenCalledTimes(1)
  expect(loader.records()).toHaveLength(1)
})

test('each remote is loaded on its own', async () => {
  const registry = registryOf({ mf_loan: { current: '2.0.0' }, mf_site: { current: '1.0.0' } })
  const { loader } = setup(registry, { '1.0.0': { manifest: 'status-500' } })
  await expect(loader.load('mf_site')).rejects.toBeInstanceOf(RemoteUnavailableError)
  await expect(loader.load('mf_loan')).resolves.toMatchObject({ version: '2.0.0' })
})

test('a QA override loads a version listed in available, and only that version', async () => {
  const registry = registryOf({
    mf_loan: { current: '2.0.0', previous: '1.9.0', available: ['1.8.0', '1.9.0', '2.0.0'] },
  })
  const { loader, fetches } = setup(registry, {}, { overrides: { mf_loan: '1.8.0' } })
  const loaded = await loader.load('mf_loan')
  expect(loaded.version).toBe('1.8.0')
  expect(loaded.app).toMatchObject({ builtFrom: '1.8.0' })
  expect(fetches.map((f) => f.url)).toEqual([`${ORIGIN}/remotes/mf_loan/1.8.0/mf-manifest.json`])
})

test('a QA override for a version that is not available is ignored', async () => {
  const { loader, fetches } = setup(LOAN, {}, { overrides: { mf_loan: '0.0.1-evil' } })
  const loaded = await loader.load('mf_loan')
  expect(loaded.version).toBe('2.0.0')
  expect(fetches.map((f) => f.url)).toEqual([`${ORIGIN}/remotes/mf_loan/2.0.0/mf-manifest.json`])
})

test('a QA override applies only to its own remote', async () => {
  const registry = registryOf({
    mf_loan: { current: '2.0.0', available: ['1.0.0', '2.0.0'] },
    mf_site: { current: '3.0.0', available: ['1.0.0', '3.0.0'] },
  })
  const { loader } = setup(registry, {}, { overrides: { mf_loan: '1.0.0' } })
  await expect(loader.load('mf_site')).resolves.toMatchObject({ version: '3.0.0' })
  await expect(loader.load('mf_loan')).resolves.toMatchObject({ version: '1.0.0' })
})

test('a remote missing from the registry is not released yet, and fails without fetching anything', async () => {
  const { loader, fetches, runtime } = setup(LOAN)
  const error = await loader.load('mf_repay').catch((e: unknown) => e)
  expect(error).toBeInstanceOf(RemoteNotReleasedError)
  expect((error as RemoteUnavailableError).records).toEqual([
    {
      remote: 'mf_repay',
      version: '-',
      stage: 'registry',
      ok: false,
      durationMs: 0,
      error: 'not in the registry',
      at: expect.any(Number),
    },
  ])
  expect(fetches).toEqual([])
  expect(runtime.registerRemotes).not.toHaveBeenCalled()
})

test('a registry that cannot be had fails the load as unavailable, fetching nothing; the next load asks again', async () => {
  const registry = vi
    .fn<() => Promise<Registry>>()
    .mockRejectedValueOnce(new Error('/registry.json could not be read'))
    .mockResolvedValueOnce(LOAN)
  const { loader, fetches, runtime } = setup(LOAN, {}, { registry })
  const error = await loader.load('mf_loan').catch((e: unknown) => e)
  expect(error).toBeInstanceOf(RemoteUnavailableError)
  expect(error).not.toBeInstanceOf(RemoteNotReleasedError)
  expect((error as RemoteUnavailableError).records).toEqual([
    expect.objectContaining({
      remote: 'mf_loan',
      version: '-',
      stage: 'registry',
      ok: false,
      error: '/registry.json could not be read',
    }),
  ])
  expect(fetches).toEqual([])
  expect(runtime.registerRemotes).not.toHaveBeenCalled()
  expect(loader.needsReload('mf_loan')).toBe(false)
  await expect(loader.load('mf_loan')).resolves.toMatchObject({ version: '2.0.0' })
  expect(registry).toHaveBeenCalledTimes(2)
})

test('the registry is read when a remote is loaded, not when the loader is made', async () => {
  let registry: Registry = { remotes: {} }
  const { loader } = setup(LOAN, {}, { registry: () => registry })
  registry = LOAN
  await expect(loader.load('mf_loan')).resolves.toMatchObject({ version: '2.0.0' })
})
// registry entry relative to the page (allowed: the first attempt resolves it against document.baseURI)
// turns root-relative on a retry, and the retry fetches a different URL than the first attempt.
test('a retry keeps a page-relative entry under the document base', async () => {
  const base = document.createElement('base')
  base.href = `${ORIGIN}/app/`
  document.head.append(base)
  const registry: Registry = {
    remotes: {
      mf_site: {
        version: '1.0.0',
        entry: 'remotes/mf_site/1.0.0/mf-manifest.json',
        previous: null,
        available: [],
      },
    },
  }
  const behaviours: Record<string, Behaviour> = { '1.0.0': { manifest: 'status-500' } }
  const { loader, fetches } = setup(registry, behaviours)
  await loader.load('mf_site').catch(() => undefined)
  behaviours['1.0.0'] = {}
  await loader.load('mf_site').catch(() => undefined)
  expect(fetches.map((f) => f.url)).toEqual([
    `${ORIGIN}/app/remotes/mf_site/1.0.0/mf-manifest.json`,
    `${ORIGIN}/app/remotes/mf_site/1.0.0/mf-manifest.json?r=1`,
  ])
})
// that sends headers and then stalls hangs the route instead of falling back to the previous version.
test('falls back when the manifest body stalls past timeoutMs', async () => {
  const { loader } = setup(LOAN, { '2.0.0': { manifest: 'stalled-body' } }, { timeoutMs: 40 })
  const outcome = await Promise.race([
    loader.load('mf_loan').then((loaded) => loaded.version),
    new Promise((resolve) => setTimeout(() => resolve('still loading after 500 ms'), 500)),
  ])
  expect(outcome).toBe('1.9.0')
})

test('when both versions hang, the route gives up after twice the no-progress limit', async () => {
  const { loader } = setup(
    LOAN,
    { '2.0.0': { manifest: 'hang' }, '1.9.0': { module: 'hang' } },
    { timeoutMs: 100, watchActivity: () => () => undefined },
  )
  const started = performance.now()
  await expect(loader.load('mf_loan')).rejects.toBeInstanceOf(RemoteUnavailableError)
  expect(performance.now() - started).toBeLessThan(1000)
  expect(loader.records().map((r) => [r.version, r.stage, r.error])).toEqual([
    ['2.0.0', 'manifest', 'timed out after 100 ms'],
    ['1.9.0', 'entry', 'timed out after 100 ms'],
  ])
})

test('a slow remote that keeps delivering files is not hung', async () => {
  let ping: (() => void) | null = null
  const watched: string[] = []
  const app = fakeApp('2.0.0')
  const loader = createRemoteLoader({
    registry: () => LOAN,
    timeoutMs: 100,
    watchActivity: (prefix, onActivity) => {
      watched.push(prefix)
      ping = onActivity
      return () => (ping = null)
    },
    fetchFn: async () => Response.json({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
    runtime: {
      registerRemotes: () => undefined,
      // 400 ms in all, a file arriving every 50 ms: four times the no-progress limit, never idle for it.
      loadRemote: <T>() =>
        new Promise<T | null>((resolve) => {
          const timer = setInterval(() => ping?.(), 50)
          setTimeout(() => {
            clearInterval(timer)
            resolve(app as T)
          }, 400)
        }),
    },
  })
  const loaded = await loader.load('mf_loan')
  expect(loaded.version).toBe('2.0.0')
  expect(watched[0]).toMatch(/\/remotes\/mf_loan\/2\.0\.0\/$/)
})

test('a slow remote is still cut off at maxMs', async () => {
  const { loader } = setup(
    registryOf({ mf_loan: { current: '2.0.0' } }),
    { '2.0.0': { module: 'hang' } },
    {
      timeoutMs: 50,
      maxMs: 150,
      watchActivity: (_prefix, onActivity) => {
        const timer = setInterval(onActivity, 10)
        return () => clearInterval(timer)
      },
    },
  )
  await expect(loader.load('mf_loan')).rejects.toBeInstanceOf(RemoteUnavailableError)
  expect(loader.records()[0].error).toBe('timed out after 150 ms')
})

test('a manifest the page carries inline is used without fetching it', async () => {
  const registry = registryOf({ mf_loan: { current: '2.0.0' } })
  const entry = registry.remotes.mf_loan.entry
  const { loader, fetches, registered } = setup(
    registry,
    {},
    {
      manifests: { [entry]: { metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } } },
    },
  )
  const first = await loader.load('mf_loan')
  expect(first.version).toBe('2.0.0')
  expect(fetches).toEqual([])
  expect(registered[0].entry).toMatch(/\/remotes\/mf_loan\/2\.0\.0\/remoteEntry\.js$/)
})

test('a failed load that used the page-preloaded files asks for a page reload; a fetched one does not', async () => {
  const registry = registryOf({ mf_loan: { current: '2.0.0' }, mf_repay: { current: '1.0.0' } })
  const { loader } = setup(
    registry,
    { '2.0.0': { module: 'throw' }, '1.0.0': { module: 'throw' } },
    {
      manifests: {
        [registry.remotes.mf_loan.entry]: { metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } },
      },
    },
  )
  await expect(loader.load('mf_loan')).rejects.toBeInstanceOf(RemoteUnavailableError)
  await expect(loader.load('mf_repay')).rejects.toBeInstanceOf(RemoteUnavailableError)
  expect(loader.needsReload('mf_loan')).toBe(true)
  expect(loader.needsReload('mf_repay')).toBe(false)
})

test('the runtime is ready only after registerRemotes resolves: the module is loaded after it', async () => {
  const order: string[] = []
  const loader = createRemoteLoader({
    registry: () => LOAN,
    fetchFn: async () => Response.json({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
    runtime: {
      registerRemotes: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20))
        order.push('registered')
      },
      loadRemote: async <T>() => {
        order.push('loadRemote')
        return fakeApp('2.0.0') as T
      },
    },
  })
  expect((await loader.load('mf_loan')).version).toBe('2.0.0')
  expect(order).toEqual(['registered', 'loadRemote'])
})

test('a runtime that never becomes ready fails the entry stage after the no-progress limit', async () => {
  const loader = createRemoteLoader({
    registry: () => registryOf({ mf_loan: { current: '2.0.0' } }),
    timeoutMs: 50,
    watchActivity: () => () => undefined,
    fetchFn: async () => Response.json({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
    runtime: { registerRemotes: () => never(), loadRemote: () => never() },
  })
  await expect(loader.load('mf_loan')).rejects.toBeInstanceOf(RemoteUnavailableError)
  expect(loader.records().map((r) => [r.stage, r.error])).toEqual([['entry', 'timed out after 50 ms']])
})

test("a remote that failed because the runtime's own code did not load asks for a page reload", async () => {
  let runtimeFailed = false
  const loader = createRemoteLoader({
    registry: () => registryOf({ mf_loan: { current: '2.0.0' } }),
    fetchFn: async () => Response.json({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
    runtime: {
      registerRemotes: async () => {
        runtimeFailed = true
        throw new TypeError('Failed to fetch dynamically imported module')
      },
      loadRemote: () => never(),
      failed: () => runtimeFailed,
    },
  })
  expect(loader.needsReload('mf_loan')).toBe(false)
  await expect(loader.load('mf_loan')).rejects.toBeInstanceOf(RemoteUnavailableError)
  expect(loader.records()[0]).toMatchObject({
    stage: 'entry',
    error: 'Failed to fetch dynamically imported module',
  })
  expect(loader.needsReload('mf_loan')).toBe(true)
})

test('the runtime starts loading with the manifest, not after it; a remote not in the registry needs none', async () => {
  const events: string[] = []
  const loader = createRemoteLoader({
    registry: () => LOAN,
    fetchFn: async () => {
      events.push('manifest')
      return Response.json({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } })
    },
    runtime: {
      ready: async () => void events.push('runtime'),
      registerRemotes: () => undefined,
      loadRemote: async <T>() => fakeApp('2.0.0') as T,
    },
  })
  await loader.load('mf_loan')
  expect(events).toEqual(['runtime', 'manifest'])
  await expect(loader.load('mf_nope')).rejects.toBeInstanceOf(RemoteUnavailableError)
  expect(events).toEqual(['runtime', 'manifest'])
})

const MANIFEST_FETCH = async () =>
  Response.json({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } })

test("a slow runtime download is not counted against the remote's no-progress timer: no fallback", async () => {
  const registered: string[] = []
  const loader = createRemoteLoader({
    registry: () => registryOf({ mf_loan: { current: '2.0.0', previous: '1.0.0' } }),
    timeoutMs: 30,
    watchActivity: () => () => undefined,
    fetchFn: MANIFEST_FETCH,
    runtime: {
      ready: () => new Promise((resolve) => setTimeout(resolve, 100)),
      registerRemotes: ([remote]) => void registered.push(remote.entry),
      loadRemote: async <T>() => fakeApp('2.0.0') as T,
    },
  })
  const loaded = await loader.load('mf_loan')
  expect([loaded.version, loaded.fellBackFrom]).toEqual(['2.0.0', null])
  expect(registered).toHaveLength(1)
  expect(loader.records().map((r) => [r.version, r.stage, r.ok])).toEqual([['2.0.0', 'ready', true]])
})

test('a runtime that cannot load fails the route at the runtime stage, without blaming or trying another version', async () => {
  const registerRemotes = vi.fn()
  const loader = createRemoteLoader({
    registry: () => registryOf({ mf_loan: { current: '2.0.0', previous: '1.0.0' } }),
    fetchFn: MANIFEST_FETCH,
    runtime: {
      ready: async () => {
        throw new TypeError('Failed to fetch dynamically imported module')
      },
      registerRemotes,
      loadRemote: () => never(),
      failed: () => true,
    },
  })
  await expect(loader.load('mf_loan')).rejects.toBeInstanceOf(RemoteUnavailableError)
  expect(loader.records().map((r) => [r.version, r.stage, r.error])).toEqual([
    ['2.0.0', 'runtime', 'Failed to fetch dynamically imported module'],
  ])
  expect(registerRemotes).not.toHaveBeenCalled()
  expect(loader.needsReload('mf_loan')).toBe(true)
})
