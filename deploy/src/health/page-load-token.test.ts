import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import healthToken from '../nginx/health-token.js'
import {
  clientNetwork,
  fromOurProxy,
  HEALTH_TOKEN_MAX_AGE,
  healthTokenMaxAge,
  healthTokenSecret,
  pageLoadCookie,
  verifyPageLoadToken,
  type PageLoadKeys,
} from './page-load-token'

const KEYS: PageLoadKeys = { secret: 'page-load-test-secret-0123456789abcdef', maxAgeSeconds: 3600 }
const NOW = Date.UTC(2026, 10, 27, 12)

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'page-load-token-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** The token of the cookie the Node server sends with a page at `target`. */
function issued(target: string, keys = KEYS, now = NOW, address = '::ffff:203.0.113.7') {
  const cookie = pageLoadCookie(keys, { target, address, endpoint: '/health/reports', secure: false }, now)
  return /^hl=([^;]+);/.exec(cookie ?? '')![1]
}

test('a token the Node server issued with a page proves that page load, for its route', () => {
  const token = issued('/loanDetails')
  expect(verifyPageLoadToken(KEYS, token, '/loanDetails', NOW + 5000)).toEqual({
    loadId: expect.stringMatching(/^[0-9a-f]{32}$/),
    // The address as nginx writes it, keyed: the same borrower gets the same key from either server.
    client: healthToken.clientKey(KEYS.secret, '203.0.113.7'),
    route: '/loanDetails',
    issuedAt: NOW,
  })
  // Every page sent is a load of its own.
  const other = issued('/loanDetails')
  expect(other.split('.')[2]).not.toBe(token.split('.')[2])
})

test('one network is one client: an IPv4 address however written, an IPv6 /64 whatever its host part', () => {
  const key = (address: string) => healthToken.clientKey(KEYS.secret, address)
  // Every spelling of one /64, and any host in it (what a client cycling through its own addresses sends).
  const subscriber = [
    '2001:db8:85a3:42::1',
    '2001:0DB8:85A3:0042:0000:0000:0000:0001',
    '2001:db8:85a3:42:ffff:ffff:ffff:ffff',
    '2001:db8:85a3:42:1234::',
    '2001:db8:85a3:42::1%eth0',
  ]
  expect(new Set(subscriber.map(clientNetwork))).toEqual(new Set(['2001:db8:85a3:42::/64']))
  expect(new Set(subscriber.map(key)).size).toBe(1)
  // The /64 next door, a compressed head, and the loopback are others.
  expect(clientNetwork('2001:db8:85a3:43::1')).toBe('2001:db8:85a3:43::/64')
  expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64')
  expect(clientNetwork('::1')).toBe('0:0:0:0::/64')
  expect(clientNetwork('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64')
  expect(key('2001:db8:85a3:43::1')).not.toBe(key(subscriber[0]))
  // IPv4 stays the address; a dual-stack socket's IPv4-mapped form is the same client.
  expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7')
  expect(key('::FFFF:203.0.113.7')).toBe(key('203.0.113.7'))
  expect(key('203.0.113.8')).not.toBe(key('203.0.113.7'))
})

test('the route is the page’s as requested; a report names its route table path or, off the table, the shell’s', () => {
  expect(verifyPageLoadToken(KEYS, issued('//loanDetails//'), '/loanDetails', NOW)).toMatchObject({
    route: '/loanDetails',
  })
  expect(verifyPageLoadToken(KEYS, issued('/testPreview'), '/_shell', NOW)).toMatchObject({
    route: '/testPreview',
  })
  expect(
    verifyPageLoadToken(KEYS, issued('/standalone/promotion'), '/standalone/promotion', NOW),
  ).toMatchObject({ route: '/standalone/promotion' })
})

test('a tampered, expired, other route’s or other secret’s token proves nothing', () => {
  const token = issued('/loanDetails')
  const [, at, , , , mac] = token.split('.')
  const swap = (i: number, value: string) => token.split('.').with(i, value).join('.')
  const checks: [string, string | null, string, number, string][] = [
    ['no token', null, '/loanDetails', NOW, 'no token'],
    ['not a token', 'hello', '/loanDetails', NOW, 'malformed'],
    ['another version', swap(0, 'v2'), '/loanDetails', NOW, 'malformed'],
    ['a later time', swap(1, String(Number(at) + 3000)), '/loanDetails', NOW, 'not ours'],
    ['another load', swap(2, 'f'.repeat(32)), '/loanDetails', NOW, 'not ours'],
    ['another route', swap(3, Buffer.from('/repay').toString('base64url')), '/repay', NOW, 'not ours'],
    ['another client', swap(4, '0'.repeat(16)), '/loanDetails', NOW, 'not ours'],
    [
      'another MAC',
      swap(5, `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`),
      '/loanDetails',
      NOW,
      'not ours',
    ],
    ['its report for another route', token, '/repay', NOW, 'another route'],
    ['a day later', token, '/loanDetails', NOW + 3601_000, 'expired'],
    ['from the future', token, '/loanDetails', NOW - 61_000, 'expired'],
    [
      'another secret',
      issued('/loanDetails', { ...KEYS, secret: 'x'.repeat(40) }),
      '/loanDetails',
      NOW,
      'not ours',
    ],
  ]
  for (const [what, sent, route, now, problem] of checks) {
    expect(verifyPageLoadToken(KEYS, sent, route, now), what).toEqual({ problem })
  }
  // Within the skew a token from a clock slightly ahead still counts.
  expect(verifyPageLoadToken(KEYS, token, '/loanDetails', NOW - 59_000)).toHaveProperty('loadId')
})

test('nginx’s njs function, run under Node, makes the cookie the Node server makes, which the verifier accepts', () => {
  process.env.HEALTH_TOKEN_SECRET = KEYS.secret
  try {
    const request = (variables: Record<string, string>) => ({
      variables: {
        health_endpoint: '/health/reports',
        health_token_max_age: '3600',
        request_id: '0123456789abcdef0123456789abcdef',
        request_uri: '/loanDetails/?orderId=86&sessionId=s-1',
        remote_addr: '203.0.113.7',
        scheme: 'http',
        ...variables,
      },
    })
    const cookie = healthToken.pageCookie(request({}))
    const node = pageLoadCookie(KEYS, {
      target: '/loanDetails/',
      address: '203.0.113.7',
      endpoint: '/health/reports',
      secure: false,
    })!
    // The same attributes, and a token of the same shape for the same route and client.
    expect(cookie.split(';').slice(1)).toEqual(node.split(';').slice(1))
    expect(cookie).toMatch(
      /^hl=v1\.\d+\.0123456789abcdef0123456789abcdef\.L2xvYW5EZXRhaWxz\.[0-9a-f]{16}\.[\w-]{43}; /,
    )
    expect(node.split('.')[4]).toBe(cookie.split('.')[4])
    const token = /^hl=([^;]+)/.exec(cookie)![1]
    expect(verifyPageLoadToken(KEYS, token, '/loanDetails')).toMatchObject({
      loadId: '0123456789abcdef0123456789abcdef',
      route: '/loanDetails',
    })
    expect(healthToken.pageCookie(request({ scheme: 'https' }))).toMatch(/; Secure$/)
    expect(cookie).not.toContain('Secure')
    // Reports off: no cookie (nginx sends no header for an empty value).
    expect(healthToken.pageCookie(request({ health_endpoint: '' }))).toBe('')
    expect(node).toBe(
      `hl=${/^hl=([^;]+)/.exec(node)![1]}; Path=/health/reports; Max-Age=3600; HttpOnly; SameSite=Strict`,
    )
    expect(healthToken.proxy()).toBe(healthToken.proxyProof(KEYS.secret))
  } finally {
    delete process.env.HEALTH_TOKEN_SECRET
  }
})

test('reports off (no endpoint): the Node server sends no cookie either', () => {
  expect(pageLoadCookie(KEYS, { target: '/repay', address: '::1', endpoint: '', secure: false })).toBeNull()
})

test('HEALTH_TOKEN_SECRET is the secret; a short one stops the server without showing it', () => {
  const set = 'a-production-secret-of-forty-characters!'
  expect(healthTokenSecret({ HEALTH_TOKEN_SECRET: set }, join(dir, 'unused'))).toBe(set)
  expect(() => healthTokenSecret({ HEALTH_TOKEN_SECRET: 'short-secret' }, join(dir, 'unused'))).toThrow(
    /^HEALTH_TOKEN_SECRET: 12 characters; use at least 32/,
  )
  try {
    healthTokenSecret({ HEALTH_TOKEN_SECRET: 'short-secret' }, join(dir, 'unused'))
  } catch (error) {
    expect(String(error)).not.toContain('short-secret')
  }
})

test('production without HEALTH_TOKEN_SECRET stops, naming it; the demo makes one file, mode 600, and keeps it', () => {
  const file = join(dir, '.health', 'token-secret')
  expect(() => healthTokenSecret({ DEPLOY_PROFILE: 'production' }, file)).toThrow(
    /^DEPLOY_PROFILE=production needs settings that are not set[^\n]*\n {2}HEALTH_TOKEN_SECRET: /,
  )
  const first = healthTokenSecret({}, file)
  expect(first.length).toBeGreaterThanOrEqual(32)
  expect(statSync(file).mode & 0o777).toBe(0o600)
  expect(healthTokenSecret({}, file)).toBe(first)
  writeFileSync(file, 'tiny\n')
  expect(() => healthTokenSecret({}, file)).toThrow(/holds no token secret/)
})

test('the Node server and nginx starting together agree on the demo secret', async () => {
  const file = join(dir, 'token-secret')
  const script = `import { healthTokenSecret } from ${JSON.stringify(join(import.meta.dirname, 'page-load-token.ts'))}
process.stdout.write(healthTokenSecret({}, ${JSON.stringify(file)}))`
  const run = () =>
    new Promise<string>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script])
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
      child.on('exit', () => resolve(out))
    })
  const secrets = await Promise.all([run(), run(), run(), run()])
  expect(new Set(secrets)).toEqual(new Set([readFileSync(file, 'utf8').trim()]))
}, 30_000)

test('HEALTH_TOKEN_MAX_AGE: whole seconds from 60 up, else the server stops naming it', () => {
  expect(healthTokenMaxAge({})).toBe(HEALTH_TOKEN_MAX_AGE)
  expect(healthTokenMaxAge({ HEALTH_TOKEN_MAX_AGE: '600' })).toBe(600)
  for (const bad of ['', '59', '1.5', 'hour']) {
    expect(() => healthTokenMaxAge({ HEALTH_TOKEN_MAX_AGE: bad }), bad).toThrow('HEALTH_TOKEN_MAX_AGE')
  }
})

test('only a request carrying our nginx’s proof counts as coming through it', () => {
  const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage
  expect(fromOurProxy(req({}), KEYS)).toBe(false)
  expect(fromOurProxy(req({ 'x-health-proxy': 'guess' }), KEYS)).toBe(false)
  expect(fromOurProxy(req({ 'x-health-proxy': healthToken.proxyProof('y'.repeat(40)) }), KEYS)).toBe(false)
  expect(fromOurProxy(req({ 'x-health-proxy': healthToken.proxyProof(KEYS.secret) }), KEYS)).toBe(true)
})
