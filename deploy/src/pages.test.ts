import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { injectPreload, routePreload } from './pages'
import type { RegistryDoc } from './registry-file'

let cdn: string
const REGISTRY: RegistryDoc = {
  remotes: {
    mf_site: {
      version: '1.0.0-abc',
      entry: '/remotes/mf-site/1.0.0-abc/mf-manifest.json',
      previous: null,
      available: ['1.0.0-abc'],
    },
  },
}

beforeEach(() => {
  cdn = mkdtempSync(join(tmpdir(), 'pages-'))
  mkdirSync(join(cdn, 'mf-site', '1.0.0-abc'), { recursive: true })
  writeFileSync(
    join(cdn, 'mf-site', '1.0.0-abc', 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          path: './app',
          assets: {
            js: { sync: ['assets/app.js', 'assets/site.js'], async: ['assets/react.js'] },
            css: { sync: ['assets/site.css'] },
          },
        },
      ],
    }),
  )
})
afterEach(() => rmSync(cdn, { recursive: true, force: true }))

test("an app route preloads its remote's entry, chunks and CSS from the current release", () => {
  const { tags, inline } = routePreload('/aboutUs', REGISTRY, cdn)
  const base = '/remotes/mf-site/1.0.0-abc/'
  expect(tags).toEqual([
    `<link rel="modulepreload" crossorigin href="${base}remoteEntry.js">`,
    `<link rel="modulepreload" crossorigin href="${base}assets/app.js">`,
    `<link rel="modulepreload" crossorigin href="${base}assets/site.js">`,
    `<link rel="modulepreload" crossorigin href="${base}assets/react.js">`,
    `<link rel="preload" as="style" crossorigin href="${base}assets/site.css">`,
  ])
  expect(inline.registry).toBe(REGISTRY)
  expect(Object.keys(inline.manifests)).toEqual([`${base}mf-manifest.json`])
})

test('routes of the shell, unknown routes, unreleased remotes and a broken manifest preload nothing', () => {
  expect(routePreload('/testPreview', REGISTRY, cdn).tags).toEqual([])
  expect(routePreload('/nope', REGISTRY, cdn).tags).toEqual([])
  expect(routePreload('/complaint', REGISTRY, cdn).tags).toEqual([])
  writeFileSync(join(cdn, 'mf-site', '1.0.0-abc', 'mf-manifest.json'), '{not json')
  const broken = routePreload('/aboutUs', REGISTRY, cdn)
  expect(broken.tags).toEqual([])
  expect(broken.inline.manifests).toEqual({})
})

test('the inline block cannot close its script element', () => {
  const html = injectPreload('<head></head>', {
    tags: ['<link rel="modulepreload" href="/x.js">'],
    inline: { registry: { remotes: {} }, manifests: { x: '</script><script>alert(1)</script>' } },
  })
  expect(html).toContain('<link rel="modulepreload" href="/x.js">')
  expect(html).not.toContain('</script><script>')
  const json = /id="mf-preload">(.*)<\/script>/.exec(html)![1]
  expect(JSON.parse(json).manifests.x).toBe('</script><script>alert(1)</script>')
})
