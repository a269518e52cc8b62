import { expect, test, type Page } from '@playwright/test'

/**
 * Deep links as native apps and ad networks really build them. Each must boot the app on this origin, take
 * the session off the address bar and show the route (repeated slashes collapsed) or not-found.
 */

/** Uncaught page errors: a deep link must not produce any. */
function pageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

async function storedSession(page: Page): Promise<Record<string, Record<string, string>>> {
  return JSON.parse((await page.evaluate(() => sessionStorage.getItem('loan-shell:session'))) ?? '{}')
}

test('//complaint?sessionId=abc: the session is stored and stripped, the page stays here and shows /complaint', async ({
  page,
  baseURL,
}) => {
  const errors = pageErrors(page)
  await page.goto(`${baseURL}//complaint?sessionId=abc&orderId=86`)
  await expect(page.getByRole('heading', { name: 'Select question type' })).toBeVisible()
  const url = new URL(page.url())
  expect(url.origin).toBe(new URL(baseURL!).origin)
  expect(url.pathname + url.search).toBe('/complaint?orderId=86')
  expect((await storedSession(page)).session).toEqual({ sessionId: 'abc' })
  expect(errors).toEqual([])
})

test('/%2e%2e//x: the dot segments and slashes resolve on this origin to /x, which is not found', async ({
  page,
  baseURL,
}) => {
  const errors = pageErrors(page)
  await page.goto(`${baseURL}/%2e%2e//x?sessionId=abc`)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  const url = new URL(page.url())
  expect(url.origin).toBe(new URL(baseURL!).origin)
  expect(url.pathname + url.search).toBe('/x')
  expect(errors).toEqual([])
})

test('a trailing ? (and a trailing & after the session) still shows the route', async ({ page }) => {
  const errors = pageErrors(page)
  await page.goto('/aboutUs?')
  await expect(page.getByRole('heading', { level: 1, name: /about us/i })).toBeVisible()
  await page.goto('/aboutUs?sessionId=abc&')
  await expect(page.getByRole('heading', { level: 1, name: /about us/i })).toBeVisible()
  expect(new URL(page.url()).searchParams.has('sessionId')).toBe(false)
  expect(errors).toEqual([])
})

test('a 4 KB query boots, loses only the session and keeps the rest', async ({ page }) => {
  const errors = pageErrors(page)
  const note = 'n'.repeat(4096)
  await page.goto(`/complaint?sessionId=abc&orderId=86&note=${note}`)
  await expect(page.getByRole('heading', { name: 'Select question type' })).toBeVisible()
  const url = new URL(page.url())
  expect(url.searchParams.has('sessionId')).toBe(false)
  expect(url.searchParams.get('note')).toBe(note)
  expect((await storedSession(page)).session).toEqual({ sessionId: 'abc' })
  expect(errors).toEqual([])
})

test('a boot failure shows a readable error screen whose Reload button starts the app again', async ({
  page,
}) => {
  // A web view that refuses the address rewrite once (the SecurityError a bad path used to cause).
  await page.addInitScript(() => {
    if (sessionStorage.getItem('refused-once')) return
    sessionStorage.setItem('refused-once', '1')
    history.replaceState = () => {
      throw new DOMException('refused', 'SecurityError')
    }
  })
  await page.goto('/aboutUs?sessionId=abc')
  await expect(page.getByRole('heading', { name: 'The app could not start' })).toBeVisible()
  await page.getByRole('button', { name: 'Reload' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /about us/i })).toBeVisible()
})
