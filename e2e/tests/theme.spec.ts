import type { ChildProcess } from 'node:child_process'
import { removeScratch, scratchCdn, startDeploy, stop, waitFor } from './own-server'
import { expect, test, type Page } from '@playwright/test'

/**
 * The deployment's theme colour (APP_BG_COLOR) shows on a screen of every remote (issue #27): a server of its
 * own over a copy of the CDN (its pages are written with this theme), so the other suites keep theirs.
 */
const PORT = Number(process.env.E2E_THEME_PORT ?? 4336)
const BASE = `http://localhost:${PORT}`
const THEME = '#7a1fa2'
const THEME_RGB = 'rgb(122, 31, 162)'
const ORDER = 'productId=1&orderId=86'
const AD = 'id=7&app_from=demo&user_from=preview&utm_tag=test&links_id=1'

/** One screen of each remote, as the test page links to it. */
const SCREENS = [
  ['mf-site', '/aboutUs'],
  ['mf-complaint', `/complaint?${ORDER}`],
  ['mf-loan', `/loanDetails?${ORDER}`],
  ['mf-repay', `/repay?${ORDER}`],
  ['mf-bindcard', `/bindBank?${ORDER}`],
  ['mf-promotion', `/promotion?${AD}`],
  // The standalone landing ad links use takes the same theme (ADR 0029).
  ['mf-promotion standalone', `/standalone/promotion?${AD}`],
] as const

let work: string
let server: ChildProcess

test.describe.configure({ mode: 'serial' })

// eslint-disable-next-line no-empty-pattern -- Playwright's hooks take the fixtures object first
test.beforeAll(async ({}, testInfo) => {
  // The pages are the same bytes behind nginx (the parity tests); one server is enough for the colours.
  test.skip(
    testInfo.project.name === 'nginx',
    'the theme is written into the pages, the same for both servers',
  )
  // A server of its own starting beside the suite's: slow on a busy machine.
  test.setTimeout(120_000)
  const scratch = scratchCdn('theme-e2e-')
  work = scratch.work
  server = startDeploy('start', { PORT: String(PORT), CDN_DIR: scratch.cdnDir, APP_BG_COLOR: THEME })
  await waitFor(`${BASE}/registry.json`, server)
})

test.afterAll(async () => {
  await stop(server)
  removeScratch(work)
})

/** Elements of the remote's screen drawn in the theme colour (text, background or border). */
function themed(page: Page): Promise<string[]> {
  return page.evaluate((rgb) => {
    const found: string[] = []
    for (const el of document.querySelectorAll('body *')) {
      const style = getComputedStyle(el)
      const colours = [style.color, style.backgroundColor, style.borderTopColor, style.borderBottomColor]
      if (el.getClientRects().length && colours.includes(rgb)) found.push(el.className || el.tagName)
    }
    return found
  }, THEME_RGB)
}

for (const [remote, path] of SCREENS) {
  test(`${remote}: the deployment's theme colour shows on ${path.split('?')[0]}`, async ({ page }) => {
    await page.goto(`${BASE}${path}`)
    await expect.poll(() => themed(page), { timeout: 20_000 }).not.toEqual([])
  })
}

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false })
  // The first frame is painted from the page: the theme is in it from the first byte, not set later by a script.
  for (const path of ['/aboutUs', `/promotion?${AD}`, `/standalone/promotion?${AD}`]) {
    test(`the first frame of ${path.split('?')[0]} is drawn in the theme colour`, async ({ page }) => {
      await page.goto(`${BASE}${path}`)
      expect(await themed(page)).not.toEqual([])
    })
  }
})

test("the browser's theme colour (theme-color) is the deployment's, on route pages, the landing and unknown addresses", async ({
  page,
}) => {
  for (const path of ['/aboutUs', '/loanDetails', '/standalone/promotion', '/no-such-page']) {
    await page.goto(`${BASE}${path}`)
    await expect(page.locator('meta[name="theme-color"]'), path).toHaveAttribute('content', THEME)
  }
})
