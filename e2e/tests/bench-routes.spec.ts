import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { benchRoutes, type BenchRoute } from '../perf/common.ts'
import { giveTabStorage, tabStorageAfter } from '../perf/load-visit.ts'

/**
 * The benchmark (`pnpm bench:load`) and Lighthouse load each route at a sample address: it must show the
 * route's screen with its data, not the state a bad link gets (issue #26's table measured "This repayment link
 * is incomplete" on `/repaymentOfCode` and `/legacyRepay`, and "No repayment was started" on
 * `/repaymentOfCode2`, until their samples named a pay code, an amount, and the tab's `/repay` first).
 */
function repayRoutes(): Record<string, BenchRoute> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-routes-'))
  try {
    const registry = join(dir, 'registry.json')
    const pointer = { version: '1', entry: '/remotes/mf-repay/1/mf-manifest.json', previous: null }
    writeFileSync(registry, JSON.stringify({ remotes: { mf_repay: pointer } }))
    return Object.fromEntries(benchRoutes(registry).map((r) => [r.path, r]))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test('the pay-code and legacy samples show the pay code and the amount', async ({ page }) => {
  const routes = repayRoutes()
  await page.goto(routes['/repaymentOfCode'].url)
  await expect(page.getByText('7E860042')).toBeVisible()
  await expect(page.getByRole('heading', { name: '₱1.530,00' })).toBeVisible()
  await page.goto(routes['/legacyRepay'].url)
  await expect(page.getByRole('heading', { name: '₱1.530,00' })).toBeVisible()
  await expect(page.getByText(/link is incomplete|链接不完整/)).toHaveCount(0)
})

test("code page 2 is measured in a tab given what /repay stored there, as the borrower's tab has it", async ({
  context,
}) => {
  const route = repayRoutes()['/repaymentOfCode2']
  expect(route.storageFrom).toEqual({ url: '/repay?productId=1&orderId=86', key: 'repayInfo' })
  const before = await context.newPage()
  const stored = await tabStorageAfter(before, '', route.storageFrom!, 30_000)
  await before.close()
  expect(Object.keys(stored)).toContain('repayInfo')

  // Without it, a fresh tab only says nothing was started; with it, the stored pay code shows.
  const fresh = await context.newPage()
  await fresh.goto(route.url)
  await expect(fresh.getByText('No repayment was started on this device.', { exact: false })).toBeVisible()
  await fresh.close()
  const page = await context.newPage()
  await giveTabStorage(page, stored)
  await page.goto(route.url)
  await expect(page.getByText('PF8600123456')).toBeVisible()
})
