import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type Browser } from '@playwright/test'
import { listFiles } from 'deploy/release'
import { clientAt } from './own-server'

/** For specs that release a version of mf-loan of their own on their own server (the watch, forged reports). */
const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** A copy of the real mf-loan build under `root` (as `releaseRemote`'s rootDir), with its files' paths. */
export function copyMfLoan(root: string): string[] {
  cpSync(join(ROOT, 'mf-loan', 'package.json'), join(root, 'mf-loan', 'package.json'))
  cpSync(join(ROOT, 'mf-loan', 'dist'), join(root, 'mf-loan', 'dist'), { recursive: true })
  return listFiles(join(root, 'mf-loan', 'dist'))
}

/**
 * The real mf-loan build under `root`, its mount made to throw when `when` (a JavaScript condition on the
 * mount's `props`) holds: a release that fails for those borrowers.
 */
export function mfLoanThrowingAtMount(root: string, when: string): string {
  let edited = 0
  for (const file of copyMfLoan(root).filter((f) => f.endsWith('.js'))) {
    const source = readFileSync(file, 'utf8')
    if (!source.includes('hydrateRoot')) continue
    const broken = source.replace(
      /mount:(\w+)=>\{/,
      (_, props: string) =>
        `mount:${props}=>{const props=${props};if(${when})` +
        `return Promise.reject(new Error('broken release: throws at mount'));`,
    )
    if (broken !== source) {
      writeFileSync(file, broken)
      edited += 1
    }
  }
  expect(edited, 'the lifecycles were found in the build').toBe(1)
  return root
}

/**
 * One borrower of the native app at an address of their own (127.0.0.`n`: the judges count each client once)
 * opens their order on the server at `port` with the session `session` and device `deviceId`; resolves with
 * what they saw once the page's load report has been answered.
 */
export async function borrowerOpensOrder(
  browser: Browser,
  port: number,
  n: number,
  session: string,
  deviceId: string,
): Promise<'order' | 'retry'> {
  const client = await clientAt(port, n)
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  try {
    const page = await context.newPage()
    const reported = page.waitForResponse((r) => new URL(r.url()).pathname === '/health/reports', {
      timeout: 20_000,
    })
    await page.goto(
      `${client.base}/loanDetails?productId=1&orderId=86&sessionId=${session}&deviceId=${deviceId}`,
    )
    const order = page.getByRole('button', { name: 'REPAY', exact: true })
    const retry = page.getByRole('heading', { name: 'This page could not be loaded' })
    await expect(order.or(retry)).toBeVisible({ timeout: 15_000 })
    const shown = (await retry.isVisible()) ? 'retry' : 'order'
    expect((await reported).status()).toBe(202)
    return shown
  } finally {
    await context.close()
    client.close()
  }
}
