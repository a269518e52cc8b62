import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createHash } from 'node:crypto'
import { injectPreload, routePreload, scriptHash } from './page-preloads'
import type { RegistryDoc } from '../registry-file'

let cdn: string
const REGISTRY: RegistryDoc = {
  remotes: {
    mf_site: {
      version: '1.0.0-abc',
      entry: '/remotes/mf-site/1.0.0-abc/mf-manifest.json',
      previous: null,
      available: ['1.0.0-abc'],
    },
    mf_complaint: {
      version: '2.0.0-def',
      entry: '/remotes/mf-complaint/2.0.0-def/mf-manifest.json',
      previous: null,
      available: ['2.0.0-def'],
    },
  },
}

let shellDir: string
const SHELL_INDEX = '<head><script type="module" crossorigin src="/assets/index-1.js"></script></head>'

beforeEach(() => {
  cdn = mkdtempSync(join(tmpdir(), 'pages-'))
  mkdirSync(join(cdn, 'mf-site', '1.0.0-abc', 'assets'), { recursive: true })
  const files: Record<string, string> = {
    'remoteEntry.js': 'import{a}from"./assets/runtime.js";const x=()=>import(`./assets/app.js`)',
    'assets/runtime.js': 'export const a=1',
    'assets/app.js': 'import{s}from"./shared.js";import"./site.js";export default 1',
    'assets/site.js': 'import { s } from "./shared.js"; export * from "../../outside.js"',
    'assets/shared.js': 'export const s=()=>import("./react.js")',
    'assets/react.js': 'export default {}',
  }
  for (const [name, text] of Object.entries(files))
    writeFileSync(join(cdn, 'mf-site', '1.0.0-abc', name), text)
  shellDir = mkdtempSync(join(tmpdir(), 'shell-'))
  mkdirSync(join(shellDir, '.vite'))
  writeFileSync(
    join(shellDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', imports: ['_vendor.js'] },
      '_vendor.js': { file: 'assets/vendor-2.js' },
      'src/screens/test-preview/test-preview-screen.tsx': {
        file: 'assets/test-preview-3.js',
        imports: ['index.html', '_photo.js'],
        css: ['assets/test-preview-4.css'],
      },
      '_photo.js': { file: 'assets/photo-5.js', imports: ['_vendor.js'] },
      'src/remote/federation-host.ts': { file: 'assets/federation-host-6.js', imports: ['_vendor.js'] },
    }),
  )
  writeFileSync(
    join(cdn, 'mf-site', '1.0.0-abc', 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          path: './app',
          assets: {
            js: { sync: ['assets/app.js', 'assets/site.js'], async: ['assets/react.js', 'assets/shared.js'] },
            css: { sync: ['assets/site.css'] },
          },
        },
      ],
    }),
  )
})
afterEach(() => {
  rmSync(cdn, { recursive: true, force: true })
  rmSync(shellDir, { recursive: true, force: true })
})

test("an app route preloads its remote's entry, chunks, their static imports and CSS from the current release", () => {
  const { tags, inline } = routePreload('/aboutUs', { registry: REGISTRY, cdnDir: cdn })
  const base = '/remotes/mf-site/1.0.0-abc/'
  // react.js is reached only through import() (a fallback the shell's React replaces): not preloaded.
  expect(tags).toEqual([
    `<link rel="modulepreload" crossorigin href="${base}remoteEntry.js">`,
    `<link rel="modulepreload" crossorigin href="${base}assets/runtime.js">`,
    `<link rel="modulepreload" crossorigin href="${base}assets/app.js">`,
    `<link rel="modulepreload" crossorigin href="${base}assets/shared.js">`,
    `<link rel="modulepreload" crossorigin href="${base}assets/site.js">`,
    `<link rel="preload" as="style" crossorigin href="${base}assets/site.css">`,
  ])
  // Its own remote's entry only: a release of another remote leaves this page as it is.
  expect(inline.registry).toEqual({ remotes: { mf_site: REGISTRY.remotes.mf_site } })
  expect(Object.keys(inline.manifests)).toEqual([`${base}mf-manifest.json`])
})

test('a page without a route remote, or whose remote the registry lacks, carries no registry', () => {
  expect(routePreload('/testPreview', { registry: REGISTRY, cdnDir: cdn }).inline.registry).toBeNull()
  expect(routePreload('/nowhere', { registry: REGISTRY, cdnDir: cdn }).inline.registry).toBeNull()
  const siteOnly = { remotes: { mf_site: REGISTRY.remotes.mf_site } }
  expect(routePreload('/complaint', { registry: siteOnly, cdnDir: cdn }).inline.registry).toBeNull()
})

test("the monolithic benchmark build preloads its own chunk of the route's screens, as the fair baseline", () => {
  writeFileSync(
    join(shellDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', imports: ['_vendor.js'] },
      '_vendor.js': { file: 'assets/vendor-2.js' },
      '../../../mf-site/src/app/app.tsx': {
        file: 'assets/app-7.js',
        imports: ['_vendor.js', '_format.js'],
        css: ['assets/app-8.css'],
      },
      '_format.js': { file: 'assets/format-9.js' },
    }),
  )
  const input = { registry: REGISTRY, cdnDir: cdn, shellDir, indexHtml: SHELL_INDEX, remoteChain: false }
  expect(routePreload('/aboutUs', input).tags).toEqual([
    '<link rel="modulepreload" crossorigin href="/assets/app-7.js">',
    '<link rel="modulepreload" crossorigin href="/assets/vendor-2.js">',
    '<link rel="modulepreload" crossorigin href="/assets/format-9.js">',
    '<link rel="preload" as="style" crossorigin href="/assets/app-8.css">',
  ])
})

test("the test page preloads its lazily loaded chunks and CSS from the shell's manifest, not what index.html loads", () => {
  const input = { registry: REGISTRY, cdnDir: cdn, shellDir, indexHtml: SHELL_INDEX }
  expect(routePreload('/testPreview', input).tags).toEqual([
    '<link rel="modulepreload" crossorigin href="/assets/test-preview-3.js">',
    '<link rel="modulepreload" crossorigin href="/assets/vendor-2.js">',
    '<link rel="modulepreload" crossorigin href="/assets/photo-5.js">',
    '<link rel="preload" as="style" crossorigin href="/assets/test-preview-4.css">',
  ])
  expect(routePreload('/nope', input).tags).toEqual([])
  rmSync(join(shellDir, '.vite'), { recursive: true })
  expect(routePreload('/testPreview', input).tags).toEqual([])
})

test("an app route also preloads the shell's federation runtime chunk; index.html and shell-only routes do not", () => {
  const input = { registry: REGISTRY, cdnDir: cdn, shellDir, indexHtml: SHELL_INDEX }
  const tags = routePreload('/aboutUs', input).tags
  // vendor-2.js is not in this index.html, so it comes with the runtime chunk that imports it.
  expect(tags.slice(0, 2)).toEqual([
    '<link rel="modulepreload" crossorigin href="/assets/federation-host-6.js">',
    '<link rel="modulepreload" crossorigin href="/assets/vendor-2.js">',
  ])
  expect(tags.slice(2)).toEqual(routePreload('/aboutUs', { registry: REGISTRY, cdnDir: cdn }).tags)
  const withVendor = SHELL_INDEX.replace(
    '</head>',
    '<link rel="modulepreload" href="/assets/vendor-2.js"></head>',
  )
  expect(routePreload('/aboutUs', { ...input, indexHtml: withVendor }).tags[1]).not.toContain('vendor-2.js')
  expect(routePreload('/testPreview', input).tags.join()).not.toContain('federation-host')
  // A route whose remote cannot load (not released, broken manifest) never needs the runtime either.
  expect(routePreload('/complaint', input).tags).toEqual([])
})

test('unknown routes, unreleased remotes and a broken manifest preload nothing', () => {
  const input = { registry: REGISTRY, cdnDir: cdn }
  expect(routePreload('/testPreview', input).tags).toEqual([])
  expect(routePreload('/nope', input).tags).toEqual([])
  expect(routePreload('/complaint', input).tags).toEqual([])
  writeFileSync(join(cdn, 'mf-site', '1.0.0-abc', 'mf-manifest.json'), '{not json')
  const broken = routePreload('/aboutUs', input)
  expect(broken.tags).toEqual([])
  expect(broken.inline.manifests).toEqual({})
})

test('the inline block cannot close its script element', () => {
  const { html } = injectPreload('<head></head>', {
    tags: ['<link rel="modulepreload" href="/x.js">'],
    inline: { registry: { remotes: {} }, manifests: { x: '</script><script>alert(1)</script>' } },
    firstCalls: [],
  })
  expect(html).toContain('<link rel="modulepreload" href="/x.js">')
  expect(html).not.toContain('</script><script>')
  const json = /id="mf-preload">(.*)<\/script>/.exec(html)![1]
  expect(JSON.parse(json).manifests.x).toBe('</script><script>alert(1)</script>')
})

const LIST_CALL = { method: 'POST', path: '/user-problem/problem-list', body: {} } as const

function declareFirstCalls(text: string) {
  writeFileSync(join(cdn, 'mf-site', '1.0.0-abc', 'first-calls.json'), text)
}

test("a route's first calls come from its remote's current release; malformed ones are dropped", () => {
  declareFirstCalls(
    JSON.stringify({
      '/aboutUs': [
        LIST_CALL,
        { method: 'DELETE', path: '/x' },
        { method: 'POST', path: '/y', body: { a: {} } },
      ],
      '/privacyPolicy': 'nonsense',
    }),
  )
  const input = { registry: REGISTRY, cdnDir: cdn }
  expect(routePreload('/aboutUs', input).firstCalls).toEqual([LIST_CALL])
  // The route's path, as the shell matches it (a trailing slash is the same route).
  expect(routePreload('/aboutUs/', input).firstCalls).toEqual([LIST_CALL])
  expect(routePreload('/privacyPolicy', input).firstCalls).toEqual([])
  expect(routePreload('/testPreview', input).firstCalls).toEqual([])
  // The monolithic benchmark build: the same calls, no remote chain.
  const monolith = routePreload('/aboutUs', { ...input, remoteChain: false })
  expect(monolith.firstCalls).toEqual([LIST_CALL])
  expect(monolith.tags).toEqual([])
  expect(monolith.inline.manifests).toEqual({})
  declareFirstCalls('{broken')
  expect(routePreload('/aboutUs', input).firstCalls).toEqual([])
})

const PAGE =
  '<head><script type="application/json" id="app-settings">{}</script>' +
  '<link rel="stylesheet" href="/assets/index.css"><script type="module" src="/assets/index.js"></script></head>'

test('first calls go in right after the settings, ahead of the stylesheets an inline script would wait for', () => {
  const preload = { tags: [], inline: { registry: { remotes: {} }, manifests: {} }, firstCalls: [LIST_CALL] }
  const inline = { script: 'console.log(1)', hash: scriptHash('console.log(1)') }
  const { html, scriptHashes } = injectPreload(PAGE, preload, inline)
  expect(scriptHashes).toEqual([inline.hash])
  const calls = html.indexOf('<script type="application/json" id="first-call">')
  const script = html.indexOf('<script>console.log(1)</script>')
  expect(calls).toBeGreaterThan(html.indexOf('id="app-settings"'))
  expect(script).toBeGreaterThan(calls)
  expect(script).toBeLessThan(html.indexOf('<link rel="stylesheet"'))
  expect(JSON.parse(/id="first-call">(.*?)<\/script>/.exec(html)![1])).toEqual([LIST_CALL])
  // No calls, no script, or a script that would end its own element: nothing is added, and nothing is left
  // for the CSP to allow.
  for (const page of [
    injectPreload(PAGE, { ...preload, firstCalls: [] }, inline),
    injectPreload(PAGE, preload),
    injectPreload(PAGE, preload, { script: 'a="</script>"', hash: scriptHash('a="</script>"') }),
  ]) {
    expect(page.html).not.toContain('first-call')
    expect(page.scriptHashes).toEqual([])
  }
})

test("the CSP hash is the script's SHA-256", () => {
  const digest = createHash('sha256').update('console.log(1)').digest('base64')
  expect(scriptHash('console.log(1)')).toBe(`'sha256-${digest}'`)
})

test('registry and manifest values arrive byte for byte: `$&` and friends are text, not replacement patterns', () => {
  const tricky = "$& $` $' $$ $1 </head>"
  const registry = { remotes: { mf_site: { ...REGISTRY.remotes.mf_site, version: tricky } } }
  const preload = { tags: [], inline: { registry, manifests: { x: tricky } }, firstCalls: [LIST_CALL] }
  const inline = { script: 'console.log(1)', hash: scriptHash('console.log(1)') }
  for (const page of ['<head></head>', PAGE]) {
    const { html } = injectPreload(page, preload, inline)
    expect(JSON.parse(/id="mf-preload">(.*?)<\/script>/.exec(html)![1])).toEqual(preload.inline)
    expect(html.match(/<\/head>/g)).toHaveLength(1)
  }
})

test('without a readable registry the page carries none, and app routes preload nothing', () => {
  const preload = routePreload('/aboutUs', { registry: null, cdnDir: cdn })
  expect(preload).toEqual({
    tags: [],
    inline: { registry: null, manifests: {} },
    firstCalls: [],
    firstFrame: null,
  })
  const { html } = injectPreload('<head></head>', preload)
  expect(JSON.parse(/id="mf-preload">(.*?)<\/script>/.exec(html)![1]).registry).toBeNull()
})

test('a registry entry that points outside the CDN folder is not read', () => {
  mkdirSync(join(cdn, 'outside'))
  writeFileSync(join(cdn, 'outside', 'mf-manifest.json'), JSON.stringify({ metaData: {} }))
  const entry = '/remotes/../outside/mf-manifest.json'
  const registry = { remotes: { mf_site: { ...REGISTRY.remotes.mf_site, entry } } }
  const inner = join(cdn, 'inner')
  mkdirSync(inner)
  expect(routePreload('/aboutUs', { registry, cdnDir: inner }).inline.manifests).toEqual({})
  // The same entry inside the folder is read: the refusal is about the folder, not the entry's shape.
  const inside = {
    remotes: { mf_site: { ...REGISTRY.remotes.mf_site, entry: '/remotes/outside/mf-manifest.json' } },
  }
  expect(Object.keys(routePreload('/aboutUs', { registry: inside, cdnDir: cdn }).inline.manifests)).toEqual([
    '/remotes/outside/mf-manifest.json',
  ])
})
