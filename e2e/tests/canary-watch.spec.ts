import type { ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { expect, test, type Browser } from '@playwright/test'
import { releaseCanary } from 'deploy/canary'
import canarySide from 'deploy/canary-side'
import { readRegistry } from 'deploy/registry-file'
import { readReleaseEvents } from 'deploy/release-log'
import { borrowerOpensOrder, mfLoanThrowingAtMount } from './mf-loan-build'
import { removeScratch, scratchCdn, startDeploy, stop, waitFor } from './own-server'

/**
 * A canary judged against its control group by the server's watch (ADR 0059), on a server of its own: a
 * version of mf-loan that throws at mount for some borrowers is aborted within its sample while the control
 * side keeps its version; a healthy one is promoted through its steps to every borrower. Four canary clients a
 * step (`RELEASE_WATCH_MAX_LOADS`), steps 25, 50, 100. Behind nginx too: its pages, tokens and sides (njs), the
 * reports passed on to the deploy server, whose watch judges them.
 */
const CANARY_WATCH_PORT = Number(process.env.E2E_CANARY_WATCH_PORT ?? 4343)
const OPS_TOKEN = 'e2e-ops-token-canary-0123456789'

let work: string
let cdnDir: string
let registryFile: string
let server: ChildProcess
let nginx: ChildProcess | null = null
/** The deploy server (its ops page), and where borrowers' pages come from (it, or nginx in front of it). */
let BASE = ''
let FRONT_PORT = 0
let borrowers = 0

test.describe.configure({ mode: 'serial' })

// eslint-disable-next-line no-empty-pattern -- Playwright's hooks take the fixtures object first
test.beforeAll(async ({}, testInfo) => {
  const behindNginx = testInfo.project.name === 'nginx'
  const port = behindNginx ? CANARY_WATCH_PORT + 3 : CANARY_WATCH_PORT
  BASE = `http://localhost:${port}`
  FRONT_PORT = port
  test.setTimeout(120_000)
  ;({ work, cdnDir } = scratchCdn('canary-watch-e2e-', { releaseLog: false }))
  registryFile = join(cdnDir, 'registry.json')
  server = startDeploy('start', {
    PORT: String(port),
    CDN_DIR: cdnDir,
    HEALTH_DB: join(work, 'health.db'),
    OPS_TOKEN,
    RELEASE_WATCH_MAX_LOADS: '4',
    CANARY_STEPS: '25,50,100',
  })
  await waitFor(`${BASE}/registry.json`, server)
  if (behindNginx) {
    FRONT_PORT = CANARY_WATCH_PORT + 4
    nginx = startDeploy('nginx', { NGINX_PORT: String(FRONT_PORT), API_UPSTREAM: BASE, CDN_DIR: cdnDir })
    await waitFor(`http://127.0.0.1:${FRONT_PORT}/registry.json`, nginx)
  }
})

test.afterAll(async () => {
  await Promise.all([stop(nginx), stop(server)])
  removeScratch(work)
})

const mfLoan = () => readRegistry(registryFile).remotes.mf_loan

/** A device id whose side of mf-loan's running canary is `onCanary`, not used before. */
function deviceOn(onCanary: boolean): string {
  const entry = mfLoan()
  for (;;) {
    const device = `e2e-canary-${Date.now()}-${++borrowers}`
    if (canarySide.onCanary(canarySide.sideKey(device, undefined, null), 'mf_loan', entry) === onCanary)
      return device
  }
}

/** One borrower of the native app, at an address of their own, opens their order (`borrowerOpensOrder`). */
const borrowerLoads = (browser: Browser, deviceId: string, session: string) =>
  borrowerOpensOrder(browser, FRONT_PORT, 10 + (borrowers % 240), session, deviceId)

/** The ops page's section of mf-loan, logged in, in a context of its own. */
async function opsSection(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } })
  const ops = await context.newPage()
  await ops.goto(`${BASE}/ops`)
  await ops.getByLabel('Ops token').fill(OPS_TOKEN)
  await ops.getByRole('button', { name: 'Open' }).click()
  return { page: ops, section: ops.locator('section[data-remote="mf_loan"]'), close: () => context.close() }
}

test('a canary that throws at mount for some borrowers is aborted within its sample; the control side is untouched', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const control = mfLoan().version
  // It throws for borrowers whose session ends in an odd digit.
  const broken = mfLoanThrowingAtMount(
    join(work, 'broken'),
    "/[13579]$/.test(String(props.session?.session?.sessionId??''))",
  )
  const canary = releaseCanary('mf-loan', 25, { rootDir: broken, cdnDir, registryFile }).canary
  const seen: string[] = []
  for (let i = 0; i < 8 && mfLoan().canary; i++) {
    // A control borrower (whatever their session) and a canary borrower the version fails, in turn.
    const onCanary = i % 2 === 1
    seen.push(await borrowerLoads(browser, deviceOn(onCanary), `e2e-canary-${i}${onCanary ? 1 : 2}`))
  }
  await expect.poll(() => mfLoan().canary, { timeout: 15_000 }).toBeUndefined()
  expect(mfLoan().version).toBe(control)
  // The control borrowers all had their order.
  expect(seen.filter((_, i) => i % 2 === 0)).not.toContain('retry')
  // The log line follows the registry change and the rewritten pages.
  await expect
    .poll(() => readReleaseEvents(cdnDir).some((e) => e.kind === 'abort'), { timeout: 10_000 })
    .toBe(true)
  const abort = readReleaseEvents(cdnDir).find((e) => e.kind === 'abort')
  expect(abort).toMatchObject({ remote: 'mf_loan', from: canary, to: control, percent: 25 })
  expect(abort?.reason).toMatch(/^canary judge: code failures 3 of 3 loads \(100\.0%\) from 3 clients/)
  // A borrower the canary had is back on the control's version.
  expect(await borrowerLoads(browser, 'e2e-canary-after', 'e2e-canary-after-1')).toBe('order')
  // Ops see the abort and why on the time axis's list.
  const ops = await opsSection(browser)
  await expect(ops.section.getByRole('listitem').filter({ hasText: 'abort' })).toContainText(
    'canary judge: code failures',
  )
  await expect(ops.section.locator('p.canary')).toHaveCount(0)
  await ops.close()
})

test('a healthy canary is promoted through its steps to every borrower, as a plain release of it', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const control = mfLoan().version
  const healthy = mfLoanThrowingAtMount(join(work, 'healthy'), 'false')
  const canary = releaseCanary('mf-loan', 25, { rootDir: healthy, cdnDir, registryFile }).canary
  // Ops see the canary, its share and the judge's state, its control and canary rows side by side.
  const ops = await opsSection(browser)
  await expect(ops.section.locator('p.canary')).toContainText(`canary ${canary} · 25% asked`)
  // The page reads the watch's latest judgement as it loads: it has one within the watch's 2 s.
  await expect(async () => {
    await ops.page.reload()
    await expect(ops.section.locator('p.canary')).toContainText('judge: waiting', { timeout: 1000 })
  }).toPass({ timeout: 15_000 })
  await expect(ops.section.locator('tr[data-which="canary"]').first()).toContainText(canary)
  await expect(ops.section.locator('tr[data-which="control"]').first()).toContainText(control)
  await ops.close()
  for (let i = 0; i < 24 && mfLoan().canary; i++) {
    const step = mfLoan().canary!.percent
    expect(await borrowerLoads(browser, deviceOn(true), `e2e-healthy-${i}1`)).toBe('order')
    // The watch promotes once the step's four canary clients are judged (every 2 s).
    if (i % 4 === 3)
      await expect.poll(() => mfLoan().canary?.percent ?? 100, { timeout: 10_000 }).not.toBe(step)
  }
  expect(mfLoan()).toMatchObject({ version: canary, previous: { version: control } })
  expect(mfLoan().canary).toBeUndefined()
  // The log line follows the registry change and the rewritten pages.
  const steps = () =>
    readReleaseEvents(cdnDir)
      .filter((e) => e.to === canary)
      .map((e) => [e.kind, e.percent])
  await expect.poll(steps, { timeout: 10_000 }).toEqual([
    ['canary', 25],
    ['step', 50],
    ['promote', 100],
  ])
  expect(readReleaseEvents(cdnDir).at(-1)?.reason).toMatch(/^canary judge: healthy after 4 loads/)
})
