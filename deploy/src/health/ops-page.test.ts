import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SAMPLE_HEALTH_REPORT } from 'shared/testing/health'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { appendReleaseEvent } from '../release/release-log'
import { HealthStore } from './health-store'
import { createAppServer } from '../serve/server'
import { closeServer, listenLocally } from '../testing/local-server'
import { sampleRatio } from './canary-judge'
import { LOGIN_ATTEMPTS_PER_MINUTE, OpsLogins, opsData, opsToken, sameToken, SESSION_HOURS } from './ops-page'

const TOKEN = 'ops-token-for-tests-0123456789'
let dir: string
let store: HealthStore
let server: Server
let base: string
let now: number

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ops-'))
  const cdnDir = join(dir, 'cdn')
  mkdirSync(cdnDir)
  const registryFile = join(cdnDir, 'registry.json')
  const pointer = (v: string) => ({ version: v, entry: `/remotes/mf-loan/${v}/mf-manifest.json` })
  writeFileSync(
    registryFile,
    JSON.stringify({
      remotes: {
        mf_loan: {
          ...pointer('1.0.1-new'),
          previous: pointer('1.0.0-old'),
          available: ['1.0.0-old', '1.0.1-new'],
        },
      },
    }),
  )
  store = new HealthStore(join(dir, 'health.db'))
  store.enqueue(SAMPLE_HEALTH_REPORT, {
    loadId: 'load-1',
    client: 'client-1',
    route: SAMPLE_HEALTH_REPORT.route,
    remote: 'mf_loan',
    issuedAt: Date.now(),
  })
  appendReleaseEvent(cdnDir, {
    at: Date.now() - 60_000,
    kind: 'release',
    remote: 'mf_loan',
    from: '1.0.0-old',
    to: '1.0.1-new',
  })
  now = Date.now()
  // Through the app server's routing, as `pnpm start` serves it (a throw there is its 500).
  server = createAppServer({
    shellDir: dir,
    cdnDir,
    registryFile,
    ops: { token: TOKEN, store, cdnDir, registryFile, logins: new OpsLogins(() => now) },
  })
  base = `http://127.0.0.1:${await listenLocally(server)}`
})
afterEach(async () => {
  vi.restoreAllMocks()
  await closeServer(server)
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

const login = (token: string) =>
  fetch(`${base}/ops/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  })

/** A request with headers fetch will not send as given (Host) or from another local address. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body = '',
  localAddress?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers, localAddress }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' }
const loginAs = (headers: Record<string, string>, token = TOKEN, localAddress?: string) =>
  raw('POST', '/ops/login', { ...FORM, ...headers }, new URLSearchParams({ token }).toString(), localAddress)
const cookieOf = (answer: Response) => answer.headers.get('set-cookie')!.split(';')[0]

test('without the token: the login form, no data; never indexed', async () => {
  const page = await fetch(`${base}/ops`)
  expect(page.status).toBe(401)
  expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow')
  expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
  const html = await page.text()
  expect(html).toContain('name="token"')
  expect(html).not.toContain('/ops/ops.js')
  expect((await fetch(`${base}/ops/api/health`)).status).toBe(401)
  expect((await fetch(`${base}/ops/api/health`, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(
    401,
  )
  expect((await login('wrong')).status).toBe(401)
})

test('with the token: a session cookie that is not the token, the page, and the data', async () => {
  const answer = await login(TOKEN)
  expect(answer.status).toBe(303)
  const cookie = answer.headers.get('set-cookie')!
  expect(cookie).toMatch(/^ops=[\w-]{43}; Path=\/ops; HttpOnly; SameSite=Strict; Max-Age=43200$/)
  expect(cookie).not.toContain(TOKEN)
  const session = cookie.split(';')[0]
  const page = await fetch(`${base}/ops`, { headers: { Cookie: session } })
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('<script src="/ops/ops.js"></script>')
  const data = (await (await fetch(`${base}/ops/api/health`, { headers: { Cookie: session } })).json()) as {
    remotes: unknown[]
    events: { kind: string }[]
    series: { version: string; fallbacks: number }[]
    windows: { label: string; versions: { version: string; loads: number }[] }[]
  }
  expect(data.remotes).toEqual([{ remote: 'mf_loan', current: '1.0.1-new', previous: '1.0.0-old' }])
  expect(data.events.map((e) => e.kind)).toEqual(['release'])
  expect(data.series).toEqual([expect.objectContaining({ version: '1.0.1-new', fallbacks: 1 })])
  expect(data.windows[0]).toMatchObject({
    label: 'last hour',
    versions: [{ version: '1.0.1-new', loads: 1 }],
  })
  const bearer = await fetch(`${base}/ops/api/health`, { headers: { Authorization: `Bearer ${TOKEN}` } })
  expect(bearer.status).toBe(200)
})

test('the data splits each version by engine, in the cells `pnpm remotes` prints: a vital an engine cannot report is "not reported"', async () => {
  store.enqueue(
    {
      ...SAMPLE_HEALTH_REPORT,
      engine: { name: 'webkit', major: 17, unreported: ['LCP', 'INP', 'CLS'] },
      vitals: [],
    },
    {
      loadId: 'load-2',
      client: 'client-2',
      route: SAMPLE_HEALTH_REPORT.route,
      remote: 'mf_loan',
      issuedAt: Date.now(),
    },
  )
  await store.flush()
  const data = (await (
    await fetch(`${base}/ops/api/health`, { headers: { Authorization: `Bearer ${TOKEN}` } })
  ).json()) as {
    columns: string[]
    noCells: string[]
    windows: {
      versions: {
        version: string
        cells: string[]
        engines: { engine: string; label: string; cells: string[] }[]
      }[]
    }[]
  }
  expect(data.columns).toEqual([
    'loads',
    'mounted',
    'fallbacks',
    'errors/load',
    'LCP p75 (loads)',
    'INP p75 (loads)',
    'CLS p75 (loads)',
  ])
  expect(data.noCells).toEqual(['0', '-', '-', '-', '-', '-', '-'])
  const [version] = data.windows[0].versions
  const notReported = Array(3).fill('not reported (WebKit)')
  expect(version.cells).toEqual(['2', '0.0%', '2', '100.0%', ...notReported])
  expect(version.engines.map((e) => [e.engine, e.label, e.cells])).toEqual([
    ['chromium', 'Chromium', ['1', '0.0%', '1', '100.0%', '-', '-', '-']],
    ['webkit', 'WebKit', ['1', '0.0%', '1', '100.0%', ...notReported]],
  ])
})

test('a store that does not answer gets the data request a 503, not a hung page', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  await store.close()
  const answer = await fetch(`${base}/ops/api/health`, { headers: { Authorization: `Bearer ${TOKEN}` } })
  expect(answer.status).toBe(503)
  expect(await answer.json()).toEqual({ error: 'the health store did not answer' })
})

test('the chart library and the page script are served to anyone (they hold no data)', async () => {
  for (const asset of ['/ops/uplot.js', '/ops/uplot.css', '/ops/ops.js', '/ops/ops.css']) {
    expect((await fetch(`${base}${asset}`)).status, asset).toBe(200)
  }
  expect((await fetch(`${base}/ops/elsewhere`)).status).toBe(404)
})

test('the token: OPS_TOKEN (16+ characters); the demo makes one up for the run; production has none without it', () => {
  expect(opsToken({ OPS_TOKEN: TOKEN }, 'production')).toEqual({ token: TOKEN, generated: false })
  expect(() => opsToken({ OPS_TOKEN: 'short' }, 'demo')).toThrow(/OPS_TOKEN/)
  expect(opsToken({}, 'production')).toBeNull()
  const demo = opsToken({}, 'demo')!
  expect(demo.generated).toBe(true)
  expect(demo.token.length).toBeGreaterThanOrEqual(24)
  expect(sameToken(TOKEN, TOKEN)).toBe(true)
  expect(sameToken(`${TOKEN}x`, TOKEN)).toBe(false)
})

test('each login is a session of its own: a random id, the same token never gives the same cookie', async () => {
  const first = cookieOf(await login(TOKEN))
  const second = cookieOf(await login(TOKEN))
  expect(first).not.toBe(second)
  for (const cookie of [first, second])
    expect((await fetch(`${base}/ops/api/health`, { headers: { Cookie: cookie } })).status).toBe(200)
})

test('a session ends after 12 hours', async () => {
  const cookie = cookieOf(await login(TOKEN))
  now += SESSION_HOURS * 3_600_000 - 1000
  expect((await fetch(`${base}/ops`, { headers: { Cookie: cookie } })).status).toBe(200)
  now += 2000
  const page = await fetch(`${base}/ops`, { headers: { Cookie: cookie } })
  expect(page.status).toBe(401)
  expect(await page.text()).toContain('name="token"')
})

test('log out: the button on the page ends the session and clears the cookie; the old cookie is refused', async () => {
  const cookie = cookieOf(await login(TOKEN))
  const page = await (await fetch(`${base}/ops`, { headers: { Cookie: cookie } })).text()
  expect(page).toContain(
    '<form method="post" action="/ops/logout"><button type="submit">Log out</button></form>',
  )
  const out = await fetch(`${base}/ops/logout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: cookie, ...FORM },
  })
  expect(out.status).toBe(303)
  expect(out.headers.get('location')).toBe('/ops')
  expect(out.headers.get('set-cookie')).toBe('ops=; Path=/ops; HttpOnly; SameSite=Strict; Max-Age=0')
  expect((await fetch(`${base}/ops`, { headers: { Cookie: cookie } })).status).toBe(401)
  expect((await fetch(`${base}/ops/api/health`, { headers: { Cookie: cookie } })).status).toBe(401)
  // Tools keep their token.
  expect(
    (await fetch(`${base}/ops/api/health`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status,
  ).toBe(200)
})

test('the cookie is Secure unless the page was asked for on localhost over http', async () => {
  const secure = (answer: { headers: Record<string, string | string[] | undefined> }) =>
    String(answer.headers['set-cookie']).split('; ').includes('Secure')
  expect(secure(await loginAs({ Host: 'localhost:8080' }))).toBe(false)
  expect(secure(await loginAs({ Host: '127.0.0.1' }))).toBe(false)
  expect(secure(await loginAs({ Host: '[::1]:8080' }))).toBe(false)
  expect(secure(await loginAs({ Host: 'ops.cashloan.example' }))).toBe(true)
  expect(secure(await loginAs({ Host: '10.0.0.5:8080' }))).toBe(true)
  expect(secure(await loginAs({ Host: 'localhost:8080', 'X-Forwarded-Proto': 'https' }))).toBe(true)
  const out = await raw('POST', '/ops/logout', { Host: 'ops.cashloan.example' })
  expect(secure(out)).toBe(true)
})

test('a malformed or unknown cookie is 401 with the login form, never a server error', async () => {
  for (const cookie of [
    'ops=%E0%A4%A',
    'ops=%',
    'ops=',
    'ops',
    'ops=not-a-session',
    `ops=${'a'.repeat(43)}`,
    'ops=' + 'x'.repeat(5000),
    '=; ;ops==',
  ]) {
    const page = await fetch(`${base}/ops`, { headers: { Cookie: cookie } })
    expect(page.status, cookie).toBe(401)
    expect(await page.text()).toContain('name="token"')
    expect((await fetch(`${base}/ops/api/health`, { headers: { Cookie: cookie } })).status, cookie).toBe(401)
  }
})

test('five failed logins a minute from one address (form or bearer): the next attempt is 429, even with the token; other addresses and the next minute are not held', async () => {
  const statuses = []
  for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE - 1; i++) statuses.push((await login(`wrong-${i}`)).status)
  statuses.push(
    (await fetch(`${base}/ops/api/health`, { headers: { Authorization: 'Bearer wrong' } })).status,
  )
  expect(statuses).toEqual(Array(LOGIN_ATTEMPTS_PER_MINUTE).fill(401))
  const held = await login(TOKEN)
  expect(held.status).toBe(429)
  expect(held.headers.get('set-cookie')).toBeNull()
  expect(held.headers.get('retry-after')).toMatch(/^\d+$/)
  const bearer = await fetch(`${base}/ops/api/health`, { headers: { Authorization: `Bearer ${TOKEN}` } })
  expect(bearer.status).toBe(429)
  expect((await loginAs({}, TOKEN, '127.0.0.2')).status).toBe(303)
  now += 60_000
  expect((await login(TOKEN)).status).toBe(303)
})

test("a running canary: its share asked and seen, the judge's state with its figures, control beside canary (ADR 0059)", async () => {
  const cdnDir = join(dir, 'cdn')
  const registryFile = join(cdnDir, 'registry.json')
  const pointer = (v: string) => ({ version: v, entry: `/remotes/mf-loan/${v}/mf-manifest.json` })
  const canary = { ...pointer('1.0.2-canary'), percent: 25, since: now - 120_000, stepSince: now - 60_000 }
  writeFileSync(
    registryFile,
    JSON.stringify({
      remotes: {
        mf_loan: { ...pointer('1.0.1-new'), previous: pointer('1.0.0-old'), available: [], canary },
      },
    }),
  )
  const judgement = {
    status: 'waiting' as const,
    loads: 48,
    reason: '48 loads from 48 clients so far, undecided',
    ratio: sampleRatio(48, 152, 25),
    control: { loads: 152, network: 3 },
  }
  const state = {
    remote: 'mf_loan',
    version: '1.0.2-canary',
    control: '1.0.1-new',
    percent: 25,
    stepSince: canary.stepSince,
    status: 'waiting' as const,
    judgement,
    at: now,
  }
  const options = { token: TOKEN, store, cdnDir, registryFile, logins: new OpsLogins() }
  const data = await opsData({ ...options, canaries: () => [state] }, now)
  expect(data.remotes).toEqual([
    {
      remote: 'mf_loan',
      current: '1.0.1-new',
      previous: '1.0.0-old',
      canary: {
        version: '1.0.2-canary',
        percent: 25,
        since: canary.since,
        stepSince: canary.stepSince,
        judge: {
          status: 'waiting',
          reason: judgement.reason,
          at: now,
          canaryClients: 48,
          controlClients: 152,
          seenPercent: 24,
        },
      },
    },
  ])
  // Before the watch's first check, the canary is there without a judgement.
  expect((await opsData(options, now)).remotes[0]).toMatchObject({ canary: { judge: null } })
})
