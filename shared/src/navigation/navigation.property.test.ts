import fc from 'fast-check'
import { expect, test } from 'vitest'
import {
  classifyServerLink,
  classifyTarget,
  NATIVE_ROUTES,
  type Target,
  type TargetPolicy,
} from './navigation'

const APP_ORIGIN = 'https://app.cashloan.ph'
const DEV_ORIGIN = 'http://localhost:8080'

/** Two valid entries, and entries the settings would have dropped: none of those may ever allow a host. */
const ALLOWED_HOSTS = [
  'pay.partner.com',
  '*.example.com',
  '*',
  '*.com',
  '*.ph',
  'https://evil.com',
  'evil.org/x',
]

/** What the guard may let through, stated independently of how it decides. */
function allowedHost(host: string): boolean {
  return host === 'pay.partner.com' || /^[a-z0-9-]+(\.[a-z0-9-]+)*\.example\.com$/.test(host)
}

function isSafe(target: Target, policy: TargetPolicy): boolean {
  switch (target.kind) {
    case 'refused':
      return true
    case 'native':
      // eslint-disable-next-line no-control-regex
      return NATIVE_ROUTES.includes(target.route) && !/[\u0000-\u001f\u007f]/.test(target.raw)
    case 'app': {
      const resolved = new URL(target.path, policy.appOrigin)
      return /^\/(?![/\\])/.test(target.path) && resolved.origin === new URL(policy.appOrigin).origin
    }
    case 'web': {
      const url = new URL(target.url)
      if (url.username || url.password) return false
      if (url.protocol === 'https:') return allowedHost(url.hostname)
      return (
        url.protocol === 'http:' && !!policy.dev && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
      )
    }
  }
}

const scheme = fc
  .constantFrom(
    'https',
    'http',
    'javascript',
    'data',
    'blob',
    'file',
    'intent',
    'vbscript',
    'ftp',
    'about',
    'tel',
    'ws',
    'blob:https',
    'blob:http',
  )
  .chain((name) => fc.mixedCase(fc.constant(name)))

const separator = fc.constantFrom('://', ':', ':/', ':///', ':\\\\', ':/\\', '://\\', ': //')

const host = fc.oneof(
  fc.constantFrom(
    'pay.partner.com',
    'a.example.com',
    'example.com',
    'app.cashloan.ph',
    'localhost',
    '127.0.0.1',
    '[::1]',
    '[::ffff:127.0.0.1]',
    'evil.com',
    'pay.partner.com.evil.com',
    'evilpay.partner.com',
    'pay-partner.com',
    'pay.partner.co',
    'a.example.com.evil.com',
    'evilexample.com',
    'example.com.',
    'pay.partner.com.',
    'pаy.partner.com',
    'ｐａｙ.partner.com',
    'pay.partner.com\u3002evil.com',
    'pay%2epartner.com',
    'pay.partner.com%2eevil.com',
    'pay.partner.com%00.evil.com',
    'xn--py-7kc.partner.com',
    'münchen.example.com',
    'app.cashloan.ph.evil.com',
    'localhost.evil.com',
  ),
  fc.domain(),
  fc.ipV4(),
  fc.ipV6().map((ip) => `[${ip}]`),
)

const userinfo = fc.constantFrom(
  '',
  '',
  '',
  'user@',
  'user:pass@',
  ':@',
  'pay.partner.com@',
  'app.cashloan.ph@',
)

const port = fc.constantFrom('', '', '', ':443', ':8080', ':80', ':0')

const pathPart = fc.oneof(
  fc.constantFrom(
    '',
    '/',
    '/repay?orderId=86',
    '/.//evil.com',
    '/a/..//evil.com',
    '/%2e%2e//evil.com',
    '/%2E%2e/%2e%2E//evil.com',
    '/.%2e//evil.com',
    '//evil.com',
    '/\\evil.com',
    '/%5cevil.com',
    '/%2f%2fevil.com',
    '/@evil.com',
    '?next=//evil.com',
    '#//evil.com',
    '/x?u=javascript:alert(1)',
  ),
  fc.webPath(),
  fc.string({ maxLength: 12 }).map((text) => `/${text}`),
)

const absolute = fc.tuple(scheme, separator, userinfo, host, port, pathPart).map((parts) => parts.join(''))

/** Links as a server would send them, allowed or nearly so. */
const plausible = fc
  .tuple(
    fc.constantFrom('https://', 'http://'),
    fc.constantFrom(
      'pay.partner.com',
      'a.example.com',
      'b.c.example.com',
      'app.cashloan.ph',
      'localhost:8080',
      'localhost:5173',
      '127.0.0.1',
      'evilpay.partner.com',
      'pay.partner.com.evil.com',
      'example.com',
    ),
    pathPart,
  )
  .chain(([prefix, name, rest]) => fc.mixedCase(fc.constant(prefix)).map((p) => `${p}${name}${rest}`))

const appPath = fc
  .tuple(
    fc.constantFrom(
      '/',
      '//',
      '/./',
      '/.//',
      '/a/..//',
      '/%2e%2e/',
      '/%2e%2e//',
      '/\\',
      '\\\\',
      './',
      '../',
      '',
    ),
    pathPart,
    host,
  )
  .map(([prefix, rest, name]) => `${prefix}${name}${rest}`)

const nativeKey = fc
  .tuple(
    fc.constantFrom(...NATIVE_ROUTES, 'Main', 'mainx', 'home/..', 'login.', 'HOME'),
    fc.constantFrom('', '?x=1', '#a', '?next=https://evil.com', '/../x', ':', '//evil.com'),
  )
  .map(([key, rest]) => `${key}${rest}`)

/** Characters that confuse parsers, put anywhere in a target. */
const noise = fc.constantFrom(
  '\t',
  '\n',
  '\r',
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  ' ',
  '\\',
  '@',
  '%',
  '%2f',
  '%5c',
  '%00',
  '%2e',
  '.',
  '/',
  ':',
  '#',
  '?',
  '\u00a0',
  '\u2028',
  '\u200b',
  '\ufeff',
  '\uff0f',
)

const withNoise = (base: fc.Arbitrary<string>) =>
  fc.tuple(base, fc.array(fc.tuple(fc.nat(), noise), { maxLength: 3 })).map(([text, inserts]) =>
    inserts.reduce((out, [at, char]) => {
      const i = at % (out.length + 1)
      return out.slice(0, i) + char + out.slice(i)
    }, text),
  )

const target = fc.oneof(
  { weight: 5, arbitrary: withNoise(absolute) },
  { weight: 4, arbitrary: withNoise(plausible) },
  { weight: 3, arbitrary: withNoise(appPath) },
  { weight: 2, arbitrary: withNoise(nativeKey) },
  { weight: 2, arbitrary: withNoise(fc.webUrl({ withFragments: true, withQueryParameters: true })) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
)

const append = fc.option(
  fc.dictionary(
    fc.constantFrom('productId', 'orderId', 'next'),
    fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('//evil.com', 'javascript:alert(1)', '\u0000')),
  ),
  { nil: undefined },
)

const policies: TargetPolicy[] = [
  { appOrigin: APP_ORIGIN, allowedHosts: ALLOWED_HOSTS },
  { appOrigin: DEV_ORIGIN, allowedHosts: ALLOWED_HOSTS, dev: true },
]

const RUNS = 2_000

/**
 * One target of each outcome, tried before the generated ones, so that every outcome is reached on every
 * run whatever the random seed draws (the generators reach them too, but only most of the time).
 */
const examplesOf = (policy: TargetPolicy) => [
  `${policy.appOrigin}/complaint?x=1`,
  'https://pay.partner.com/checkout',
  NATIVE_ROUTES[0],
  'javascript:alert(1)',
]

test.each(policies)(
  `no foreign origin or script URL passes the guard (${RUNS} generated targets, app at $appOrigin)`,
  (policy) => {
    const seen = new Set<Target['kind']>()
    fc.assert(
      fc.property(target, (raw) => {
        const result = classifyTarget(raw, policy)
        seen.add(result.kind)
        expect(isSafe(result, policy), `${JSON.stringify(raw)} → ${JSON.stringify(result)}`).toBe(true)
      }),
      { numRuns: RUNS, examples: examplesOf(policy).map((raw) => [raw] as [string]) },
    )
    // The targets reach every outcome, so a pass means something.
    expect([...seen].sort()).toEqual(['app', 'native', 'refused', 'web'])
  },
)

test.each(policies)(
  `a server link opens only an allowed page, the app or a native key (${RUNS} generated links, app at $appOrigin)`,
  (policy) => {
    const seen = new Set<Target['kind']>()
    fc.assert(
      fc.property(target, append, (raw, params) => {
        const result = classifyServerLink(raw, policy, params)
        seen.add(result.kind)
        expect(isSafe(result, policy), `${JSON.stringify(raw)} → ${JSON.stringify(result)}`).toBe(true)
        // The spec's rule: only a link starting with http may open a page.
        if (result.kind === 'app' || result.kind === 'web') expect(raw.trim()).toMatch(/^http/i)
      }),
      {
        numRuns: RUNS,
        examples: examplesOf(policy).map((raw) => [raw, undefined] as [string, undefined]),
      },
    )
    expect([...seen].sort()).toEqual(['app', 'native', 'refused', 'web'])
  },
)
