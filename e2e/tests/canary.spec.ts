import type { ChildProcess } from 'node:child_process'
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, test, type Browser, type BrowserContext } from '@playwright/test'
import canarySide from 'deploy/canary-side'
import { abortCanary, listFiles } from 'deploy/release'
import { promoteCanary, releaseCanary } from 'deploy/canary'
import { readRegistry } from 'deploy/registry-file'
import { removeScratch, ROOT, scratchCdn, startDeploy, stop, waitFor } from './own-server'

/**
 * A canary of one remote (ADR 0058) against its own server and CDN folder: mf-site's real build is the control
 * (v1), a copy with a visible change the canary (v2). Each test borrower is a browser context of its own: one
 * the native app opens (its device id on the address), or a phone browser (the cookie its first page gets).
 */
const CANARY_PORT = Number(process.env.E2E_CANARY_PORT ?? 4340)
const V1_TEXT = 'Our mission'
const V2_TEXT = 'Our mission (v2)'

let BASE = ''
let work: string
let cdnDir: string
let registryFile: string
let server: ChildProcess
let nginx: ChildProcess | null = null
let v1: string
let v2: string

test.describe.configure({ mode: 'serial' })

/** A copy of mf-site's build whose screens and first frames (its server renderer) say V2_TEXT. */
function canaryBuild(): string {
  const root = join(work, 'v2')
  cpSync(join(ROOT, 'mf-site', 'package.json'), join(root, 'mf-site', 'package.json'))
  cpSync(join(ROOT, 'mf-site', 'dist'), join(root, 'mf-site', 'dist'), { recursive: true })
  for (const file of listFiles(join(root, 'mf-site', 'dist')).filter((f) => /\.c?js$/.test(f))) {
    const source = readFileSync(file, 'utf8')
    const edited = source.replaceAll(`${V1_TEXT}\``, `${V2_TEXT}\``).replaceAll(`${V1_TEXT}"`, `${V2_TEXT}"`)
    if (edited !== source) writeFileSync(file, edited)
  }
  return root
}

const options = () => ({ cdnDir, registryFile })
const mfSite = () => readRegistry(registryFile).remotes.mf_site

/** Device ids whose side of the current canary is `canary` (the servers' own rule decides). */
function devicesOn(canary: boolean, count: number): string[] {
  const entry = mfSite()
  const out: string[] = []
  if (!entry?.canary) throw new Error('mf-site has no canary running')
  for (let i = 0; out.length < count; i++) {
    const key = canarySide.sideKey(`e2e-device-${i}`, undefined, null)
    if (canarySide.onCanary(key, 'mf_site', entry) === canary) out.push(`e2e-device-${i}`)
  }
  return out
}

/** The version a borrower's About us shows, after the heading of either version appears. */
async function shownVersion(context: BrowserContext, path: string): Promise<string> {
  const page = context.pages()[0] ?? (await context.newPage())
  await page.goto(`${BASE}${path}`)
  const heading = page.getByRole('heading', { name: /^Our mission( \(v2\))?$/ })
  await expect(heading).toBeVisible()
  return (await heading.textContent()) === V2_TEXT ? v2 : v1
}

/**
 * One borrower's visit: in from the developer test page by in-app navigation (the shell reads the registry),
 * then 10 reloads of the page; every one shows the same version, and the page's first frame, as the server
 * sends it, is that version's. Returns it.
 */
async function visit(browser: Browser, deviceId?: string): Promise<string> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(`${BASE}/testPreview${deviceId ? `?deviceId=${deviceId}` : ''}`)
    await page.getByRole('link', { name: 'About us' }).click()
    const heading = page.getByRole('heading', { name: /^Our mission( \(v2\))?$/ })
    await expect(heading).toBeVisible()
    const side = (await heading.textContent()) === V2_TEXT ? v2 : v1
    for (let reload = 0; reload < 10; reload++) expect(await shownVersion(context, '/aboutUs')).toBe(side)
    // The first frame the server sends this borrower (the browser's cookies with it) is their side's.
    const html = await (await context.request.get(`${BASE}/aboutUs`)).text()
    const frame = /<div id="first-frame"[\s\S]*?<div id="root"/.exec(html)?.[0] ?? ''
    expect(frame).toContain(side === v2 ? V2_TEXT : `${V1_TEXT}<`)
    expect(html).toContain(`/remotes/mf-site/${side}/`)
    return side
  } finally {
    await context.close()
  }
}

// eslint-disable-next-line no-empty-pattern -- Playwright's hooks take the fixtures object first
test.beforeAll(async ({}, testInfo) => {
  const behindNginx = testInfo.project.name === 'nginx'
  const port = behindNginx ? CANARY_PORT + 1 : CANARY_PORT
  test.setTimeout(120_000)
  ;({ work, cdnDir } = scratchCdn('canary-e2e-', { copy: false }))
  registryFile = join(cdnDir, 'registry.json')
  server = startDeploy('start', { PORT: String(port), CDN_DIR: cdnDir })
  BASE = `http://localhost:${port}`
  await waitFor(`${BASE}/registry.json`, server)
  if (behindNginx) {
    nginx = startDeploy('nginx', { NGINX_PORT: String(CANARY_PORT + 2), API_UPSTREAM: BASE, CDN_DIR: cdnDir })
    BASE = `http://127.0.0.1:${CANARY_PORT + 2}`
    await waitFor(`${BASE}/registry.json`, nginx)
  }
  v1 = mfSite().version
  v2 = releaseCanary('mf-site', 50, { ...options(), rootDir: canaryBuild() }).canary
})

test.afterAll(async () => {
  await Promise.all([stop(nginx), stop(server)])
  removeScratch(work)
})

test('a canary at 50% keeps each borrower on one side across 10 reloads and in-app navigation', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  expect(mfSite()).toMatchObject({ version: v1, canary: { version: v2, percent: 50 } })
  // Borrowers the native app opens, two on each side as their device ids fall.
  for (const device of devicesOn(true, 2)) expect(await visit(browser, device)).toBe(v2)
  for (const device of devicesOn(false, 2)) expect(await visit(browser, device)).toBe(v1)
  // Borrowers in a phone browser: whichever side their cookie falls on, they stay there (`visit` checks).
  for (let i = 0; i < 2; i++) expect([v1, v2]).toContain(await visit(browser))
})

test('other remotes are untouched: their pages and registry entries are the same on both sides', async ({
  request,
}) => {
  const keyOf = (device: string) => canarySide.sideKey(device, undefined, null)!
  const [on] = devicesOn(true, 1).map(keyOf)
  const [off] = devicesOn(false, 1).map(keyOf)
  const as = async (key: string, path: string) =>
    (await request.get(`${BASE}${path}`, { headers: { Cookie: `${canarySide.COOKIE}=${key}` } })).text()
  expect(await as(on, '/promotion')).toBe(await as(off, '/promotion'))
  const registries = await Promise.all(
    [on, off].map(async (key) => JSON.parse(await as(key, '/registry.json'))),
  )
  const [onSide, offSide] = registries as { remotes: Record<string, { version: string }> }[]
  expect(onSide.remotes.mf_site.version).toBe(v2)
  expect(offSide.remotes.mf_site.version).toBe(v1)
  expect({ ...onSide.remotes, mf_site: null }).toEqual({ ...offSide.remotes, mf_site: null })
})

test('promoted to every borrower, then another canary aborted: the registry and pages are as a plain release leaves them', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  expect(promoteCanary('mf-site', { ...options(), to: 100 })?.percent).toBe(100)
  expect(mfSite()).toEqual({
    version: v2,
    entry: `/remotes/mf-site/${v2}/mf-manifest.json`,
    previous: { version: v1, entry: `/remotes/mf-site/${v1}/mf-manifest.json` },
    available: [v1, v2],
  })
  expect(listFiles(join(cdnDir, '.pages', canarySide.PAGES_DIR)).filter((f) => f.endsWith('.html'))).toEqual(
    [],
  )
  for (const device of ['e2e-device-0', undefined]) expect(await visit(browser, device)).toBe(v2)

  // v1 as a canary of the current v2, aborted: the registry and every page as the promotion left them.
  const pages = () =>
    Object.fromEntries(
      listFiles(join(cdnDir, '.pages'))
        .filter((file) => /\.(html|data)$/.test(file))
        .map((file) => [relative(cdnDir, file), readFileSync(file, 'utf8')]),
    )
  const registryBefore = readFileSync(registryFile, 'utf8')
  const pagesBefore = pages()
  expect(releaseCanary('mf-site', 50, { ...options(), rootDir: ROOT }).canary).toBe(v1)
  const onCanary = devicesOn(true, 1)
  expect(Object.keys(pages()).some((file) => file.includes(canarySide.PAGES_DIR))).toBe(true)
  expect(abortCanary('mf-site', { ...options(), reason: 'e2e' }).aborted).toBe(v1)
  expect(readFileSync(registryFile, 'utf8')).toBe(registryBefore)
  expect(pages()).toEqual(pagesBefore)
  for (const device of onCanary) expect(await visit(browser, device)).toBe(v2)
})
