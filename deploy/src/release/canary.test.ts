import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { FIRST_CALL_SCRIPT } from 'shared/http/first-call'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { listFiles } from '../files'
import canarySide from '../nginx/canary-side.js'
import { canaryPagesDirOf, pageFileName, pagesDirOf } from '../pages/route-pages'
import { readRegistry } from '../registry-file'
import { createAppServer } from '../serve/server'
import { closeServer, listenLocally } from '../testing/local-server'
import { canaryPercent, canarySteps, nextStep, promoteCanary, releaseCanary } from './canary'
import { abortCanary, publishPages, releaseRemote, rollbackRemote } from './release'
import { readReleaseEvents } from './release-log'

let root: string
let server: Server | null = null

const INDEX_HTML =
  '<!doctype html><html><head><script type="application/json" id="app-settings">{}</script>' +
  '<script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>'

/** A workspace with a shell build and an mf-site build of `content`; its CDN folder. */
function workspace(name: string) {
  const dir = join(root, name)
  const shellDir = join(dir, 'shell', 'dist')
  mkdirSync(shellDir, { recursive: true })
  writeFileSync(join(shellDir, 'index.html'), INDEX_HTML)
  writeFileSync(join(shellDir, FIRST_CALL_SCRIPT), 'window.__firstCall = 1')
  const cdnDir = join(dir, 'cdn')
  const options = { rootDir: dir, cdnDir, registryFile: join(cdnDir, 'registry.json'), shellDir }
  const build = (content: string) => {
    const dist = join(dir, 'mf-site', 'dist')
    rmSync(dist, { recursive: true, force: true })
    mkdirSync(dist, { recursive: true })
    writeFileSync(join(dir, 'mf-site', 'package.json'), JSON.stringify({ version: '1.0.0' }))
    writeFileSync(
      join(dist, 'mf-manifest.json'),
      JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
    )
    writeFileSync(join(dist, 'remoteEntry.js'), `export const v = ${JSON.stringify(content)}`)
  }
  return { options, build, pages: pagesDirOf(cdnDir) }
}

/** Every page file and marker under a pages folder (copies aside), by path: what both servers send from. */
function pageFiles(pagesDir: string): Record<string, string> {
  return Object.fromEntries(
    listFiles(pagesDir)
      .filter((file) => /\.(html|data)$/.test(file))
      .map((file) => [relative(pagesDir, file), readFileSync(file, 'utf8')]),
  )
}

const carriedVersion = (html: string) =>
  (
    JSON.parse(/id="mf-preload">(.*?)<\/script>/.exec(html)![1]) as {
      registry: { remotes: { mf_site: { version: string } } }
    }
  ).registry.remotes.mf_site.version

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'canary-'))
})
afterEach(async () => {
  await closeServer(server)
  server = null
  rmSync(root, { recursive: true, force: true })
})

describe('a canary release', () => {
  test('keeps the current version for the control side and writes the canary side its own pages', () => {
    const w = workspace('a')
    w.build('one')
    const v1 = releaseRemote('mf-site', w.options).version
    publishPages(w.options)
    w.build('two')
    const r = releaseCanary('mf-site', 25, w.options)
    expect(r).toMatchObject({ remote: 'mf_site', control: v1, percent: 25 })
    const entry = readRegistry(w.options.registryFile).remotes.mf_site
    expect(entry).toMatchObject({ version: v1, canary: { version: r.canary, percent: 25 } })
    expect(carriedVersion(readFileSync(join(w.pages, pageFileName('/aboutUs')), 'utf8'))).toBe(v1)
    const canaryPage = readFileSync(join(canaryPagesDirOf(w.pages), pageFileName('/aboutUs')), 'utf8')
    expect(carriedVersion(canaryPage)).toBe(r.canary)
    // No page of another remote's routes on the canary side, and no canary in any page.
    expect(Object.keys(pageFiles(canaryPagesDirOf(w.pages)))).not.toContain('complaint.html')
    for (const html of Object.values(pageFiles(w.pages))) expect(html).not.toContain('"canary"')
    expect(readReleaseEvents(w.options.cdnDir).at(-1)).toMatchObject({
      kind: 'canary',
      from: v1,
      to: r.canary,
      percent: 25,
    })
  })

  test('is refused without a control group, for the current version, and while another runs', () => {
    const w = workspace('a')
    w.build('one')
    expect(() => releaseCanary('mf-site', 5, w.options)).toThrow(/no current version for a control group/)
    releaseRemote('mf-site', w.options)
    expect(() => releaseCanary('mf-site', 5, w.options)).toThrow(/already every borrower's version/)
    w.build('two')
    releaseCanary('mf-site', 5, w.options)
    const before = readFileSync(w.options.registryFile, 'utf8')
    w.build('three')
    expect(() => releaseCanary('mf-site', 5, w.options)).toThrow(/has a canary of .* on 5% of borrowers/)
    expect(() => releaseRemote('mf-site', w.options)).toThrow(/--promote\) or abort it/)
    expect(readFileSync(w.options.registryFile, 'utf8')).toBe(before)
  })

  test('shares and steps: above 0 and below 100, rising to 100', () => {
    expect(canaryPercent('12.345')).toBe(12.35)
    for (const bad of ['0', '100', '-3', 'half', '', undefined]) expect(() => canaryPercent(bad)).toThrow()
    expect(canarySteps({})).toEqual([5, 25, 50, 100])
    expect(canarySteps({ CANARY_STEPS: '10, 100' })).toEqual([10, 100])
    for (const bad of ['50,25,100', '5,25', '0,100', 'a,100']) {
      expect(() => canarySteps({ CANARY_STEPS: bad })).toThrow(/CANARY_STEPS/)
    }
    expect(nextStep([5, 25, 50, 100], 5)).toBe(25)
    expect(nextStep([5, 25, 50, 100], 30)).toBe(50)
  })
})

describe('promote and abort', () => {
  test('promoted through its steps, the canary leaves the registry and every page as a plain release does', () => {
    const canary = workspace('canary')
    canary.build('one')
    releaseRemote('mf-site', canary.options)
    canary.build('two')
    releaseCanary('mf-site', 5, canary.options)
    const shares = [25, 50, 100].map((to) => {
      const r = promoteCanary('mf-site', { ...canary.options, steps: [5, 25, 50, 100] })!
      expect(r.percent).toBe(to)
      return r.percent
    })
    expect(shares).toEqual([25, 50, 100])
    expect(() => promoteCanary('mf-site', canary.options)).toThrow(/no canary running/)

    const plain = workspace('plain')
    plain.build('one')
    releaseRemote('mf-site', plain.options)
    plain.build('two')
    releaseRemote('mf-site', plain.options)
    const entryOf = (w: ReturnType<typeof workspace>) =>
      readFileSync(w.options.registryFile, 'utf8').replaceAll(w.options.cdnDir, '')
    expect(entryOf(canary)).toBe(entryOf(plain))
    expect(pageFiles(canary.pages)).toEqual(pageFiles(plain.pages))
    expect(readReleaseEvents(canary.options.cdnDir).map((e) => [e.kind, e.percent])).toEqual([
      ['release', undefined],
      ['canary', 5],
      ['step', 25],
      ['step', 50],
      ['promote', 100],
    ])
  })

  test('an abort, or a rollback while the canary runs, restores the entry and the pages as they were', () => {
    const w = workspace('a')
    w.build('zero')
    releaseRemote('mf-site', w.options)
    w.build('one')
    releaseRemote('mf-site', w.options)
    const entryBefore = readRegistry(w.options.registryFile).remotes.mf_site
    const pagesBefore = pageFiles(w.pages)
    expect(Object.values(pagesBefore).join()).toContain('"available":[')
    for (const end of [
      () => abortCanary('mf-site', { ...w.options, reason: 'borrowers complained' }),
      () => rollbackRemote('mf-site', undefined, w.options),
    ]) {
      w.build('two')
      const r = releaseCanary('mf-site', 50, w.options)
      end()
      const entry = readRegistry(w.options.registryFile).remotes.mf_site
      expect(entry).toEqual({ ...entryBefore, available: [...entryBefore.available, r.canary] })
      // The pages are those before it, their entry's `available` listing the canary's folder as the registry's.
      const listed = (available: string[]) => `"available":${JSON.stringify(available)}`
      const expected = Object.fromEntries(
        Object.entries(pagesBefore).map(([file, html]) => [
          file,
          html.replaceAll(listed(entryBefore.available), listed(entry.available)),
        ]),
      )
      expect(pageFiles(w.pages)).toEqual(expected)
      expect(readReleaseEvents(w.options.cdnDir).at(-1)).toMatchObject({ kind: 'abort', from: r.canary })
    }
    expect(readReleaseEvents(w.options.cdnDir).at(-3)).toMatchObject({ reason: 'borrowers complained' })
    expect(abortCanary('mf-site', w.options).aborted).toBeNull()
  })
})

describe('the Node server', () => {
  async function serve(w: ReturnType<typeof workspace>) {
    server = createAppServer({ ...w.options, pagesDir: w.pages })
    const port = await listenLocally(server)
    return async (path: string, cookie?: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        headers: cookie ? { Cookie: cookie } : {},
      })
      return { cookies: response.headers.getSetCookie(), text: await response.text() }
    }
  }

  test("each borrower stays on one side across reloads; the page and the registry are that side's", async () => {
    const w = workspace('a')
    w.build('one')
    const v1 = releaseRemote('mf-site', w.options).version
    w.build('two')
    const v2 = releaseCanary('mf-site', 50, w.options).canary
    const get = await serve(w)
    const seen = { [v1]: 0, [v2]: 0 }
    for (let borrower = 0; borrower < 40; borrower++) {
      const first = await get('/aboutUs')
      const cookie = first.cookies.find((c) => c.startsWith(`${canarySide.COOKIE}=`))!.split(';')[0]
      const version = carriedVersion(first.text)
      seen[version]++
      for (let reload = 0; reload < 10; reload++) {
        const again = await get('/aboutUs', cookie)
        expect(carriedVersion(again.text)).toBe(version)
        expect(again.cookies.some((c) => c.startsWith(`${canarySide.COOKIE}=`))).toBe(false)
      }
      const registry = JSON.parse((await get('/registry.json', cookie)).text) as {
        remotes: Record<string, { version: string; canary?: unknown }>
      }
      expect(registry.remotes.mf_site.version).toBe(version)
      expect(registry.remotes.mf_site.canary).toBeUndefined()
    }
    // 40 borrowers at 50%: both sides have some (a split of 0 or 40 is 2 in 10^12).
    expect(seen[v1]).toBeGreaterThan(0)
    expect(seen[v2]).toBeGreaterThan(0)
    // A device id decides the side whatever the cookie says, and its key becomes the cookie.
    const device = await get('/aboutUs?deviceId=D-1', 'mfc=ffffffffffffffffffffffffffffffff')
    expect(device.cookies.join()).toContain(`mfc=${canarySide.sideKey('D-1', undefined, null)}`)
    // The registry without a key: every remote's control side.
    expect(JSON.parse((await get('/registry.json')).text).remotes.mf_site.version).toBe(v1)
  })

  test('no cookie while no canary runs, and the registry file as it is', async () => {
    const w = workspace('a')
    w.build('one')
    releaseRemote('mf-site', w.options)
    const get = await serve(w)
    expect((await get('/aboutUs')).cookies).toEqual([])
    expect((await get('/registry.json')).text).toBe(readFileSync(w.options.registryFile, 'utf8'))
  })
})
