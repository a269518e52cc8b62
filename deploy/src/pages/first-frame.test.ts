import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_SETTINGS } from 'shared/host/settings'
import { FIRST_FRAME_MODULE } from 'shared/remote/first-frame'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import {
  injectFirstFrame,
  injectStandaloneFrame,
  inlineStyle,
  renderFirstFrame,
  type FirstFrame,
} from './first-frame'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'first-frame-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
  vi.restoreAllMocks()
})

const PAGE =
  '<!doctype html><html lang="en"><head><link rel="stylesheet" crossorigin href="/assets/index-1.css">' +
  '</head><body><div id="root"></div></body></html>'

function files(entries: Record<string, string>) {
  for (const [name, text] of Object.entries(entries)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), text)
  }
}

const frame = (styles: FirstFrame['styles'] = []): FirstFrame => ({
  remote: 'mf_site',
  path: '/aboutUs',
  html: '<h1>About us $&</h1>',
  styles,
})

test('the frame goes above the shell’s root, with its styles and the shell’s inlined and the colours set', () => {
  files({ 'assets/index-1.css': '#root{min-height:100vh}', 'r/app.css': '.a{color:red}' })
  const page = injectFirstFrame(
    PAGE,
    frame([{ href: '/remotes/r/app.css', file: join(dir, 'r/app.css') }]),
    dir,
    { ...DEFAULT_SETTINGS, backgroundColor: '#00aa00' },
  )
  expect(page).toBe(
    '<!doctype html><html lang="en" style="--app-bg:#00aa00;--app-fg:#ffffff"><head>' +
      '<style>#root{min-height:100vh}</style>  <style>.a{color:red}</style>\n  </head><body>' +
      '<div id="first-frame" class="first-frame" data-remote="mf_site" data-path="/aboutUs">' +
      '<div class="remote-slot" data-remote="mf_site"><div class="remote-root"><h1>About us $&</h1></div></div>' +
      '</div><div id="root"></div></body></html>',
  )
})

test('a frame for some hash routes says which, and the page hides it on any other before a script runs', () => {
  files({ 'assets/index-1.css': '#root{min-height:100vh}' })
  const page = injectFirstFrame(
    PAGE,
    { ...frame(), hashes: ['', '/registerTemplate'] },
    dir,
    DEFAULT_SETTINGS,
  )
  expect(page).toContain(
    '<div id="first-frame" class="first-frame" data-remote="mf_site" data-path="/aboutUs" ' +
      'data-frame-hashes="[&quot;&quot;,&quot;/registerTemplate&quot;]">',
  )
  expect(page).toContain(
    '<style>html[data-hash-route]:not([data-hash-route=""]):not([data-hash-route="/registerTemplate"]) ' +
      '[data-frame-hashes]{display:none!important}</style>\n  </head>',
  )
  const standalone = injectStandaloneFrame(
    PAGE,
    { html: '<h1>注册</h1>', hashes: [''] },
    (href) => join(dir, href.slice(1)),
    DEFAULT_SETTINGS,
  )
  expect(standalone).toContain(
    '<div id="root" data-first-frame data-frame-hashes="[&quot;&quot;]"><h1>注册</h1></div>',
  )
  expect(standalone).toContain('<style>html[data-hash-route]:not([data-hash-route=""]) [data-frame-hashes]')
})

test('no frame when a stylesheet cannot be inlined: unstyled content would shift when its styles arrive', () => {
  files({ 'assets/index-1.css': '#root{}' })
  const missing = [{ href: '/remotes/r/app.css', file: join(dir, 'r/app.css') }]
  expect(injectFirstFrame(PAGE, frame(missing), dir, DEFAULT_SETTINGS)).toBe(PAGE)
  files({ 'r/app.css': '.a{content:"</style><script>x()</script>"}' })
  expect(injectFirstFrame(PAGE, frame(missing), dir, DEFAULT_SETTINGS)).toBe(PAGE)
  rmSync(join(dir, 'assets'), { recursive: true })
  expect(injectFirstFrame(PAGE, frame(), dir, DEFAULT_SETTINGS)).toBe(PAGE)
})

test('a colour setting that is not a plain colour is not written into the page', () => {
  files({ 'assets/index-1.css': '' })
  const page = injectFirstFrame(PAGE, frame(), dir, {
    ...DEFAULT_SETTINGS,
    backgroundColor: 'red;background:url(//evil.example)',
    fontColor: '"><script>',
  })
  expect(page).toContain('<html lang="en">')
})

test('a standalone page carries the deployment’s theme from its first byte, as the shell’s pages do', () => {
  files({ 'assets/index-1.css': '.p{color:var(--ui-accent)}' })
  const fileOf = (href: string) => join(dir, href.slice(1))
  const themed = { ...DEFAULT_SETTINGS, backgroundColor: '#7a1fa2', fontColor: 'white' }
  expect(injectStandaloneFrame(PAGE, { html: '<h1>注册</h1>' }, fileOf, themed)).toBe(
    '<!doctype html><html lang="en" style="--app-bg:#7a1fa2;--app-fg:white"><head>' +
      '<style>.p{color:var(--ui-accent)}</style></head><body>' +
      '<div id="root" data-first-frame><h1>注册</h1></div></body></html>',
  )
  const unsafe = { ...DEFAULT_SETTINGS, backgroundColor: 'red;x:url(//evil)', fontColor: '"><b>' }
  expect(injectStandaloneFrame(PAGE, { html: '<h1>注册</h1>' }, fileOf, unsafe)).toContain(
    '<html lang="en"><head>',
  )
})

test('an inlined stylesheet’s relative urls point where the file is', () => {
  files({ 'a.css': '.x{background:url(./img/a.png)}.y{background:url("b.svg")}.z{background:url(data:x)}' })
  expect(inlineStyle(join(dir, 'a.css'), '/remotes/mf-site/1/assets/a.css')).toBe(
    '.x{background:url(/remotes/mf-site/1/assets/img/a.png)}.y{background:url("/remotes/mf-site/1/assets/b.svg")}' +
      '.z{background:url(data:x)}',
  )
})

test('a release without a renderer, or with one that fails, gets no frame and the page stays as before', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  expect(renderFirstFrame(join(dir, 'none'), '/aboutUs', DEFAULT_SETTINGS)).toBeNull()
  files({ [`throws/${FIRST_FRAME_MODULE}`]: 'throw new Error("broken build")' })
  expect(renderFirstFrame(join(dir, 'throws'), '/aboutUs', DEFAULT_SETTINGS)).toBeNull()
  files({
    [`fails/${FIRST_FRAME_MODULE}`]:
      'exports.paths = ["/aboutUs"]; exports.renderFirstFrame = () => { throw new Error("no") }',
  })
  expect(renderFirstFrame(join(dir, 'fails'), '/aboutUs', DEFAULT_SETTINGS)).toBeNull()
  files({ [`odd/${FIRST_FRAME_MODULE}`]: 'exports.renderFirstFrame = 1' })
  expect(renderFirstFrame(join(dir, 'odd'), '/aboutUs', DEFAULT_SETTINGS)).toBeNull()
  expect(warn).toHaveBeenCalledTimes(2)
})

test('a route the remote skips, and says why, gets no frame', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  files({
    [`r/${FIRST_FRAME_MODULE}`]:
      'exports.paths = ["/aboutUs"]; exports.renderFirstFrame = () => ({ skipped: "it shows query.id" })',
  })
  expect(renderFirstFrame(join(dir, 'r'), '/aboutUs', DEFAULT_SETTINGS)).toBeNull()
  expect(renderFirstFrame(join(dir, 'r'), '/privacyPolicy', DEFAULT_SETTINGS)).toBeNull()
  expect(warn).toHaveBeenCalledOnce()
  expect(warn).toHaveBeenCalledWith('[pages] no first frame: it shows query.id')
})
