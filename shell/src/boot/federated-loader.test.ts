import { afterEach, expect, test, vi } from 'vitest'
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

afterEach(() => document.getElementById('mf-preload')?.remove())

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
  const loader = await createFederatedLoader(window)
  // A shell-only page (the test page) stops here: no runtime.
  expect(host.evaluated).toBe(0)
  const loaded = await loader.load('mf_site')
  expect(loaded.version).toBe('1')
  expect(host.evaluated).toBe(1)
  expect(host.registered).toEqual([
    { name: 'mf_site', entry: `${window.location.origin}/remotes/mf-site/1/remoteEntry.js`, type: 'module' },
  ])
})
