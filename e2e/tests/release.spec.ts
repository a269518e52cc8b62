import { spawnSync, type ChildProcess } from 'node:child_process'
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { readRegistry } from 'deploy/registry-file'
import { CONTRACT_VERSION, contractMajor } from 'shared/contract'
import { hashDir, listFiles, releaseRemote, rollbackRemote } from 'deploy/release'
import { removeScratch, ROOT, scratchCdn, startDeploy, stop, waitFor } from './own-server'

/**
 * Independent release and rollback of one remote, against its own server and CDN folder (so the other suites
 * keep their registry). v1 is the real mf-site build; v2 and v3 are copies with a visible change.
 */
// Each project gets its own server (and nginx) on its own ports, over its own CDN folder: three ports from
// E2E_RELEASE_PORT, so runs in parallel worktrees can keep apart.
const RELEASE_PORT = Number(process.env.E2E_RELEASE_PORT ?? 4330)
let PORT = RELEASE_PORT
let BASE = `http://localhost:${PORT}`
const V1_TEXT = 'Our mission'
const V2_TEXT = 'Our mission (v2)'

let work: string
let cdnDir: string
let registryFile: string
let server: ChildProcess
let nginx: ChildProcess | null = null
let v1: string
let v2: string

test.describe.configure({ mode: 'serial' })

/** A copy of the real mf-site build in a scratch workspace, with `edit` applied to its JS. */
function variant(name: string, edit: (source: string, file: string) => string): string {
  const root = join(work, name)
  cpSync(join(ROOT, 'mf-site', 'package.json'), join(root, 'mf-site', 'package.json'))
  cpSync(join(ROOT, 'mf-site', 'dist'), join(root, 'mf-site', 'dist'), { recursive: true })
  for (const file of listFiles(join(root, 'mf-site', 'dist')).filter((f) => f.endsWith('.js'))) {
    const source = readFileSync(file, 'utf8')
    const edited = edit(source, file)
    if (edited !== source) writeFileSync(file, edited)
  }
  return root
}

function release(root: string): string {
  return releaseRemote('mf-site', { rootDir: root, cdnDir, registryFile }).version
}

function current(): string {
  return readRegistry(registryFile).remotes.mf_site.version
}

async function expectVersionShown(page: Page, text: string, path = '/aboutUs') {
  await page.goto(`${BASE}${path}`)
  await expect(page.getByRole('heading', { name: text, exact: true })).toBeVisible()
}

// eslint-disable-next-line no-empty-pattern -- Playwright's hooks take the fixtures object first
test.beforeAll(async ({}, testInfo) => {
  const behindNginx = testInfo.project.name === 'nginx'
  PORT = behindNginx ? RELEASE_PORT + 1 : RELEASE_PORT
  // A server of its own (and nginx) starting beside the suite's: slow on a busy machine.
  test.setTimeout(120_000)
  // An empty CDN folder: the server releases the builds into it.
  ;({ work, cdnDir } = scratchCdn('release-e2e-', { copy: false }))
  registryFile = join(cdnDir, 'registry.json')
  server = startDeploy('start', { PORT: String(PORT), CDN_DIR: cdnDir })
  await waitFor(`http://localhost:${PORT}/registry.json`, server)
  BASE = `http://localhost:${PORT}`
  if (behindNginx) {
    nginx = startDeploy('nginx', {
      NGINX_PORT: String(RELEASE_PORT + 2),
      API_UPSTREAM: BASE,
      CDN_DIR: cdnDir,
    })
    BASE = `http://127.0.0.1:${RELEASE_PORT + 2}`
    await waitFor(`${BASE}/registry.json`, nginx)
  }
  v1 = current()
  v2 = release(
    variant('v2', (s) =>
      s.replaceAll(`${V1_TEXT}\``, `${V2_TEXT}\``).replaceAll(`${V1_TEXT}"`, `${V2_TEXT}"`),
    ),
  )
})

test.afterAll(async () => {
  await Promise.all([stop(nginx), stop(server)])
  removeScratch(work)
})

test('a release is served on the next load; rollback returns to v1 without touching the shell', async ({
  page,
}) => {
  expect(v2).not.toBe(v1)
  expect(readRegistry(registryFile).remotes.mf_site).toMatchObject({ version: v2, previous: { version: v1 } })
  await expectVersionShown(page, V2_TEXT)
  const shellBefore = hashDir(join(ROOT, 'shell', 'dist'))
  const complaintBefore = JSON.stringify(readRegistry(registryFile).remotes.mf_complaint)
  rollbackRemote('mf-site', undefined, { cdnDir, registryFile })
  expect(current()).toBe(v1)
  await expectVersionShown(page, V1_TEXT)
  expect(hashDir(join(ROOT, 'shell', 'dist'))).toBe(shellBefore)
  expect(JSON.stringify(readRegistry(registryFile).remotes.mf_complaint)).toBe(complaintBefore)
  // The rollback is itself undoable.
  rollbackRemote('mf-site', undefined, { cdnDir, registryFile })
  await expectVersionShown(page, V2_TEXT)
})

test('publishing the same build again is a no-op', () => {
  const before = readFileSync(registryFile, 'utf8')
  expect(release(join(work, 'v2'))).toBe(v2)
  expect(readFileSync(registryFile, 'utf8')).toBe(before)
})

test('rollback to a version that does not exist is refused with a clear message', () => {
  const before = readFileSync(registryFile, 'utf8')
  const run = spawnSync('pnpm', ['--silent', 'rollback', 'mf-site', '0.0.0-missing'], {
    cwd: ROOT,
    env: { ...process.env, CDN_DIR: cdnDir },
    encoding: 'utf8',
  })
  expect(run.status).not.toBe(0)
  expect(run.stderr + run.stdout).toContain('mf-site@0.0.0-missing does not exist on the CDN')
  expect(readFileSync(registryFile, 'utf8')).toBe(before)
})

test('v2 manifest answering 500 → v1 is served automatically, and the fallback is reported', async ({
  page,
}) => {
  const warnings: string[] = []
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()))
  await page.route(`**/remotes/mf-site/${v2}/mf-manifest.json*`, (route) =>
    route.fulfill({ status: 500, body: 'boom' }),
  )
  // A page served for a route carries that route's manifest inline; an in-app navigation fetches it.
  await page.goto(`${BASE}/testPreview`)
  await page.getByRole('link', { name: 'About us' }).click()
  await expect(page.getByRole('heading', { name: V1_TEXT, exact: true })).toBeVisible()
  expect(warnings.join('\n')).toContain(`mf_site@${v2} failed to load; using previous version ${v1}`)
})

test('v2 entry throwing on import → v1', async ({ page }) => {
  await page.route(`**/remotes/mf-site/${v2}/remoteEntry.js*`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: "throw new Error('broken release')" }),
  )
  await expectVersionShown(page, V1_TEXT)
})

test('both versions down → retry screen on that route; other routes work; diagnostics list the attempts', async ({
  page,
}) => {
  await page.route(`**/remotes/mf-site/**`, (route) => route.fulfill({ status: 404, body: 'gone' }))
  await page.goto(`${BASE}/testPreview`)
  await page.getByRole('link', { name: 'About us' }).click()
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'Test preview' })).toBeVisible()
  const diagnostics = page.getByRole('table')
  await expect(diagnostics).toContainText(`${v2}`)
  await expect(diagnostics).toContainText(`${v1}`)
  await expect(diagnostics).toContainText('manifest failed: manifest answered 404')
})

test('a remote with an incompatible contract major is refused like a failed load', async ({ page }) => {
  // The build's own contract version, as the bundle writes it, made one major ahead.
  const own = new RegExp(`=\`${CONTRACT_VERSION.replaceAll('.', '\\.')}\`([;,])`)
  const next = `${contractMajor(CONTRACT_VERSION)! + 1}.0.0`
  const v3 = release(variant('v3', (s) => s.replace(own, `=\`${next}\`$1`)))
  try {
    expect(readRegistry(registryFile).remotes.mf_site).toMatchObject({
      version: v3,
      previous: { version: v2 },
    })
    await expectVersionShown(page, V2_TEXT)
  } finally {
    rollbackRemote('mf-site', v2, { cdnDir, registryFile })
  }
  expect(current()).toBe(v2)
})

test('a hung remote shows the retry screen within 10 s', async ({ page }) => {
  test.setTimeout(40_000)
  // No file of either version ever answers (the current version's manifest is inline in the page).
  await page.route(`**/remotes/mf-site/**`, () => undefined)
  const started = Date.now()
  // The page's own preloads of the hung files keep its load event from firing; the borrower sees the DOM.
  await page.goto(`${BASE}/aboutUs`, { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible({
    timeout: 15_000,
  })
  expect(Date.now() - started).toBeLessThan(10_000)
})

test('QA override loads the named version only when it exists', async ({ page }) => {
  await expectVersionShown(page, V1_TEXT, `/aboutUs?mf=mf_site@${v1}`)
  // A pinned link is not passed on: ?mf= leaves the address bar.
  expect(new URL(page.url()).search).toBe('')
  // The override lasts for this browser session…
  await expectVersionShown(page, V1_TEXT, '/aboutUs')
  // …and an unknown version is ignored.
  await expectVersionShown(page, V2_TEXT, '/aboutUs?mf=mf_site@9.9.9-nope')
})

test('where the deploy settings do not allow overrides, ?mf= is ignored, stripped and a stored pin dropped', async ({
  page,
}) => {
  const warnings: string[] = []
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()))
  // This server runs the demo profile (overrides on); the page gets the production value instead.
  await page.route(
    (url) => url.pathname === '/aboutUs',
    async (route) => {
      const response = await route.fetch()
      const html = await response.text()
      expect(html).toContain('"versionOverrides":true')
      await route.fulfill({
        response,
        body: html.replace('"versionOverrides":true', '"versionOverrides":false'),
      })
    },
  )
  await page.goto(`${BASE}/testPreview`)
  await page.evaluate((pin) => sessionStorage.setItem('loan-shell:mf-override', pin), `mf_site@${v1}`)
  await expectVersionShown(page, V2_TEXT, `/aboutUs?mf=mf_site@${v1}&orderId=5`)
  expect(new URL(page.url()).search).toBe('?orderId=5')
  expect(await page.evaluate(() => sessionStorage.getItem('loan-shell:mf-override'))).toBeNull()
  expect(warnings.join('\n')).toContain('version overrides (?mf=) are off in this deployment')
})

/** A remote entry whose app loads and passes the contract check, then throws as it mounts. */
const THROWS_AT_MOUNT = `
  const app = {
    contract: '1.0.0',
    bootstrap: async () => undefined,
    mount: async () => {
      throw new Error('broken release: throws at mount')
    },
    unmount: async () => undefined,
  }
  export function init() {}
  export async function get() {
    return () => app
  }
`

test('a rolled-back version never comes back while /registry.json is slow', async ({ page }) => {
  test.setTimeout(60_000)
  const before = readRegistry(registryFile).remotes.mf_site
  expect(before.version).toBe(v2)
  const broken = release(
    variant('throws-at-mount', (s, file) => (file.endsWith('/remoteEntry.js') ? THROWS_AT_MOUNT : s)),
  )
  rollbackRemote('mf-site', undefined, { cdnDir, registryFile })
  try {
    expect(readRegistry(registryFile).remotes.mf_site).toMatchObject({
      version: v2,
      previous: { version: broken },
    })
    const requested = new Set<string>()
    page.on('request', (request) => {
      const version = /^\/remotes\/mf-site\/([^/]+)\//.exec(new URL(request.url()).pathname)?.[1]
      if (version) requested.add(version)
    })
    // The network stalls: /registry.json answers nothing for 10 s from its first request, then every request
    // still open is answered. The shell has given up on some of them by then (a request it aborted cannot be).
    let stalledUntil: number | null = null
    let asked = 0
    await page.route('**/registry.json', async (route) => {
      asked += 1
      const until = (stalledUntil ??= Date.now() + 10_000)
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now())))
      await route.continue().catch(() => undefined)
    })
    // /testPreview carries no remote's entry: the in-app navigation needs the live registry.
    await page.goto(`${BASE}/testPreview`)
    await page.getByRole('link', { name: 'About us' }).click()
    await expect(page.getByRole('heading', { name: V2_TEXT, exact: true })).toBeVisible({ timeout: 30_000 })
    expect(asked).toBeGreaterThan(1)
    expect([...requested]).not.toContain(broken)
    // Nor any version that is not current: the shell was built while v1 was current, and before ADR 0023 it
    // loaded that copy after 3 s without an answer.
    expect([...requested]).toEqual([v2])
  } finally {
    // Current and previous as the tests above left them.
    if (before.previous) rollbackRemote('mf-site', before.previous.version, { cdnDir, registryFile })
    rollbackRemote('mf-site', v2, { cdnDir, registryFile })
  }
})
