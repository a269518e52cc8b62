import { chromium, expect, test } from '@playwright/test'
import { OPS_TOKEN, SUITE_CHROMIUM } from '../playwright.config.ts'

/**
 * The ops page's login (issue #41, item 5): a session per login, a log-out that ends it, and a cookie that is
 * Secure outside localhost. The ops page is the Node server's alone (nginx does not pass /ops on), so both
 * projects log in there; behind nginx the spec also checks that nginx does not serve it.
 */
const PORT = Number(process.env.E2E_PORT ?? 4310)
const OPS = `http://localhost:${PORT}/ops`

test('log in, see the page, log out: the page asks for the token again and the old cookie opens nothing', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  if (testInfo.project.name === 'nginx') {
    const proxied = await page.request.get(`${baseURL}/ops`)
    expect(proxied.status()).toBe(404)
    expect(await proxied.text()).not.toContain('Ops token')
  }
  const first = await page.goto(OPS)
  expect(first?.status()).toBe(401)
  await page.getByLabel('Ops token').fill(OPS_TOKEN)
  await page.getByRole('button', { name: 'Open' }).click()
  await expect(page.getByRole('heading', { name: 'Field health per remote version' })).toBeVisible()
  await expect(page.getByRole('status')).not.toHaveText('Loading…')
  const [session] = (await context.cookies(OPS)).filter((c) => c.name === 'ops')
  expect(session).toMatchObject({ path: '/ops', httpOnly: true, sameSite: 'Strict', secure: false })
  expect(session.value).toMatch(/^[\w-]{43}$/)

  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByLabel('Ops token')).toBeVisible()
  expect((await context.cookies(OPS)).filter((c) => c.name === 'ops')).toEqual([])
  expect((await page.reload())?.status()).toBe(401)
  const replayed = await page.request.get(`${OPS}/api/health`, {
    headers: { Cookie: `ops=${session.value}` },
  })
  expect(replayed.status()).toBe(401)
})

test('outside localhost the cookie is Secure: a browser on plain http never keeps it', async () => {
  // Another name for this machine, as ops reach a server that is not theirs.
  const browser = await chromium.launch({
    ...SUITE_CHROMIUM,
    args: [...SUITE_CHROMIUM.args, '--host-resolver-rules=MAP ops.e2e.test 127.0.0.1'],
  })
  try {
    const page = await browser.newPage()
    await page.goto(`http://ops.e2e.test:${PORT}/ops`)
    await page.getByLabel('Ops token').fill(OPS_TOKEN)
    const login = page.waitForResponse((r) => new URL(r.url()).pathname === '/ops/login')
    await page.getByRole('button', { name: 'Open' }).click()
    const answer = await login
    expect(answer.status()).toBe(303)
    expect((await answer.headerValue('set-cookie'))?.split('; ')).toContain('Secure')
    // The browser refused the cookie over http, so the page asks for the token again.
    await expect(page.getByLabel('Ops token')).toBeVisible()
    expect(await page.context().cookies()).toEqual([])
  } finally {
    await browser.close()
  }
})
