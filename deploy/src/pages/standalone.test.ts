import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { standaloneHtml, standaloneRemote } from './standalone'

let cdnDir: string

const PAGE =
  '<!doctype html><html><head><script type="application/json" id="app-settings">{}</script>' +
  '<script type="module" crossorigin src="./assets/index-1.js"></script>' +
  '<link rel="stylesheet" href="./assets/index-1.css"></head><body><div id="root"></div></body></html>'

const registry = (version: string) => ({
  remotes: {
    mf_promotion: {
      version,
      entry: `/remotes/mf-promotion/${version}/mf-manifest.json`,
      previous: null,
      available: [version],
    },
  },
})

beforeEach(() => {
  cdnDir = mkdtempSync(join(tmpdir(), 'standalone-'))
  const folder = join(cdnDir, 'mf-promotion', '1.0.0-new', 'standalone')
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'index.html'), PAGE)
  mkdirSync(join(cdnDir, 'mf-promotion', '1.0.0-old'), { recursive: true })
})
afterEach(() => rmSync(cdnDir, { recursive: true, force: true }))

test('the stable path names its remote, with or without a trailing slash; nothing else does', () => {
  expect(standaloneRemote('/standalone/promotion')).toBe('mf_promotion')
  expect(standaloneRemote('/standalone/promotion/')).toBe('mf_promotion')
  expect(standaloneRemote('/standalone/')).toBeNull()
  expect(standaloneRemote('/promotion')).toBeNull()
})

test('the current release’s page, assets in its version folder, with the deployment’s settings', () => {
  const html = standaloneHtml('mf_promotion', registry('1.0.0-new'), cdnDir, {
    allowedHosts: ['a.example.com'],
  })
  expect(html).toContain('src="/remotes/mf-promotion/1.0.0-new/standalone/assets/index-1.js"')
  expect(html).toContain('href="/remotes/mf-promotion/1.0.0-new/standalone/assets/index-1.css"')
  expect(html).toContain(
    '<script type="application/json" id="app-settings">{"allowedHosts":["a.example.com"]}',
  )
})

test('no page when the registry names no release, or that release has no standalone build', () => {
  expect(standaloneHtml('mf_promotion', { remotes: {} }, cdnDir, {})).toBeNull()
  expect(standaloneHtml('mf_promotion', null, cdnDir, {})).toBeNull()
  expect(standaloneHtml('mf_promotion', registry('1.0.0-old'), cdnDir, {})).toBeNull()
})

test('the entry’s static imports are preloaded by the page, so they start with the document', () => {
  const assets = join(cdnDir, 'mf-promotion', '1.0.0-new', 'standalone', 'assets')
  mkdirSync(assets, { recursive: true })
  writeFileSync(join(assets, 'index-1.js'), 'import{a}from"./react-1.js";import("./lazy-1.js")')
  writeFileSync(join(assets, 'react-1.js'), 'import"./scheduler-1.js";export const a=1')
  writeFileSync(join(assets, 'scheduler-1.js'), '')
  const html = standaloneHtml('mf_promotion', registry('1.0.0-new'), cdnDir, {})!
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (m) => m[1],
  )
  expect(preloads.sort()).toEqual([
    '/remotes/mf-promotion/1.0.0-new/standalone/assets/react-1.js',
    '/remotes/mf-promotion/1.0.0-new/standalone/assets/scheduler-1.js',
  ])
})

test("the release's declared first calls go out from the page, ahead of its stylesheet, with the shell's script", () => {
  const calls = [{ method: 'GET', path: '/sid', image: { path: '/captcha', from: 'sid', param: 'sid' } }]
  writeFileSync(
    join(cdnDir, 'mf-promotion', '1.0.0-new', 'first-calls.json'),
    JSON.stringify({ '/promotion': calls, '/other': [{ method: 'GET', path: '/nope' }] }),
  )
  const script = { script: 'sendFirstCalls()', hash: "'sha256-x'" }
  const html = standaloneHtml('mf_promotion', registry('1.0.0-new'), cdnDir, {}, script)!
  const block = `<script type="application/json" id="first-call">${JSON.stringify(calls)}</script>`
  expect(html).toContain(`${block}<script>sendFirstCalls()</script>`)
  expect(html.indexOf(block)).toBeGreaterThan(html.indexOf('id="app-settings"'))
  expect(html.indexOf(block)).toBeLessThan(html.indexOf('rel="stylesheet"'))
  // Without the shell's script (no shell built), or without declared calls, the page is as before.
  expect(standaloneHtml('mf_promotion', registry('1.0.0-new'), cdnDir, {})).not.toContain('first-call')
  rmSync(join(cdnDir, 'mf-promotion', '1.0.0-new', 'first-calls.json'))
  expect(standaloneHtml('mf_promotion', registry('1.0.0-new'), cdnDir, {}, script)).not.toContain(
    'first-call',
  )
})
