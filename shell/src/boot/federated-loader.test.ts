import { afterEach, expect, test } from 'vitest'
import { readPreload } from './federated-loader'

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
