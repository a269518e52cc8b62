import { afterEach, expect, test, vi } from 'vitest'
import {
  appendQuery,
  classifyServerLink,
  classifyTarget,
  dial,
  documentInFrame,
  leftPage,
  mailTo,
  mailtoHref,
  openServerLink,
  openTarget,
  REFUSED_MESSAGE,
  type OpenEnv,
  type Target,
  type TargetPolicy,
} from './navigation'

const POLICY: TargetPolicy = {
  appOrigin: 'https://app.cashloan.ph',
  allowedHosts: ['pay.partner.com', '*.example.com'],
}

afterEach(() => {
  vi.restoreAllMocks()
})

test('https on an allowed host opens in the browser', () => {
  expect(classifyTarget('https://pay.partner.com/checkout?id=1#step', POLICY)).toEqual({
    kind: 'web',
    url: 'https://pay.partner.com/checkout?id=1#step',
  })
  expect(classifyTarget('  HTTPS://PAY.PARTNER.COM/x  ', POLICY)).toEqual({
    kind: 'web',
    url: 'https://pay.partner.com/x',
  })
})

test.each([
  'https://evil.com/pay',
  'https://pay.partner.com.evil.com/',
  'https://notpay.partner.com/',
  'https://partner.com/',
])('https on a host not on the list is refused: %s', (url) => {
  expect(classifyTarget(url, POLICY)).toMatchObject({ kind: 'refused' })
})

test('a *.example.com rule allows every subdomain but not the bare domain or look-alikes', () => {
  expect(classifyTarget('https://a.example.com/', POLICY).kind).toBe('web')
  expect(classifyTarget('https://b.c.example.com/', POLICY).kind).toBe('web')
  expect(classifyTarget('https://example.com/', POLICY).kind).toBe('refused')
  expect(classifyTarget('https://badexample.com/', POLICY).kind).toBe('refused')
  expect(classifyTarget('https://a.example.com.evil.net/', POLICY).kind).toBe('refused')
})

test('http is allowed only to localhost, and only in dev', () => {
  const dev = { ...POLICY, dev: true }
  expect(classifyTarget('http://localhost:5173/x', dev)).toEqual({
    kind: 'web',
    url: 'http://localhost:5173/x',
  })
  expect(classifyTarget('http://127.0.0.1:8080/', dev).kind).toBe('web')
  expect(classifyTarget('http://localhost:5173/x', POLICY).kind).toBe('refused')
  expect(classifyTarget('http://pay.partner.com/', dev).kind).toBe('refused')
  expect(classifyTarget('http://pay.partner.com/', POLICY).kind).toBe('refused')
})

test.each([
  ['javascript:', 'javascript:alert(document.cookie)'],
  ['javascript: (upper case)', 'JavaScript:alert(1)'],
  ['data:', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
  ['intent:', 'intent://scan/#Intent;scheme=zxing;package=com.google.zxing.client.android;end'],
  ['credentials', 'https://user:pass@pay.partner.com/'],
  ['a user name only', 'https://pay.partner.com@evil.com/'],
  ['a backslash', 'https://pay.partner.com\\@evil.com/'],
  ['a backslash path', '/\\evil.com'],
  ['a tab', 'java\tscript:alert(1)'],
  ['a newline', '/repay\n//evil.com'],
  ['a NUL', 'https://pay.partner.com/\u0000'],
  ['DEL', 'https://pay.partner.com/\u007f'],
  ['protocol-relative', '//evil.com/pay'],
  ['a relative path without a slash', 'loanDetails?orderId=1'],
  ['ftp', 'ftp://pay.partner.com/file'],
  ['tel', 'tel:+6321234'],
])('refuses %s', (_name, raw) => {
  expect(classifyTarget(raw, { ...POLICY, dev: true })).toMatchObject({ kind: 'refused' })
})

test.each([
  ['a dot segment', '/.//evil.com'],
  ['a climbing segment', '/a/..//evil.com'],
  ['encoded dots', '/%2e%2e//evil.com'],
  ['mixed-case encoded dots', '/x/%2E%2e/%2e%2E//evil.com/pay'],
  ['a half-encoded dot segment', '/.%2e//evil.com'],
  ['a same-origin URL with a double slash', 'https://app.cashloan.ph//evil.com/'],
  ['a same-origin URL that climbs to a double slash', 'https://app.cashloan.ph/a/..//evil.com'],
])('refuses an app path that normalises to another host: %s', (_name, raw) => {
  expect(classifyTarget(raw, POLICY)).toMatchObject({ kind: 'refused' })
})

test.each([
  'blob:https://app.cashloan.ph/7a1c7f0e-2d1b-4e8a-9a55-5b1f0b0d1e11',
  'BLOB:https://app.cashloan.ph/x',
  'Data:text/html,<script>alert(1)</script>',
  'DATA:text/html,x',
  'jAvAsCrIpT:alert(1)',
  '\u0000javascript:alert(1)',
  'java\u0000script:alert(1)',
  'javascript\t:alert(1)',
  'java\nscript:alert(1)',
  '\u0001https://app.cashloan.ph/repay',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
])('refuses a script, blob or data URL in any case or with control characters: %j', (raw) => {
  expect(classifyTarget(raw, { ...POLICY, dev: true })).toMatchObject({ kind: 'refused' })
})

test('an app whose origin is null (sandboxed frame, file) keeps no app path', () => {
  for (const appOrigin of ['null', 'not a url']) {
    const policy = { ...POLICY, appOrigin }
    expect(classifyTarget('/repay', policy)).toMatchObject({ kind: 'refused' })
    expect(classifyTarget('https://app.cashloan.ph/repay', policy)).toMatchObject({ kind: 'refused' })
    // Allowed hosts and native keys do not depend on it.
    expect(classifyTarget('https://pay.partner.com/x', policy).kind).toBe('web')
    expect(classifyTarget('main', policy).kind).toBe('native')
  }
})

test('an invalid allow-list entry that reaches the guard allows nothing', () => {
  const policy = {
    ...POLICY,
    allowedHosts: ['*', '*.com', '*.ph', 'https://evil.com', 'evil.org/pay', 'evil.net:443', 'ev il.io', ''],
  }
  for (const raw of ['https://evil.com/', 'https://evil.org/pay', 'https://evil.net/', 'https://x.ph/']) {
    expect(classifyTarget(raw, policy)).toMatchObject({ kind: 'refused' })
  }
  // A valid entry written as the settings would accept it still works.
  expect(
    classifyTarget('https://pay.partner.com/', { ...POLICY, allowedHosts: [' Pay.Partner.COM '] }).kind,
  ).toBe('web')
})

test.each([
  'https://pаy.partner.com/', // Cyrillic а
  'https://pay.partner.com%2eevil.com/',
  'https://pay.partner.com\u3002evil.com/',
  'https://pay.partner.com./',
  'https://[::1]/',
  'https://pay-partner.com/',
  'https://%2ea.example.com/',
  'https://a..example.com/',
  'https://*.example.com/',
])('refuses a look-alike of an allowed host: %s', (raw) => {
  expect(classifyTarget(raw, POLICY)).toMatchObject({ kind: 'refused' })
})

test('a same-origin absolute URL stays in the app', () => {
  expect(classifyTarget('https://app.cashloan.ph/repay?orderId=86#plan', POLICY)).toEqual({
    kind: 'app',
    path: '/repay?orderId=86#plan',
  })
})

test('an app path stays in the app', () => {
  expect(classifyTarget('/loanDetails?orderId=86', POLICY)).toEqual({
    kind: 'app',
    path: '/loanDetails?orderId=86',
  })
  expect(classifyTarget('/promotion#/downloadTemplate', POLICY)).toEqual({
    kind: 'app',
    path: '/promotion#/downloadTemplate',
  })
  // A dot-segment cannot climb out of the origin.
  expect(classifyTarget('/../../etc', POLICY)).toEqual({ kind: 'app', path: '/etc' })
})

test('native route keys go to the bridge with their query', () => {
  expect(classifyTarget('main', POLICY)).toEqual({ kind: 'native', route: 'main', raw: 'main' })
  expect(classifyTarget('login?x=1', POLICY)).toEqual({ kind: 'native', route: 'login', raw: 'login?x=1' })
  for (const key of ['setting', 'order', 'productDetail', 'home', 'mine']) {
    expect(classifyTarget(key, POLICY)).toMatchObject({ kind: 'native', route: key })
  }
  // Only the exact keys: a look-alike is not a native route.
  expect(classifyTarget('mainx', POLICY).kind).toBe('refused')
  expect(classifyTarget('Main', POLICY).kind).toBe('refused')
})

test.each([[''], ['   '], [null], [undefined], [42], [{ href: 'https://pay.partner.com' }]])(
  'an empty or non-string target is refused: %j',
  (raw) => {
    expect(classifyTarget(raw, POLICY)).toMatchObject({ kind: 'refused' })
  },
)

test('appendQuery adds missing keys, keeps existing ones and the hash', () => {
  expect(appendQuery('/loanDetails?orderId=1#plan', { orderId: '86', productId: '7' })).toBe(
    '/loanDetails?orderId=1&productId=7#plan',
  )
  expect(appendQuery('https://pay.partner.com/checkout#x', { orderId: '86' })).toBe(
    'https://pay.partner.com/checkout?orderId=86#x',
  )
  expect(appendQuery('/repay', {})).toBe('/repay')
  expect(appendQuery('/repay', { note: 'a b&c' })).toBe('/repay?note=a+b%26c')
})

function fakeEnv() {
  return {
    location: { assign: vi.fn(), replace: vi.fn() },
    navigate: vi.fn(),
    toNative: vi.fn(),
    refuse: vi.fn(),
  } satisfies OpenEnv
}

test('openTarget navigates in the app for app targets', () => {
  const env = fakeEnv()
  expect(openTarget({ kind: 'app', path: '/repay?orderId=1' }, env, { replace: true })).toBe('app')
  expect(env.navigate).toHaveBeenCalledWith('/repay?orderId=1', { replace: true })
  expect(env.location.assign).not.toHaveBeenCalled()
})

test('openTarget assigns (or replaces) the location for web targets', () => {
  const env = fakeEnv()
  const target: Target = { kind: 'web', url: 'https://pay.partner.com/x' }
  expect(openTarget(target, env)).toBe('web')
  expect(env.location.assign).toHaveBeenCalledWith('https://pay.partner.com/x')
  openTarget(target, env, { replace: true })
  expect(env.location.replace).toHaveBeenCalledWith('https://pay.partner.com/x')
  expect(env.location.assign).toHaveBeenCalledTimes(1)
})

test('openTarget hands native targets to the bridge with the raw key', () => {
  const env = fakeEnv()
  expect(openTarget({ kind: 'native', route: 'login', raw: 'login?x=1' }, env)).toBe('native')
  expect(env.toNative).toHaveBeenCalledWith('login?x=1')
})

test('openTarget refuses with a toast text and goes nowhere', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const env = fakeEnv()
  expect(openTarget({ kind: 'refused', reason: 'scheme not allowed: javascript:' }, env)).toBeNull()
  expect(env.refuse).toHaveBeenCalledWith('This link cannot be opened.')
  expect(REFUSED_MESSAGE).toBe('This link cannot be opened.')
  expect(env.navigate).not.toHaveBeenCalled()
  expect(env.location.assign).not.toHaveBeenCalled()
  expect(env.location.replace).not.toHaveBeenCalled()
  expect(env.toNative).not.toHaveBeenCalled()
})

test('leftPage: an in-app or browser navigation leaves the page; a native page or a refusal does not', () => {
  expect(leftPage('app')).toBe(true)
  expect(leftPage('web')).toBe(true)
  expect(leftPage('native')).toBe(false)
  expect(leftPage(null)).toBe(false)
})

test('dial opens tel: with the digits (and a leading +) only', () => {
  const location = { assign: vi.fn(), replace: vi.fn() }
  expect(dial(location, '+63 (2) 8700-1234')).toBe(true)
  expect(location.assign).toHaveBeenCalledWith('tel:+63287001234')
  expect(dial(location, 'call us')).toBe(false)
  expect(dial(location, '')).toBe(false)
  expect(location.assign).toHaveBeenCalledTimes(1)
})

/*
 * Which support addresses open a mail client (mailtoHref, mailTo): one plain address as valibot's `email`
 * action reads it (EMAIL_REGEX), at most 254 characters. The local part is ASCII letters, digits, `_`, `+`
 * and `-` in dot-separated runs; the domain is ASCII letters and digits in runs joined by `.` or `-`, ending in
 * a dot and a top-level name of two or more letters. Everything else is refused, and the screens show it as
 * text to copy instead: a domain without a dot, anything a mailto URL reads as more than one recipient or as a
 * header (`?`, `&`, `,`, `;`, `%`-escapes), a scheme, quotes, IP literals, non-ASCII or punycode domains.
 */
test.each([
  ['help@cashloan.ph', 'a plain address'],
  ['a.b+c@sub.example.co', 'dots and a plus tag, a subdomain'],
  ['Support@CashLoan.PH', 'capital letters'],
  ['first_last-1@my-lender.com.ph', 'underscore, hyphen and digits; hyphenated domain'],
  ['x@y.museum', 'a long top-level name'],
])('opens a mail client for %s (%s)', (address) => {
  const location = { assign: vi.fn(), replace: vi.fn() }
  expect(mailtoHref(address)).toBe(`mailto:${address}`)
  expect(mailTo(location, address)).toBe(true)
  expect(location.assign).toHaveBeenCalledExactlyOnceWith(`mailto:${address}`)
})

test.each([
  ['help@cashloan', 'a domain without a dot'],
  ['a b@x.ph', 'a space'],
  [' help@cashloan.ph', 'surrounding space (callers trim)'],
  ['help@cashloan.ph\n', 'a line break'],
  ['', 'nothing'],
  ['support', 'no @'],
  ['a@b@x.ph', 'two @'],
  ['javascript:alert(1)//@x.ph', 'a script URL'],
  ['javascript:a@b.ph', 'a scheme'],
  ['mailto:help@cashloan.ph', 'already a mailto URL'],
  ['x@y.ph?subject=Hello', 'a subject header'],
  ['x@y.ph?cc=evil@e.com', 'a copy recipient'],
  ['x@y.ph&body=hi', 'a body'],
  ['a,b@x.ph', 'a second recipient by comma'],
  ['a;b@x.ph', 'a second recipient by semicolon'],
  ['a%0Abcc@x.ph', 'an escaped line break'],
  ['"a"@x.ph', 'quotes'],
  ['<a>@x.ph', 'angle brackets'],
  ['.a@x.ph', 'a leading dot'],
  ['a..b@x.ph', 'two dots in a row'],
  ['a@-x.ph', 'a domain starting with a hyphen'],
  ['a@x.p', 'a one-letter top-level name'],
  ['a@x.ph1', 'digits in the top-level name'],
  ['a@1.2.3.4', 'an IP address'],
  ['a@[127.0.0.1]', 'an IP literal'],
  ['ré@x.ph', 'a non-ASCII local part'],
  ['a@xn--80ak6aa92e.com', 'a punycode domain'],
  [`${'a'.repeat(247)}@cash.ph`, 'more than 254 characters'],
])('does not open a mail client for %j (%s)', (address) => {
  const location = { assign: vi.fn(), replace: vi.fn() }
  expect(mailtoHref(address)).toBeNull()
  expect(mailTo(location, address)).toBe(false)
  expect(location.assign).not.toHaveBeenCalled()
})

function linkContext() {
  return {
    settings: { allowedHosts: ['pay.partner.com'] },
    navigate: vi.fn(),
    bridge: { call: vi.fn() },
    refuse: vi.fn(),
  }
}

test('openServerLink navigates in the app with the appended globals', () => {
  const context = { ...linkContext(), append: { productId: '7', orderId: '86' }, replace: true }
  expect(openServerLink(`${window.location.origin}/repay?orderId=1`, context)).toBe('app')
  expect(context.navigate).toHaveBeenCalledWith('/repay?orderId=1&productId=7', { replace: true })
})

test('openServerLink sends a native key through the bridge and refuses a bad link with a toast', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const context = linkContext()
  expect(openServerLink('productDetail?id=3', context)).toBe('native')
  expect(context.bridge.call).toHaveBeenCalledWith('to', ['productDetail?id=3'])

  expect(openServerLink('javascript:alert(1)', context)).toBeNull()
  expect(openServerLink('https://evil.com/', context)).toBeNull()
  expect(context.refuse).toHaveBeenCalledTimes(2)
  expect(context.refuse).toHaveBeenCalledWith(REFUSED_MESSAGE)
  expect(context.navigate).not.toHaveBeenCalled()
})

test('openServerLink follows the spec: only an http link goes through the guard, anything else must be a native key', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const context = linkContext()
  // An app path is not a link the spec opens: it would go to the bridge, which knows no such key.
  expect(openServerLink('/repay?orderId=1', context)).toBeNull()
  expect(openServerLink('repay', context)).toBeNull()
  expect(openServerLink('intent://scan/#Intent;end', context)).toBeNull()
  expect(openServerLink('HTTP://EVIL.COM/', context)).toBeNull()
  expect(context.refuse).toHaveBeenCalledTimes(4)
  expect(context.navigate).not.toHaveBeenCalled()
  expect(context.bridge.call).not.toHaveBeenCalled()
  expect(openServerLink(`${window.location.origin.toUpperCase()}/repay`, context)).toBe('app')
  expect(context.navigate).toHaveBeenCalledWith('/repay', { replace: undefined })
})

test('classifyServerLink judges a link again after appending the globals', () => {
  const policy = { ...POLICY, allowedHosts: ['pay.partner.com'] }
  expect(classifyServerLink('https://pay.partner.com/c', policy, { orderId: '86' })).toEqual({
    kind: 'web',
    url: 'https://pay.partner.com/c?orderId=86',
  })
  expect(classifyServerLink('https://app.cashloan.ph/repay#x', policy, { productId: '7' })).toEqual({
    kind: 'app',
    path: '/repay?productId=7#x',
  })
  expect(classifyServerLink('https://app.cashloan.ph/.//evil.com', policy, { productId: '7' })).toMatchObject(
    {
      kind: 'refused',
    },
  )
  expect(classifyServerLink('mine', policy, { productId: '7' })).toEqual({
    kind: 'native',
    route: 'mine',
    raw: 'mine',
  })
})

test('documentInFrame: a document is framed only where the guard would open it in the browser', () => {
  const settings = { allowedHosts: ['contracts.partner.com', '*.example.com'] }
  expect(documentInFrame('https://contracts.partner.com/loan?id=1', settings)).toBe(
    'https://contracts.partner.com/loan?id=1',
  )
  expect(documentInFrame('https://docs.example.com/a', settings)).toBe('https://docs.example.com/a')
  // The page here is on localhost: http to a local host is development's (and the demo's second origin).
  expect(documentInFrame('http://127.0.0.1:8080/utilities/doc', settings)).toBe(
    'http://127.0.0.1:8080/utilities/doc',
  )
  for (const refused of [
    'https://evil.com/agreement',
    'http://contracts.partner.com/loan',
    'javascript:alert(1)',
    'data:text/html,<p>x</p>',
    'https://user:pw@contracts.partner.com/loan',
    // Our own pages refuse to be framed (frame-ancestors 'none'); a native key has no document.
    `${window.location.origin}/loanAgreement`,
    'productDetail',
    '',
    null,
  ]) {
    expect(documentInFrame(refused, settings), String(refused)).toBeNull()
  }
})
