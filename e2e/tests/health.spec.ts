import { healthStoreFile, readStoredLoads, readStoredReports } from 'deploy/health-store'
import { expect, test } from '@playwright/test'

/**
 * Field health reports (issue #32, ADR 0033): a page sends what became of its remote, its Web Vitals and its
 * failures, and the server stores them with nothing that names the borrower.
 */
const PORT = Number(process.env.E2E_PORT ?? 4310)
const STORE = healthStoreFile(PORT)

// Behind nginx too: its /health/reports location passes reports to the same Node server, whose store both
// projects read.

test('a loan page reports its remote mounted with its load stages and its vitals, and no session value', async ({
  page,
}) => {
  const session = `sess-health-${Date.now()}`
  const device = `dev-health-${Date.now()}`
  const before = readStoredReports(STORE).length
  const beacons: number[] = []
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/health/reports') beacons.push(r.status())
  })
  await page.goto(`/loanDetails?productId=1&orderId=86&sessionId=${session}&deviceId=${device}&utm_source=ad`)
  await expect(page.getByRole('button', { name: 'REPAY', exact: true })).toBeVisible()
  // The load report leaves once the remote has mounted and the page is idle; the reporter is loaded by then.
  await expect.poll(() => beacons.length, { timeout: 15_000 }).toBeGreaterThan(0)
  expect(beacons).toEqual([204])
  // A tap (the interaction INP measures), then leaving the page hides it: the hidden report carries the vitals.
  await page.mouse.click(10, 10)
  await page.goto('about:blank')
  await expect
    .poll(
      () =>
        readStoredReports(STORE)
          .slice(before)
          .filter((r) => r.route === '/loanDetails').length,
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThanOrEqual(2)
  const mine = readStoredReports(STORE)
    .slice(before)
    .filter((r) => r.route === '/loanDetails')
  const outcomes = mine.flatMap((r) => r.remotes)
  expect(outcomes).toContainEqual(
    expect.objectContaining({
      remote: 'mf_loan',
      outcome: 'mounted',
      phases: expect.objectContaining({ entry: expect.any(Number) }),
    }),
  )
  // The outcome is stored as this page load's (ADR 0040): the id of the token the server sent with the page,
  // nginx's (njs) behind nginx, the Node server's on its own.
  const token = (await page.context().cookies()).find((c) => c.name === 'hl')
  expect(token).toMatchObject({ path: '/health/reports', httpOnly: true, sameSite: 'Strict' })
  const loadId = token!.value.split('.')[2]
  expect(readStoredLoads(STORE).filter((l) => l.loadId === loadId)).toEqual([
    expect.objectContaining({
      remote: 'mf_loan',
      outcome: 'mounted',
      client: expect.stringMatching(/^[0-9a-f]{16}$/),
    }),
  ])
  const vitals = mine.flatMap((r) => r.vitals)
  expect(vitals.map((v) => v.name)).toEqual(expect.arrayContaining(['LCP', 'CLS']))
  expect(vitals.every((v) => v.remote === 'mf_loan')).toBe(true)
  // No report stored by this server names a borrower: every one is checked, not only this page's.
  for (const report of readStoredReports(STORE)) {
    const text = JSON.stringify(report)
    expect(text).not.toContain(session)
    expect(text).not.toContain(device)
    expect(text).not.toMatch(/[?&](sessionId|deviceId|orderId|productId|phone)=/)
  }
})
