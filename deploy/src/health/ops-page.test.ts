import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SAMPLE_HEALTH_REPORT } from 'shared/testing/health'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { appendReleaseEvent } from '../release/release-log'
import { HealthStore } from './health-store'
import { handleOps, opsToken, sameToken } from './ops-page'

const TOKEN = 'ops-token-for-tests-0123456789'
let dir: string
let store: HealthStore
let server: Server
let base: string

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
  server = createServer((req, res) =>
    handleOps(req, res, new URL(req.url ?? '/', 'http://x').pathname, {
      token: TOKEN,
      store,
      cdnDir,
      registryFile,
    }),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterEach(async () => {
  vi.restoreAllMocks()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
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
  expect(cookie).toMatch(/^ops=[0-9a-f]{64}; Path=\/ops; HttpOnly; SameSite=Strict/)
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
