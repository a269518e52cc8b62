import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { pageFileName, pagesDirOf } from 'deploy/route-pages'
import { PROFILES, REQUIRED_IN_PRODUCTION, REQUIRED_TO_SERVE_IN_PRODUCTION } from 'deploy/settings'
import { removeScratch, ROOT, scratchCdn, startDeploy, stop, waitFor } from './own-server'
import { PRODUCTION_ENV } from 'deploy/testing/production-env'

/**
 * The lender's legal identity is the deployment's (issue #40, items 6 and 7; ADR 0038): the site's pages show
 * the one the settings state, in the page's first frame before any script runs, and a production deploy
 * refuses to start without it or without its link hosts.
 */
// The slot between the release spec's server (E2E_RELEASE_PORT) and the release watch's (+8).
const PORT = Number(process.env.E2E_IDENTITY_PORT ?? Number(process.env.E2E_RELEASE_PORT ?? 4330) + 7)
const SITE_PAGES = ['/', '/aboutUs', '/privacyPolicy', '/loanAgreement'] as const

interface Identity {
  name: string
  secNo: string
  authorityNo: string
  address: string
}

const DEMO: Identity = {
  name: PROFILES.demo.lenderName,
  secNo: PROFILES.demo.lenderSecRegistrationNo,
  authorityNo: PROFILES.demo.lenderCertificateOfAuthorityNo,
  address: PROFILES.demo.lenderAddress,
}

/** Each page states all four: the footer (/), the mission and office (About us), the controller, the parties. */
function expectIdentity(text: string, identity: Identity) {
  expect(text).toContain(identity.name)
  expect(text).toMatch(new RegExp(`SEC Registration No\\.:? ${identity.secNo}`))
  expect(text).toMatch(new RegExp(`Certificate of Authority No\\.:? ${identity.authorityNo}`))
  expect(text).toContain(identity.address)
  // What the site once wrote into itself as if it were the lender's.
  expect(text).not.toMatch(/CashLoan Lending Corporation|CS201912345|Sunbridge|Makati/)
}

/** The page's first frame (ADR 0018) as served: what paints before any script. */
function firstFrameOf(html: string): string {
  const frame = /<div id="first-frame"[\s\S]*?(?=<div id="root">)/.exec(html)
  expect(frame, 'the page has a first frame').not.toBeNull()
  return frame![0]
}

test.describe('the demo identity from the settings', () => {
  for (const path of SITE_PAGES) {
    test(`${path}: the served page's first frame states it`, async ({ request }) => {
      expectIdentity(firstFrameOf(await (await request.get(path)).text()), DEMO)
    })
  }

  test.describe('without JavaScript, from the first frame', () => {
    test.use({ javaScriptEnabled: false })
    for (const path of SITE_PAGES) {
      test(`${path} shows it`, async ({ page }) => {
        await page.goto(path)
        expectIdentity(await page.locator('body').innerText(), DEMO)
      })
    }
  })

  for (const path of SITE_PAGES) {
    test(`${path}: the hydrated screen keeps it, without a mismatch`, async ({ page }) => {
      const problems: string[] = []
      page.on('console', (m) => /first frame|hydrat|#418|#425/i.test(m.text()) && problems.push(m.text()))
      await page.goto(path)
      await expect
        .poll(() => page.evaluate(() => performance.getEntriesByName('remote-mounted').length))
        .toBe(1)
      expectIdentity(await page.locator('body').innerText(), DEMO)
      expect(problems).toEqual([])
    })
  }
})

test.describe('a production deploy', () => {
  test.describe.configure({ mode: 'serial' })

  const PRODUCTION = { ...PRODUCTION_ENV, ALLOWED_HOSTS: 'none' }
  const identityOf = (env: typeof PRODUCTION): Identity => ({
    name: env.LENDER_NAME,
    secNo: env.LENDER_SEC_REGISTRATION_NO,
    authorityNo: env.LENDER_CERTIFICATE_OF_AUTHORITY_NO,
    address: env.LENDER_ADDRESS,
  })
  let work: string
  let cdnDir: string
  let server: ChildProcess | null = null
  /** Deploy commands still running (a test that timed out): stopped before their folder is removed. */
  const running = new Set<ChildProcess>()

  // eslint-disable-next-line no-empty-pattern -- Playwright's hooks take the fixtures object first
  test.beforeAll(({}, testInfo) => {
    test.skip(testInfo.project.name === 'nginx', 'the deploy commands are the same for both servers')
    ;({ work, cdnDir } = scratchCdn('identity-e2e-'))
  })
  test.afterAll(async () => {
    await Promise.all([server, ...running].map(stop))
    removeScratch(work)
  })

  /** Runs a deploy script over the copy of the CDN with `env`; resolves with its exit code and output. */
  function deploy(script: string, env: Record<string, string | undefined>) {
    return new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn('pnpm', ['--filter', 'deploy', script], {
        cwd: ROOT,
        env: { ...process.env, SKIP_BUILD: '1', CDN_DIR: cdnDir, NGINX_PORT: String(PORT), ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
        detached: true,
      })
      running.add(child)
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      child.on('exit', (code) => {
        running.delete(child)
        resolve({ code, stderr })
      })
    })
  }

  const written = (path: string) => readFileSync(join(pagesDirOf(cdnDir), pageFileName(path)), 'utf8')

  test('pnpm build and pnpm nginx refuse it without its settings, naming each in one message', async () => {
    test.slow()
    const unset = Object.fromEntries(Object.keys(REQUIRED_IN_PRODUCTION).map((v) => [v, undefined]))
    // Every shell release writes the settings file again: its time says whether anything was written.
    const settingsFile = join(pagesDirOf(cdnDir), 'settings.json')
    const before = statSync(settingsFile).mtimeMs
    for (const script of ['build', 'nginx']) {
      const run = await deploy(script, { ...unset, DEPLOY_PROFILE: 'production' })
      expect(run.code, script).not.toBe(0)
      const [heading, ...lines] = run.stderr
        .slice(run.stderr.indexOf('DEPLOY_PROFILE=production needs'))
        .split('\n')
      expect(heading, script).toMatch(/^DEPLOY_PROFILE=production needs settings that are not set/)
      const named = lines.map((line) => /^ {2}([A-Z_]+): /.exec(line)?.[1]).filter(Boolean)
      // nginx is a server: it names the page-load tokens' secret too (ADR 0040).
      const serving = script === 'nginx' ? Object.keys(REQUIRED_TO_SERVE_IN_PRODUCTION) : []
      expect(named, script).toEqual([...Object.keys(REQUIRED_IN_PRODUCTION), ...serving])
      expect(run.stderr).toContain('refused with "This link cannot be opened."')
    }
    expect(statSync(settingsFile).mtimeMs).toBe(before)
  })

  const CHANGED = { ...PRODUCTION, LENDER_NAME: 'Bangka Finance Inc.', LENDER_ADDRESS: '3 Other Road, Cebu' }

  test('its pages carry the identity it states, in their first frames', async () => {
    // A release of every page with its first frame: seconds, more on a busy machine.
    test.setTimeout(120_000)
    const run = await deploy('build', PRODUCTION)
    expect(run.code, run.stderr).toBe(0)
    for (const path of SITE_PAGES) expectIdentity(firstFrameOf(written(path)), identityOf(PRODUCTION))
    const settings = JSON.parse(readFileSync(join(pagesDirOf(cdnDir), 'settings.json'), 'utf8')) as {
      allowedHosts: string[]
    }
    expect(settings.allowedHosts).toEqual([])
  })

  test('started with other settings, it writes its pages again: a borrower sees the new lender before any script', async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    server = startDeploy('start', {
      ...CHANGED,
      PORT: String(PORT),
      CDN_DIR: cdnDir,
      HEALTH_DB: join(work, 'health.db'),
      // A production server states the page-load tokens' secret too (ADR 0040).
      HEALTH_TOKEN_SECRET: 'e2e-identity-token-secret-0123456789',
      RELEASE_WATCH: 'off',
    })
    await waitFor(`http://localhost:${PORT}/registry.json`, server)
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page: Page = await context.newPage()
    for (const path of SITE_PAGES) {
      await page.goto(`http://localhost:${PORT}${path}`)
      const text = await page.locator('body').innerText()
      expectIdentity(text, identityOf(CHANGED))
      expect(text).not.toContain(PRODUCTION.LENDER_NAME)
    }
    await context.close()
  })
})
