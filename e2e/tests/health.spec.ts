import { readStoredLoads, readStoredTables } from 'deploy/health-db'
import { healthStoreFile } from 'deploy/health-store'
import { expect, test } from '@playwright/test'
import { OPS_TOKEN } from '../playwright.config.ts'

/**
 * Field health reports (issue #32, ADR 0033, ADR 0040, ADR 0042): a page sends what became of its remote, its Web Vitals
 * and its failures; the server counts its page load once and stores it with nothing that names the borrower.
 */
const PORT = Number(process.env.E2E_PORT ?? 4310)
const STORE = healthStoreFile(PORT)
/** The ops page is the Node server's alone (nginx does not pass /ops on). */
const OPS = `http://localhost:${PORT}/ops`

// Behind nginx too: its /health/reports location passes reports to the same Node server, whose store both
// projects read.

test('a loan page reports its remote mounted, its vitals and its engine, stored as one page load with no session value', async ({
  page,
  browser,
}) => {
  const session = `sess-health-${Date.now()}`
  const device = `dev-health-${Date.now()}`
  const before = readStoredLoads(STORE).length
  const beacons: number[] = []
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/health/reports') beacons.push(r.status())
  })
  await page.goto(`/loanDetails?productId=1&orderId=86&sessionId=${session}&deviceId=${device}&utm_source=ad`)
  await expect(page.getByRole('button', { name: 'REPAY', exact: true })).toBeVisible()
  // The load report leaves once the remote has mounted and the page is idle; the reporter is loaded by then.
  await expect.poll(() => beacons.length, { timeout: 15_000 }).toBeGreaterThan(0)
  // Accepted at once: the store writes it on its own thread (ADR 0042).
  expect(beacons).toEqual([202])
  // A tap (the interaction INP measures), then leaving the page hides it: the hidden report carries the
  // vitals, which the store adds to the page load the first report counted.
  await page.mouse.click(10, 10)
  await page.goto('about:blank')
  const loanLoads = () =>
    readStoredLoads(STORE)
      .slice(before)
      .filter((l) => l.remote === 'mf_loan')
  await expect
    .poll(() => loanLoads().flatMap((l) => l.vitals.map((v) => v.name)), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['LCP', 'CLS']))
  // The load is stored as this page load's (ADR 0040): the id of the token the server sent with the page,
  // nginx's (njs) behind nginx, the Node server's on its own; its client a key, never the address.
  const token = (await page.context().cookies()).find((c) => c.name === 'hl')
  expect(token).toMatchObject({ path: '/health/reports', httpOnly: true, sameSite: 'Strict' })
  const loadId = token!.value.split('.')[2]
  // Its engine as the page named it (ADR 0047): Chromium, this browser's major, every vital reportable.
  const major = Number(browser.version().split('.')[0])
  expect(loanLoads().filter((l) => l.loadId === loadId)).toEqual([
    expect.objectContaining({
      remote: 'mf_loan',
      outcome: 'mounted',
      client: expect.stringMatching(/^[0-9a-f]{16}$/),
      engine: 'chromium',
      engineMajor: major,
      unreported: [],
    }),
  ])
  expect(major).toBeGreaterThanOrEqual(90)
  // Nothing stored by this server names a borrower: every row of every table is checked, not only this page's.
  const text = JSON.stringify(readStoredTables(STORE))
  expect(text).not.toContain(session)
  expect(text).not.toContain(device)
  expect(text).not.toMatch(/[?&](sessionId|deviceId|orderId|productId|phone)=/)
})

test('the ops page splits the version a page loaded by its engine', async ({ page }) => {
  await page.goto('/loanDetails?productId=1&orderId=86')
  await expect(page.getByRole('button', { name: 'REPAY', exact: true })).toBeVisible()
  const token = (await page.context().cookies()).find((c) => c.name === 'hl')
  const loadId = token!.value.split('.')[2]
  // This page's own load, stored as Chromium's (loads of earlier runs may be in the window too).
  await expect
    .poll(() => readStoredLoads(STORE).find((l) => l.loadId === loadId)?.engine, { timeout: 15_000 })
    .toBe('chromium')
  await page.goto(OPS)
  await page.getByLabel('Ops token').fill(OPS_TOKEN)
  await page.getByRole('button', { name: 'Open' }).click()
  const loan = page.locator('section[data-remote="mf_loan"]')
  const current = loan.getByRole('row', { name: /^last hour, current/ })
  await expect(current).toBeVisible()
  const version = await current.getByRole('cell').nth(1).textContent()
  const chromium = loan.locator(`tr[data-version="${version}"][data-engine="chromium"]`).first()
  await expect(chromium.getByRole('cell').nth(1)).toHaveText('Chromium')
  // Its loads are a whole number, and a vital Chromium reports is never "not reported".
  await expect(chromium.getByRole('cell').nth(2)).toHaveText(/^[1-9]\d*$/)
  await expect(chromium).not.toContainText('not reported')
})
