import { expect, test, type Page, type Request } from '@playwright/test'
import { SLOW_SESSION_PREFIX } from 'shared/mocks'
import { staticPageOf } from './static-page'

/*
 * The first calls a static page starts itself (ADR 0010): a data route's page is static when the render
 * service could not render it in time (ADR 0055), here because the demo API stalls for a `slow-api` session.
 */

const LIST = '/utilities/user-problem/problem-list'

/** Calls to the complaint list the page makes, with how they were sent (`fetch`: the page's inline script). */
function watchList(page: Page): Request[] {
  const calls: Request[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === LIST) calls.push(request)
  })
  return calls
}

test("the list's data is asked for once, by the static page itself, with the session", async ({ page }) => {
  const cspViolations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text())
  })
  const calls = watchList(page)
  const session = `${SLOW_SESSION_PREFIX}-first-call-${Date.now()}`
  await page.goto(`/complaintList?sessionId=${session}&utm_source=ad`)
  await expect(page.getByRole('tab', { name: 'Processing' })).toBeVisible()
  await expect(page.getByRole('button', { name: /more than ten calls/ })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(calls).toHaveLength(1)
  const url = new URL(calls[0].url())
  expect(url.searchParams.get('sessionId')).toBe(session)
  expect(url.searchParams.get('utm_source')).toBe('ad')
  expect(await calls[0].headerValue('x-requested-with')).toBe('XMLHttpRequest')
  // The page carries the first call (allowed by its CSP hash), from the Node server and from nginx alike:
  // both send the page the release wrote (ADR 0016).
  expect(calls[0].resourceType()).toBe('fetch')
  expect(cspViolations).toEqual([])
})

test('when the call the page started fails, the screen asks again and shows the data', async ({ page }) => {
  let failed = 0
  await page.route(
    (url) => url.pathname === LIST,
    (route) => {
      if (route.request().resourceType() === 'fetch' && failed === 0) {
        failed += 1
        return route.abort('internetdisconnected')
      }
      return route.continue()
    },
  )
  const calls = watchList(page)
  await page.goto(staticPageOf('/complaintList'))
  await expect(page.getByRole('button', { name: /more than ten calls/ })).toBeVisible()
  expect(calls.map((c) => c.resourceType())).toEqual(['fetch', 'xhr'])
  expect(failed).toBe(1)
  await expect(page.getByText('Network error')).toHaveCount(0)
})

test('a detail page without its problem id starts no call', async ({ page }) => {
  const started: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/utilities/')) started.push(new URL(r.url()).pathname)
  })
  await page.goto('/complainDetails')
  await expect(page.locator('#root')).not.toBeEmpty()
  await page.waitForLoadState('networkidle')
  expect(started.filter((p) => p.endsWith('/problem-detail'))).toEqual([])
})
