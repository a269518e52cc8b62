import type { ChildProcess } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { readStoredLoads } from 'deploy/health-db'
import { healthStoreFile } from 'deploy/health-store'
import { readRegistry } from 'deploy/registry-file'
import { releaseRemote } from 'deploy/release'
import { readReleaseEvents } from 'deploy/release-log'
import type { HealthReport } from 'shared/health'
import { copyMfLoan, mfLoanThrowingAtMount } from './mf-loan-build'
import { clientAt, removeScratch, scratchCdn, startDeploy, stop, waitFor } from './own-server'

/**
 * The forged-report attacks of issue #41, made from outside as the review made them (ADR 0040): a report
 * counts only for a page load the deployment served, once per load, and never from another site.
 */
const STORE = healthStoreFile(Number(process.env.E2E_PORT ?? 4310))
// The release-watch spec's server is on E2E_WATCH_PORT; this spec's own server on the next port.
const OWN_PORT = Number(process.env.E2E_WATCH_PORT ?? 4338) + 1
const OWN = `http://localhost:${OWN_PORT}`

const report = (remotes: HealthReport['remotes'], route = '/loanDetails'): HealthReport => ({
  v: 1,
  route,
  phase: 'load',
  remotes,
  vitals: [],
  errors: [],
  calls: [],
})
const outcomes = (version: string, outcome: 'mounted' | 'retry-screen', n = 10) =>
  Array.from({ length: n }, () => ({ remote: 'mf_loan', version, outcome, phases: {} }))

/** A connection of its own, as a script's would be: an idle kept-alive one the server is closing (after 5 s) would fail the request instead. */
const FRESH = { headers: { Connection: 'close' } }

const post = (base: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/health/reports`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...FRESH.headers, ...headers },
    body: JSON.stringify(body),
  })

test.describe('a newly released version', () => {
  test.describe.configure({ mode: 'serial' })
  let work: string
  let cdnDir: string
  let registryFile: string
  let server: ChildProcess | null = null

  // eslint-disable-next-line no-empty-pattern -- Playwright's hooks take the fixtures object first
  test.beforeAll(async ({}, testInfo) => {
    test.skip(testInfo.project.name === 'nginx', 'the watch is the deploy server’s; one server is enough')
    // A server of its own starting beside the suite's: slow on a busy machine.
    test.setTimeout(120_000)
    ;({ work, cdnDir } = scratchCdn('forged-e2e-', { releaseLog: false }))
    registryFile = join(cdnDir, 'registry.json')
    // The release watch as production runs it: its default judge.
    server = startDeploy('start', { PORT: String(OWN_PORT), CDN_DIR: cdnDir, HEALTH_DB: join(work, 'h.db') })
    await waitFor(`${OWN}/registry.json`, server)
  })

  test.afterAll(async () => {
    await stop(server)
    removeScratch(work)
  })

  /** As the review did: the version the public registry names. */
  const current = async () =>
    (
      (await (await fetch(`${OWN}/registry.json`, FRESH)).json()) as {
        remotes: Record<string, { version: string }>
      }
    ).remotes.mf_loan.version

  /** One real page load's token, fetched as a script would. */
  const pageLoad = async () =>
    (await fetch(`${OWN}/loanDetails?productId=1&orderId=86`, FRESH)).headers.get('set-cookie')!.split(';')[0]

  test('two reports of 10 retry screens each roll nothing back: without a page load refused, with one one load', async () => {
    test.setTimeout(60_000)
    // A healthy new mf-loan: the real build with one comment added, so it is a version of its own.
    const root = join(work, 'next')
    const js = copyMfLoan(root).find((f) => f.endsWith('.js'))!
    writeFileSync(js, `${readFileSync(js, 'utf8')}\n// forged-reports e2e\n`)
    const released = releaseRemote('mf-loan', { rootDir: root, cdnDir, registryFile })
    expect(released.changed).toBe(true)
    expect(await current()).toBe(released.version)
    const forged = report(outcomes(released.version, 'retry-screen'))
    const statuses = []
    for (let i = 0; i < 2; i++) statuses.push((await post(OWN, forged)).status)
    expect(statuses).toEqual([403, 403])
    // A real page load's token, reused: its route's one load, however many outcomes the reports carry.
    const cookie = await pageLoad()
    for (let i = 0; i < 2; i++) expect((await post(OWN, forged, { Cookie: cookie })).status).toBe(202)
    // The watch looks every 2 s; the review saw the rollback 2.2 s after the reports.
    await new Promise((resolve) => setTimeout(resolve, 6000))
    expect(readRegistry(registryFile).remotes.mf_loan.version).toBe(released.version)
    expect(readReleaseEvents(cdnDir).filter((e) => e.kind === 'rollback')).toEqual([])
  })

  test('reports of 10 mounts each do not mask a release that fails every borrower', async ({ browser }) => {
    test.setTimeout(120_000)
    const good = await current()
    const broken = releaseRemote('mf-loan', {
      rootDir: mfLoanThrowingAtMount(join(work, 'broken'), 'true'),
      cdnDir,
      registryFile,
    })
    expect(broken).toMatchObject({ changed: true, previous: good })
    const masking = report(outcomes(broken.version, 'mounted'))
    // The review's two reports of 10 mounts, then the same with one page load's token ten times.
    for (let i = 0; i < 2; i++) expect((await post(OWN, masking)).status).toBe(403)
    const cookie = await pageLoad()
    for (let i = 0; i < 10; i++) expect((await post(OWN, masking, { Cookie: cookie })).status).toBe(202)
    // Borrowers, each at an address of their own, get the retry screen until the watch rolls it back.
    const shown: boolean[] = []
    for (let n = 0; n < 8 && readRegistry(registryFile).remotes.mf_loan.version === broken.version; n++) {
      const client = await clientAt(OWN_PORT, 20 + n)
      const context = await browser.newContext()
      try {
        const page = await context.newPage()
        const reported = page.waitForResponse((r) => new URL(r.url()).pathname === '/health/reports')
        await page.goto(`${client.base}/loanDetails?productId=1&orderId=86`)
        const retry = page.getByRole('heading', { name: 'This page could not be loaded' })
        const order = page.getByRole('button', { name: 'REPAY', exact: true })
        await expect(order.or(retry)).toBeVisible({ timeout: 15_000 })
        shown.push(await retry.isVisible())
        expect((await reported).status()).toBe(202)
      } finally {
        await context.close()
        client.close()
      }
    }
    await expect
      .poll(() => readRegistry(registryFile).remotes.mf_loan.version, { timeout: 15_000 })
      .toBe(good)
    expect(shown).toContain(true)
    await expect
      .poll(() => readReleaseEvents(cdnDir).find((e) => e.kind === 'rollback')?.reason ?? '', {
        timeout: 10_000,
      })
      // The forged mounts are one load of one client; three borrowers' failures decide it.
      .toMatch(/^release watch: code failures 3 of 4 loads \(75\.0%\) from 4 clients/)
  })
})

test('a page load fetched once and its token reused for 10 reports counts as one load at most', async ({
  request,
  baseURL,
}) => {
  const page = await request.get('/loanDetails?productId=1&orderId=86')
  expect(page.status()).toBe(200)
  const token = (await request.storageState()).cookies.find((c) => c.name === 'hl')?.value ?? ''
  const loadId = token.split('.')[2]
  expect(loadId).toMatch(/^[0-9a-f]{32}$/)
  const version = (
    (await (await request.get('/registry.json')).json()) as {
      remotes: Record<string, { version: string }>
    }
  ).remotes.mf_loan.version
  // Ten reports of ten mounts each: the review got a release judged healthy with two such reports.
  for (let i = 0; i < 10; i++) {
    const answer = await request.post(`${baseURL}/health/reports`, {
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      data: JSON.stringify(report(outcomes(version, 'mounted'))),
    })
    expect(answer.status()).toBeLessThan(300)
  }
  await expect.poll(() => readStoredLoads(STORE).filter((l) => l.loadId === loadId).length).toBe(1)
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(readStoredLoads(STORE).filter((l) => l.loadId === loadId)).toEqual([
    expect.objectContaining({ remote: 'mf_loan', version, outcome: 'mounted' }),
  ])
  // A version the registry never pointed at, with the same real token: refused, named only as unknown.
  const unknown = await request.post(`${baseURL}/health/reports`, {
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    data: JSON.stringify(report(outcomes('9.9.9-never-released', 'mounted', 1))),
  })
  expect(unknown.status()).toBe(400)
  expect(await unknown.text()).toBe('Unknown version\n')
})

test('a report from another site is refused, from a browser on that site and from outside', async ({
  page,
  baseURL,
}) => {
  const base = new URL(baseURL!)
  const body = JSON.stringify(report([], '/aboutUs'))
  // Another site on this machine, served from loopback as a real one would be (a page the browser made up
  // would be a public one, which Chromium keeps from loopback addresses whatever the server says): the
  // other loopback name (localhost and 127.0.0.1 are two sites).
  const site = createServer((_, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' })
    res.end(
      `<!doctype html><script>navigator.sendBeacon(${JSON.stringify(`${base.origin}/health/reports`)}, ${JSON.stringify(body)})</script>`,
    )
  })
  await new Promise<void>((resolve) => site.listen(0, resolve))
  const evil = new URL(`http://localhost:${(site.address() as AddressInfo).port}/forged`)
  evil.hostname = base.hostname === 'localhost' ? '127.0.0.1' : 'localhost'
  try {
    // The borrower has a real page load's token: SameSite=Strict keeps it from the other site's request.
    await page.goto('/aboutUs')
    // The page left behind sends its own (honest) report as it goes: only the other site's are looked at.
    const answers: number[] = []
    page.on('response', async (r) => {
      if (r.url() !== `${base.origin}/health/reports`) return
      // Chromium does not show the Origin it sends; the other site's page names itself as the referrer.
      const referrer = (await r.request().allHeaders()).referer ?? ''
      if (referrer.startsWith(evil.origin)) answers.push(r.status())
    })
    await page.goto(evil.href)
    await expect.poll(() => answers).toEqual([403])
  } finally {
    site.close()
  }

  // From outside, with a real page load's token: the site check alone refuses it.
  const cookie = (await fetch(`${base.origin}/aboutUs`)).headers.get('set-cookie')!.split(';')[0]
  expect((await post(base.origin, report([], '/aboutUs'), { Cookie: cookie })).status).toBe(202)
  for (const headers of [
    { Origin: 'https://evil.example' } as Record<string, string>,
    { Origin: 'null' },
    { 'Sec-Fetch-Site': 'cross-site' },
    { 'Sec-Fetch-Site': 'same-site' },
  ]) {
    const answer = await post(base.origin, report([], '/aboutUs'), { Cookie: cookie, ...headers })
    expect(answer.status, JSON.stringify(headers)).toBe(403)
    // Refused as another site's (before any token is looked at), never repeating what it sent.
    expect(await answer.text()).toBe('Reports from another site are refused\n')
  }
})
