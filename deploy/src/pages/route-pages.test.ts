import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { FIRST_CALL_SCRIPT } from 'shared/http/first-call'
import { FIRST_FRAME_ATTR, FIRST_FRAME_MODULE, FRAME_LOADS_ATTR } from 'shared/remote/first-frame'
import { HEAD_FILE } from 'shared/remote/head'
import { REMOTE_ROUTES, TEST_PREVIEW_PATH } from 'shared/routes'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { scriptHash } from './page-preloads'
import { readRegistry, RegistryFileError } from '../registry-file'
import { checkPages, publishPages, releaseRemote, repairRegistry, rollbackRemote } from '../release/release'
import {
  crawlerFiles,
  dataMarkerOf,
  isDataRoutePage,
  isPagePath,
  pageFileName,
  pageScriptHashes,
  pagesDirOf,
  publicPaths,
  releaseSettings,
  renderPage,
  robotsHeaders,
  writeRoutePages,
} from './route-pages'
import { settingsFromEnv } from '../settings'
import { createAppServer } from '../serve/server'
import { closeServer, listenLocally } from '../testing/local-server'
import { PRODUCTION_ENV } from '../testing/production-env'

let root: string
let shellDir: string
let cdnDir: string
let registryFile: string
let pagesDir: string
let server: Server | null = null

const FIRST_CALL_JS = 'window.__firstCall = 1'
const SETTINGS_HEAD = '<head><script type="application/json" id="app-settings">{}</script>'
const INDEX_HTML =
  `<!doctype html><html>${SETTINGS_HEAD}` +
  '<script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>'

/** A remote build in the workspace: its manifest, entry, and the first calls of `route`. */
function buildRemote(pkg: string, content: string, route: string) {
  const dist = join(root, pkg, 'dist')
  rmSync(dist, { recursive: true, force: true })
  mkdirSync(dist, { recursive: true })
  writeFileSync(join(root, pkg, 'package.json'), JSON.stringify({ version: '1.0.0' }))
  writeFileSync(
    join(dist, 'mf-manifest.json'),
    JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
  )
  writeFileSync(join(dist, 'remoteEntry.js'), `export const v = ${JSON.stringify(content)}`)
  writeFileSync(join(dist, 'first-calls.json'), JSON.stringify({ [route]: [{ method: 'GET', path: '/x' }] }))
}

/**
 * mf-promotion's build gets its standalone page (ADR 0017): the settings block its release fills, then `rest`;
 * `files` beside it.
 */
function addStandalone(rest: string, files: Record<string, string> = {}) {
  const dir = join(root, 'mf-promotion', 'dist', 'standalone')
  for (const [name, text] of Object.entries({ ...files, 'index.html': SETTINGS_HEAD + rest })) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), text)
  }
}

const options = () => ({ rootDir: root, cdnDir, registryFile, shellDir })
const page = (path: string) => readFileSync(join(pagesDir, pageFileName(path)), 'utf8')
/** The registry entries a page carries. */
const carried = (html: string) =>
  (
    JSON.parse(/id="mf-preload">(.*?)<\/script>/.exec(html)![1]) as {
      registry: { remotes: Record<string, { version: string }> } | null
    }
  ).registry

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'route-pages-'))
  shellDir = join(root, 'shell', 'dist')
  cdnDir = join(root, 'cdn')
  registryFile = join(cdnDir, 'registry.json')
  pagesDir = pagesDirOf(cdnDir)
  mkdirSync(shellDir, { recursive: true })
  writeFileSync(join(shellDir, 'index.html'), INDEX_HTML)
  writeFileSync(join(shellDir, FIRST_CALL_SCRIPT), FIRST_CALL_JS)
})
afterEach(async () => {
  await closeServer(server)
  server = null
  rmSync(root, { recursive: true, force: true })
})

test("a shell release writes every app path's page, each as the server would render it", () => {
  buildRemote('mf-site', 'one', '/aboutUs')
  releaseRemote('mf-site', options())
  const settings = { allowedHosts: [], imageHosts: [], versionOverrides: false, servicePhone: '123' }
  const written = writeRoutePages({ cdnDir, registryFile, shellDir, settings })
  expect(written).toEqual(
    expect.arrayContaining(['/', '/aboutUs', '/loanDetails', '/bindBank', TEST_PREVIEW_PATH]),
  )
  expect(written).toHaveLength(new Set(['/', ...REMOTE_ROUTES.map((r) => r.path), TEST_PREVIEW_PATH]).size)
  for (const path of written) {
    expect(page(path), path).toBe(renderPage(path, { cdnDir, registryFile, shellDir, settings }))
  }
  expect(page('/aboutUs')).toContain('"servicePhone":"123"')
  // The route's first calls, with the script that sends them.
  expect(page('/aboutUs')).toContain(`<script>${FIRST_CALL_JS}</script>`)
  // Only page files, their compressed copies (ADR 0019) and the settings they were written with; no temp
  // file left behind.
  expect(readdirSync(pagesDir).filter((f) => !/\.html(\.br|\.gz)?$/.test(f))).toEqual(['settings.json'])
})

test("a release writes its head into its routes' pages: the route's title and language, its remote's description, canonical and shared-link tags", () => {
  buildRemote('mf-site', 'one', '/aboutUs')
  writeFileSync(
    join(root, 'mf-site', 'dist', HEAD_FILE),
    JSON.stringify({ '/aboutUs': { description: 'Who we are.' } }),
  )
  releaseRemote('mf-site', options())
  const settings = { allowedHosts: [], imageHosts: [], versionOverrides: false, backgroundColor: '#aa0000' }
  writeRoutePages({ cdnDir, registryFile, shellDir, settings })
  expect(page('/aboutUs')).toContain('<title>About us</title>')
  expect(page('/aboutUs')).toContain('<meta name="description" content="Who we are.">')
  expect(page('/aboutUs')).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/aboutUs">/)
  expect(page('/aboutUs')).toContain('<meta property="og:description" content="Who we are.">')
  expect(page('/aboutUs')).toContain('<meta name="theme-color" content="#aa0000">')
  // A route its remote's head says nothing of: its title and language only.
  expect(page('/privacyPolicy')).toContain('<title>Privacy Policy</title>')
  expect(page('/privacyPolicy')).not.toContain('name="description"')
  expect(page('/loanDetails')).toMatch(/<html lang="en"[^>]*>[\s\S]*<title>Order Details<\/title>/)
  expect(page('/promotion')).toMatch(/<html lang="zh-CN"/)
})

test("public pages are the route table's public routes and the standalone landing; the rest say noindex", () => {
  expect(publicPaths()).toEqual([
    ...REMOTE_ROUTES.filter((route) => route.public).map((route) => route.path),
    '/standalone/promotion',
  ])
  expect(REMOTE_ROUTES.filter((route) => route.public).map((route) => route.path)).toEqual([
    '/',
    '/aboutUs',
    '/privacyPolicy',
    '/loanAgreement',
    '/promotion',
  ])
  for (const path of ['/', '/aboutUs/', '/promotion', '/standalone/promotion/']) {
    expect(robotsHeaders(path), path).toEqual({})
  }
  for (const path of ['/loanDetails', '/repay/', '/complaint', TEST_PREVIEW_PATH, '/nowhere', '/aboutUs/x']) {
    expect(robotsHeaders(path), path).toEqual({ 'X-Robots-Tag': 'noindex, nofollow' })
  }
})

test('a page path is a route, a shell screen or a standalone page, a trailing slash tolerated', () => {
  for (const path of ['/', '/aboutUs', '/bindBank/', TEST_PREVIEW_PATH, '/standalone/promotion/']) {
    expect(isPagePath(path), path).toBe(true)
  }
  for (const path of ['/nowhere', '/aboutUs/x', '/Complaint', '/standalone', '/index.html']) {
    expect(isPagePath(path), path).toBe(false)
  }
})

test('a shell release writes robots.txt and the sitemap of the public pages at the public origin', async () => {
  const settings = {
    allowedHosts: [],
    imageHosts: [],
    versionOverrides: false,
    publicOrigin: 'https://x.ph/',
  }
  writeRoutePages({ cdnDir, registryFile, shellDir, settings })
  const files = crawlerFiles('https://x.ph')
  expect(readFileSync(join(pagesDir, 'robots.txt'), 'utf8')).toBe(files['robots.txt'])
  expect(files['robots.txt']).toBe('User-agent: *\nAllow: /\n\nSitemap: https://x.ph/sitemap.xml\n')
  const sitemap = readFileSync(join(pagesDir, 'sitemap.xml'), 'utf8')
  expect(sitemap).toBe(files['sitemap.xml'])
  expect([...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual(
    publicPaths().map((path) => `https://x.ph${path}`),
  )
  // The Node server sends them as files; a page path that names no page is a 404 with the shell's page.
  const get = await start(pagesDir)
  expect((await get('/robots.txt')).text).toBe(files['robots.txt'])
  expect((await get('/sitemap.xml')).text).toBe(sitemap)
  const missing = await get('/nowhere')
  expect(missing.status).toBe(404)
  expect(missing.text).toContain('id="app-settings"')
  expect(missing.robots).toBe('noindex, nofollow')
  expect((await get('/aboutUs/')).status).toBe(200)
  expect((await get('/aboutUs/')).robots).toBeNull()
  expect((await get('/loanDetails/?sessionId=s')).robots).toBe('noindex, nofollow')
  // Without a public origin (production that sets none) nothing for crawlers is left: no wrong sitemap.
  writeRoutePages({ cdnDir, registryFile, shellDir, settings: { ...settings, publicOrigin: undefined } })
  expect(readdirSync(pagesDir)).not.toContain('robots.txt')
  expect(readdirSync(pagesDir)).not.toContain('sitemap.xml')
  expect((await get('/robots.txt')).status).toBe(404)
})

test('without a shell build nothing is written (the servers send index.html as they find it)', () => {
  rmSync(shellDir, { recursive: true })
  expect(writeRoutePages({ cdnDir, registryFile, shellDir, settings: {} })).toEqual([])
})

test("a release or rollback rewrites exactly that remote's pages, with the settings the pages were written with", () => {
  buildRemote('mf-site', 'one', '/aboutUs')
  buildRemote('mf-complaint', 'one', '/complaint')
  const site1 = releaseRemote('mf-site', options()).version
  releaseRemote('mf-complaint', options())
  writeRoutePages({ cdnDir, registryFile, shellDir, settings: { servicePhone: 'deployed' } })
  const before = Object.fromEntries(
    readdirSync(pagesDir).map((f) => [f, statSync(join(pagesDir, f)).mtimeMs] as const),
  )
  const complaintPage = page('/complaint')

  buildRemote('mf-site', 'two', '/aboutUs')
  const site2 = releaseRemote('mf-site', options()).version
  const sitePages = REMOTE_ROUTES.filter((r) => r.remote === 'mf_site').map((r) => pageFileName(r.path))
  // Pages only: every page's compressed copies are made again (ADR 0019).
  const changed = readdirSync(pagesDir).filter(
    (f) => f.endsWith('.html') && statSync(join(pagesDir, f)).mtimeMs !== before[f],
  )
  expect(changed.sort()).toEqual([...sitePages].sort())
  expect(carried(page('/aboutUs'))?.remotes.mf_site.version).toBe(site2)
  expect(page('/aboutUs')).toContain('"servicePhone":"deployed"')
  expect(page('/complaint')).toBe(complaintPage)

  rollbackRemote('mf-site', undefined, options())
  expect(carried(page('/aboutUs'))?.remotes.mf_site.version).toBe(site1)
  expect(carried(page('/'))?.remotes.mf_site.version).toBe(site1)
  expect(page('/complaint')).toBe(complaintPage)
})

async function start(pages: string | null) {
  server = createAppServer({ shellDir, cdnDir, registryFile, pagesDir: pages, settings: { live: true } })
  const port = await listenLocally(server)
  return async (path: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`)
    return {
      status: response.status,
      csp: response.headers.get('content-security-policy'),
      robots: response.headers.get('x-robots-tag'),
      text: await response.text(),
    }
  }
}

test('the Node server sends the written page file; a path without one is rendered on request', async () => {
  buildRemote('mf-site', 'one', '/aboutUs')
  releaseRemote('mf-site', options())
  writeRoutePages({ cdnDir, registryFile, shellDir, settings: { written: true } })
  writeFileSync(join(pagesDir, pageFileName('/aboutUs')), '<!doctype html><p>the written page</p>')
  const get = await start(pagesDir)
  expect((await get('/aboutUs')).text).toBe('<!doctype html><p>the written page</p>')
  expect((await get('/')).text).toContain('"written":true')
  // A path with no page: rendered with the server's own settings.
  expect((await get('/nowhere')).text).toContain('"live":true')
  // Every page, written or rendered, allows the first-call script by hash, as nginx.conf does.
  for (const path of ['/aboutUs', '/nowhere', '/']) {
    expect((await get(path)).csp).toContain(`script-src 'self' ${scriptHash(FIRST_CALL_JS)};`)
  }
})

test("the shell's inline scripts (the entry watchdog) are allowed by hash on every page, the data blocks are not scripts", () => {
  const watchdog = '(function(){window.__watching = 1})();'
  writeFileSync(
    join(shellDir, 'index.html'),
    INDEX_HTML.replace('<head>', `<head><script>${watchdog}</script>`),
  )
  expect(pageScriptHashes(shellDir)).toEqual([scriptHash(FIRST_CALL_JS), scriptHash(watchdog)])
})

test('a server without pages renders every page on request', async () => {
  buildRemote('mf-site', 'one', '/aboutUs')
  releaseRemote('mf-site', options())
  writeRoutePages({ cdnDir, registryFile, shellDir, settings: { written: true } })
  const get = await start(null)
  expect((await get('/aboutUs')).text).toContain('"live":true')
})

test("mf-promotion's release writes its standalone page with the pages; a release without one removes it", () => {
  buildRemote('mf-promotion', 'one', '/promotion')
  addStandalone('<script type="module" src="./assets/s-1.js"></script></head>')
  writeRoutePages({ cdnDir, registryFile, shellDir, settings: { servicePhone: 'deployed' } })
  const v1 = releaseRemote('mf-promotion', options()).version
  const standalone = () => readFileSync(join(pagesDir, pageFileName('/standalone/promotion')), 'utf8')
  expect(standalone()).toContain(`src="/remotes/mf-promotion/${v1}/standalone/assets/s-1.js"`)
  expect(standalone()).toContain('"servicePhone":"deployed"')
  // A build without the standalone page: no server may keep sending the old one.
  buildRemote('mf-promotion', 'two', '/promotion')
  releaseRemote('mf-promotion', options())
  expect(() => standalone()).toThrow(/ENOENT/)
  rollbackRemote('mf-promotion', undefined, options())
  expect(standalone()).toContain(`/remotes/mf-promotion/${v1}/standalone/`)
})

/** A first-frame renderer in the remote's build (ADR 0019), as shared/config/first-frame.ts bundles it. */
function addFirstFrame(pkg: string, paths: string[], text: string, setting = 'name') {
  const dist = join(root, pkg, 'dist')
  mkdirSync(join(dist, '.server'), { recursive: true })
  writeFileSync(
    join(dist, FIRST_FRAME_MODULE),
    `exports.paths = ${JSON.stringify(paths)}\n` +
      `exports.renderFirstFrame = (path, settings) => ({ html: '<h1>${text} ' + path + ' for ' + settings[${JSON.stringify(setting)}] + '</h1>' })\n`,
  )
}

test("the lender of the deploy's settings is in every page's settings and first frame; new settings rewrite them", () => {
  buildRemote('mf-site', 'one', '/aboutUs')
  addFirstFrame('mf-site', ['/aboutUs'], 'About', 'lenderName')
  releaseRemote('mf-site', options())
  const frame = (lender: string) => `<h1>About /aboutUs for ${lender}</h1>`
  const settingsOf = (html: string) =>
    JSON.parse(/id="app-settings">(.*?)<\/script>/.exec(html)![1]) as Record<string, unknown>

  publishPages({ cdnDir, registryFile, shellDir, settings: settingsFromEnv({}) })
  const demo = 'CashLoan Demo Lending Corp. (demo values, not a real lender)'
  expect(page('/aboutUs')).toContain(frame(demo))
  expect(settingsOf(page('/privacyPolicy'))).toMatchObject({
    lenderName: demo,
    lenderAddress: expect.stringMatching(/demo/),
  })

  const changed = settingsFromEnv({ LENDER_NAME: 'Kalesa Lending Corp.', LENDER_ADDRESS: '12 Test Street' })
  publishPages({ cdnDir, registryFile, shellDir, settings: changed })
  expect(page('/aboutUs')).toContain(frame('Kalesa Lending Corp.'))
  expect(page('/aboutUs')).not.toContain(demo)
  expect(settingsOf(page('/')).lenderAddress).toBe('12 Test Street')
  // A release of one remote keeps the settings the pages were written with.
  buildRemote('mf-site', 'two', '/aboutUs')
  addFirstFrame('mf-site', ['/aboutUs'], 'About', 'lenderName')
  releaseRemote('mf-site', options())
  expect(page('/aboutUs')).toContain(frame('Kalesa Lending Corp.'))
  expect(releaseSettings(cdnDir, {})).toEqual(changed)
})

test('a production release takes the stored settings when they state what production needs, and refuses them otherwise', () => {
  const production = { ...PRODUCTION_ENV, ALLOWED_HOSTS: 'none' }
  // No pages yet: the environment's settings, checked as any production start checks them.
  expect(releaseSettings(cdnDir, production)).toEqual(settingsFromEnv(production))
  expect(() => releaseSettings(cdnDir, { DEPLOY_PROFILE: 'production' })).toThrow(/^\s+LENDER_NAME: /m)
  publishPages({ cdnDir, registryFile, shellDir, settings: settingsFromEnv(production) })
  expect(releaseSettings(cdnDir, { DEPLOY_PROFILE: 'production' })).toMatchObject({ allowedHosts: [] })
  // Pages written before the lender was a setting.
  publishPages({
    cdnDir,
    registryFile,
    shellDir,
    settings: { allowedHosts: [], servicePhone: '+63 2 5555 0000' },
  })
  expect(() => releaseSettings(cdnDir, { DEPLOY_PROFILE: 'production' })).toThrow(/^\s+SERVICE_EMAIL: /m)
  expect(releaseSettings(cdnDir, {})).toEqual({ allowedHosts: [], servicePhone: '+63 2 5555 0000' })
})

test("a release writes its routes' first frames with the deployment's settings; a rollback takes them back", () => {
  writeRoutePages({ cdnDir, registryFile, shellDir, settings: { name: 'Deployed' } })
  buildRemote('mf-site', 'one', '/aboutUs')
  const v1 = releaseRemote('mf-site', options()).version
  buildRemote('mf-site', 'two', '/aboutUs')
  addFirstFrame('mf-site', ['/aboutUs'], 'Frame two')
  releaseRemote('mf-site', options())
  expect(page('/aboutUs')).toContain(
    '<div id="first-frame" class="first-frame" data-remote="mf_site" data-path="/aboutUs">' +
      '<div class="remote-slot" data-remote="mf_site"><div class="remote-root">' +
      '<h1>Frame two /aboutUs for Deployed</h1></div></div></div><div id="root"></div>',
  )
  // Declared for /aboutUs only: the other pages of the remote paint when their code has run.
  expect(page('/privacyPolicy')).not.toContain('first-frame')
  rollbackRemote('mf-site', v1, options())
  expect(page('/aboutUs')).not.toContain('first-frame')
})

test("a release marks its in-app routes' pages with first calls and a frame as data pages for nginx; a rollback unmarks them", () => {
  writeRoutePages({ cdnDir, registryFile, shellDir, settings: {} })
  const marked = (path: string) => existsSync(dataMarkerOf(join(pagesDir, pageFileName(path))))
  buildRemote('mf-repay', 'one', '/repay')
  const v1 = releaseRemote('mf-repay', options()).version
  // First calls but no frame: the screen has nothing to render on the server.
  expect(marked('/repay')).toBe(false)
  buildRemote('mf-repay', 'two', '/repay')
  addFirstFrame('mf-repay', ['/repay', '/delayRepay'], 'Due')
  releaseRemote('mf-repay', options())
  expect(isDataRoutePage(page('/repay'), '/repay')).toBe(true)
  expect([marked('/repay'), marked('/delayRepay')]).toEqual([true, false])
  // A marker lost (or left behind) is put back as the page says by the pages check.
  rmSync(dataMarkerOf(join(pagesDir, pageFileName('/repay'))))
  writeFileSync(dataMarkerOf(join(pagesDir, pageFileName('/delayRepay'))), '')
  expect(checkPages(options())?.repaired).toEqual([
    { path: '/repay', problem: 'its data marker was not the page' },
    { path: '/delayRepay', problem: 'its data marker was not the page' },
  ])
  expect([marked('/repay'), marked('/delayRepay')]).toEqual([true, false])
  rollbackRemote('mf-repay', v1, options())
  expect(marked('/repay')).toBe(false)
  // A public route's page stays static for everyone, first calls and frame or not.
  buildRemote('mf-site', 'one', '/aboutUs')
  addFirstFrame('mf-site', ['/aboutUs'], 'About')
  releaseRemote('mf-site', options())
  expect(page('/aboutUs')).toContain('id="first-call"')
  expect(isDataRoutePage(page('/aboutUs'), '/aboutUs')).toBe(false)
  expect(marked('/aboutUs')).toBe(false)
})

test('a frame whose screen loads is a data page without first calls (its data is its address); any other frame needs them', () => {
  const frame = (attrs: string) =>
    `<html><head></head><body><div id="first-frame" class="first-frame" data-remote="mf_repay" data-path="/repaymentOfCode"${attrs}><div class="remote-slot"></div></div><div id="root"></div></body></html>`
  expect(isDataRoutePage(frame(` ${FRAME_LOADS_ATTR}`), '/repaymentOfCode')).toBe(true)
  expect(isDataRoutePage(frame(''), '/repaymentOfCode')).toBe(false)
  // Only the frame's own tag says so, and a public route stays static for everyone.
  expect(isDataRoutePage(frame('') + `<p ${FRAME_LOADS_ATTR}></p>`, '/repaymentOfCode')).toBe(false)
  expect(isDataRoutePage(frame(` ${FRAME_LOADS_ATTR}`), '/aboutUs')).toBe(false)
})

test('the standalone page carries its first screen’s frame inside its root, for its entry to hydrate', () => {
  buildRemote('mf-promotion', 'one', '/promotion')
  addFirstFrame('mf-promotion', ['/promotion'], 'Landing')
  addStandalone(
    '<link rel="stylesheet" crossorigin href="./assets/s-1.css"></head><body><div id="root"></div></body>',
    {
      'assets/s-1.css': '.promo{background:url(./bg.png)}',
    },
  )
  writeRoutePages({ cdnDir, registryFile, shellDir, settings: { name: 'Deployed' } })
  const v1 = releaseRemote('mf-promotion', options()).version
  const standalone = readFileSync(join(pagesDir, pageFileName('/standalone/promotion')), 'utf8')
  expect(standalone).toContain(
    `<div id="root" ${FIRST_FRAME_ATTR}><h1>Landing /promotion for Deployed</h1></div>`,
  )
  // Inlined, its relative url() pointing where the file is.
  expect(standalone).toContain(
    `<style>.promo{background:url(/remotes/mf-promotion/${v1}/standalone/assets/bg.png)}</style>`,
  )
  expect(standalone).not.toContain('rel="stylesheet"')
})

const unbrotli = (path: string) =>
  brotliDecompressSync(readFileSync(join(pagesDir, `${pageFileName(path)}.br`))).toString()

test("a rollback to the version already current rewrites that remote's pages anyway", () => {
  buildRemote('mf-site', 'one', '/aboutUs')
  const v1 = releaseRemote('mf-site', options()).version
  writeFileSync(join(pagesDir, pageFileName('/aboutUs')), '<!doctype html><p>left by hand</p>')
  rmSync(join(pagesDir, pageFileName('/privacyPolicy')))
  expect(rollbackRemote('mf-site', v1, options())).toMatchObject({ version: v1, changed: false })
  expect(carried(page('/aboutUs'))?.remotes.mf_site.version).toBe(v1)
  expect(carried(page('/privacyPolicy'))?.remotes.mf_site.version).toBe(v1)
  expect(unbrotli('/aboutUs')).toBe(page('/aboutUs'))
})

test('a rollback to the current version also puts back an entry that was edited by hand', () => {
  buildRemote('mf-site', 'one', '/aboutUs')
  const v1 = releaseRemote('mf-site', options()).version
  const registry = JSON.parse(readFileSync(registryFile, 'utf8')) as {
    remotes: Record<string, { entry: string }>
  }
  registry.remotes.mf_site.entry = `/remotes/mf-site/${v1}/mf-manifest.json?edited`
  writeFileSync(registryFile, JSON.stringify(registry))
  rollbackRemote('mf-site', v1, options())
  expect(readRegistry(registryFile).remotes.mf_site.entry).toBe(`/remotes/mf-site/${v1}/mf-manifest.json`)
})

test('the pages check finds every page that disagrees with the registry, says why, and rewrites it', () => {
  buildRemote('mf-site', 'one', '/aboutUs')
  buildRemote('mf-complaint', 'one', '/complaint')
  const site1 = releaseRemote('mf-site', options()).version
  const complaint = releaseRemote('mf-complaint', options()).version
  publishPages({ cdnDir, registryFile, shellDir, settings: { servicePhone: 'deployed' } })
  const first = checkPages(options())!
  expect(first.repaired).toEqual([])
  expect(first.checked).toEqual(expect.arrayContaining(['/', '/aboutUs', '/complaint', TEST_PREVIEW_PATH]))

  const oldAbout = page('/aboutUs')
  buildRemote('mf-site', 'two', '/aboutUs')
  const site2 = releaseRemote('mf-site', options()).version
  // What a crash half way through a release, a restored backup or a hand edit leaves behind.
  writeFileSync(join(pagesDir, pageFileName('/aboutUs')), oldAbout)
  rmSync(join(pagesDir, pageFileName('/complaint')))
  writeFileSync(join(pagesDir, `${pageFileName('/privacyPolicy')}.br`), 'not the page')
  const registry = JSON.parse(readFileSync(registryFile, 'utf8')) as { remotes: Record<string, unknown> }
  delete registry.remotes.mf_complaint
  writeFileSync(registryFile, JSON.stringify(registry))

  const { repaired } = checkPages(options())!
  expect(repaired).toEqual(
    expect.arrayContaining([
      { path: '/aboutUs', problem: `carried mf_site ${site1}; the registry says ${site2}` },
      {
        path: '/complainDetails',
        problem: `carried mf_complaint ${complaint}; the registry has no usable entry for it`,
      },
      { path: '/privacyPolicy', problem: 'its .br copy was not the page' },
    ]),
  )
  expect(repaired.map((r) => r.path).sort()).toEqual(
    [
      '/aboutUs',
      '/privacyPolicy',
      ...REMOTE_ROUTES.filter((r) => r.remote === 'mf_complaint').map((r) => r.path),
    ].sort(),
  )
  expect(repaired.find((r) => r.path === '/complaint')?.problem).toBe('missing')
  for (const path of first.checked) {
    expect(page(path), path).toBe(
      renderPage(path, { cdnDir, registryFile, shellDir, settings: { servicePhone: 'deployed' } }),
    )
    expect(unbrotli(path), path).toBe(page(path))
  }
  expect(checkPages(options())!.repaired).toEqual([])
})

test('the pages check refuses a registry that is not one, and says so when there is no shell build', () => {
  buildRemote('mf-site', 'one', '/aboutUs')
  releaseRemote('mf-site', options())
  writeFileSync(registryFile, '{"remotes":')
  expect(() => checkPages(options())).toThrow(RegistryFileError)
  writeFileSync(registryFile, '{}')
  rmSync(join(shellDir, 'index.html'))
  expect(checkPages(options())).toBeNull()
})

test('a registry that is not JSON is rebuilt from the pointers its route pages carry; the broken file is kept', () => {
  buildRemote('mf-site', 'one', '/aboutUs')
  buildRemote('mf-complaint', 'one', '/complaint')
  const site1 = releaseRemote('mf-site', options()).version
  buildRemote('mf-site', 'two', '/aboutUs')
  const site2 = releaseRemote('mf-site', options()).version
  const complaint = releaseRemote('mf-complaint', options()).version
  writeRoutePages({ cdnDir, registryFile, shellDir, settings: {} })
  const before = readRegistry(registryFile)
  writeFileSync(registryFile, '{"remotes": {"mf_site": ')

  const result = repairRegistry(['mf-complaint', 'mf-loan', 'mf-site'], options())!
  expect(result.restored).toEqual([
    { pkg: 'mf-complaint', version: complaint, previous: null },
    { pkg: 'mf-site', version: site2, previous: site1 },
  ])
  expect(result.missing).toEqual([{ pkg: 'mf-loan', available: [] }])
  expect(readRegistry(registryFile)).toEqual(before)
  expect(readFileSync(result.setAside, 'utf8')).toBe('{"remotes": {"mf_site": ')
  expect(result.setAside).toMatch(/\/cdn\/\.registry\.json\.broken-[^/]+$/)
  // A registry that is one needs no repair.
  expect(repairRegistry(['mf-site'], options())).toBeNull()
})

test('a page whose pointer names a version that is not on the CDN is not restored', () => {
  buildRemote('mf-site', 'one', '/aboutUs')
  const v1 = releaseRemote('mf-site', options()).version
  rmSync(join(cdnDir, 'mf-site', v1), { recursive: true })
  writeFileSync(registryFile, 'oops')
  const result = repairRegistry(['mf-site'], options())!
  expect(result).toMatchObject({ restored: [], missing: [{ pkg: 'mf-site', available: [] }] })
  expect(readRegistry(registryFile)).toEqual({ remotes: {} })
  expect(existsSync(result.setAside)).toBe(true)
})
