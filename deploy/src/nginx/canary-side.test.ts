import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import canarySide from './canary-side.js'

const entry = (percent: number, version = '1.0.0-bbbbbbbbbb') => ({
  version: '1.0.0-aaaaaaaaaa',
  entry: '/remotes/mf-repay/1.0.0-aaaaaaaaaa/mf-manifest.json',
  previous: null,
  available: ['1.0.0-aaaaaaaaaa', version],
  canary: {
    version,
    entry: `/remotes/mf-repay/${version}/mf-manifest.json`,
    percent,
    since: 1,
    stepSince: 1,
  },
})

/** 100,000 borrowers' keys, as their device ids give them: fixed, so the figures below are too. */
const KEYS = Array.from({ length: 100_000 }, (_, i) => canarySide.sideKey(`device-${i}`, undefined, null)!)

const share = (keys: string[], test: (key: string) => boolean) => keys.filter(test).length / keys.length

describe('the side key', () => {
  test("a device id's key is stable, 32 hex, and not the id", () => {
    const key = canarySide.sideKey('AB12-device', undefined, null)
    expect(key).toMatch(/^[0-9a-f]{32}$/)
    expect(canarySide.sideKey(' AB12-device ', 'mfc=0123456789abcdef0123456789abcdef', null)).toBe(key)
    expect(key).toBe(createHash('sha256').update('device:AB12-device').digest('hex').slice(0, 32))
  })

  test('without a device id, the cookie; without a well-formed cookie, the fresh key or none', () => {
    const cookie = 'a=1; mfc=0123456789abcdef0123456789abcdef; b=2'
    expect(canarySide.sideKey('', cookie, null)).toBe('0123456789abcdef0123456789abcdef')
    const fresh = 'ffffffffffffffffffffffffffffffff'
    expect(canarySide.sideKey(null, 'mfc=not-a-key', fresh)).toBe(fresh)
    expect(canarySide.sideKey(undefined, undefined, null)).toBeNull()
    expect(canarySide.sideKey('x'.repeat(201), undefined, fresh)).toBe(fresh)
  })

  test('the cookie is set only when the browser does not send the key', () => {
    const key = '0123456789abcdef0123456789abcdef'
    expect(canarySide.setCookie(key, `mfc=${key}`, true)).toBe('')
    expect(canarySide.setCookie(key, undefined, true)).toBe(
      `mfc=${key}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure`,
    )
    expect(canarySide.setCookie(key, 'mfc=ffffffffffffffffffffffffffffffff', false)).not.toContain('Secure')
    expect(canarySide.setCookie(null, undefined, false)).toBe('')
  })
})

describe('the side', () => {
  test('is the same on every request of a borrower (stable)', () => {
    for (const key of KEYS.slice(0, 1000)) {
      const first = canarySide.onCanary(key, 'mf_repay', entry(50))
      for (let i = 0; i < 3; i++) expect(canarySide.onCanary(key, 'mf_repay', entry(50))).toBe(first)
    }
  })

  test('takes the share asked, within 1 percentage point over 100,000 borrowers', () => {
    for (const percent of [1, 5, 25, 50, 75, 99]) {
      const seen = share(KEYS, (key) => canarySide.onCanary(key, 'mf_repay', entry(percent)))
      expect(Math.abs(seen * 100 - percent)).toBeLessThan(1)
    }
  })

  test('buckets are uniform: each tenth of them holds 10% of borrowers within 1 point', () => {
    const tenths = new Array<number>(10).fill(0)
    for (const key of KEYS) tenths[Math.floor(canarySide.bucket(key, 'mf_repay', 'v2') / 1000)]++
    for (const count of tenths) expect(Math.abs((count / KEYS.length) * 100 - 10)).toBeLessThan(1)
  })

  test('a larger share keeps every borrower of the smaller one', () => {
    for (const key of KEYS.slice(0, 20_000)) {
      if (canarySide.onCanary(key, 'mf_repay', entry(5)))
        expect(canarySide.onCanary(key, 'mf_repay', entry(25))).toBe(true)
    }
  })

  test("another remote's canary, or another version's, draws its own borrowers", () => {
    const both = share(
      KEYS,
      (key) =>
        canarySide.onCanary(key, 'mf_repay', entry(50)) && canarySide.onCanary(key, 'mf_loan', entry(50)),
    )
    expect(Math.abs(both - 0.25)).toBeLessThan(0.01)
    const again = share(
      KEYS,
      (key) =>
        canarySide.onCanary(key, 'mf_repay', entry(50)) &&
        canarySide.onCanary(key, 'mf_repay', entry(50, '1.0.0-cccccccccc')),
    )
    expect(Math.abs(again - 0.25)).toBeLessThan(0.01)
  })

  test('no key, no canary or an unusable one: the control side', () => {
    expect(canarySide.onCanary(null, 'mf_repay', entry(99))).toBe(false)
    const plain = { ...entry(50), canary: undefined }
    expect(canarySide.onCanary(KEYS[0], 'mf_repay', plain)).toBe(false)
    for (const percent of [0, 100, Number.NaN]) {
      expect(KEYS.some((key) => canarySide.onCanary(key, 'mf_repay', entry(percent)))).toBe(false)
    }
  })
})

describe("a borrower's registry", () => {
  const doc = { remotes: { mf_repay: entry(50), mf_site: { ...entry(50), canary: undefined } } }
  const onSide = KEYS.find((key) => canarySide.onCanary(key, 'mf_repay', entry(50)))!
  const offSide = KEYS.find((key) => !canarySide.onCanary(key, 'mf_repay', entry(50)))!

  test('the canary side loads the canary, with the control as the version to fall back to', () => {
    expect(canarySide.borrowerRegistry(doc, onSide).remotes.mf_repay).toEqual({
      version: '1.0.0-bbbbbbbbbb',
      entry: '/remotes/mf-repay/1.0.0-bbbbbbbbbb/mf-manifest.json',
      previous: { version: '1.0.0-aaaaaaaaaa', entry: '/remotes/mf-repay/1.0.0-aaaaaaaaaa/mf-manifest.json' },
      available: ['1.0.0-aaaaaaaaaa', '1.0.0-bbbbbbbbbb'],
    })
  })

  test('the control side, and a request without a key, see no canary at all', () => {
    for (const key of [offSide, null]) {
      const { canary: _canary, ...control } = entry(50)
      expect(canarySide.borrowerRegistry(doc, key).remotes.mf_repay).toEqual(control)
      expect(JSON.stringify(canarySide.borrowerRegistry(doc, key))).not.toContain('canary')
    }
  })

  test('other remotes and a document that is no registry pass as they are', () => {
    expect(canarySide.borrowerRegistry(doc, onSide).remotes.mf_site).toBe(doc.remotes.mf_site)
    expect(canarySide.borrowerRegistry('nope', onSide)).toBe('nope')
    expect(canarySide.anyCanary(doc)).toBe(true)
    expect(canarySide.anyCanary({ remotes: { mf_site: doc.remotes.mf_site } })).toBe(false)
  })
})

test('the device id is read from the query as URLSearchParams reads it', () => {
  for (const query of [
    'deviceId=A%20B&x=1',
    'x=1&deviceId=A+B',
    'deviceId=A%20B&deviceId=other',
    'deviceId=%zz',
    '',
    'xdeviceId=1',
  ]) {
    expect(canarySide.deviceIdOf(query)).toBe(new URLSearchParams(query).get('deviceId') ?? '')
  }
})

test("the registry's text as a side sees it: the file as it is while no canary runs, and when it is not JSON", () => {
  const doc = { remotes: { mf_repay: entry(50) } }
  const [key] = KEYS
  expect(JSON.parse(canarySide.sideRegistryText(JSON.stringify(doc), key))).toEqual(
    canarySide.borrowerRegistry(doc, key),
  )
  const plain = JSON.stringify({ remotes: { mf_repay: { ...entry(50), canary: undefined } } })
  expect(canarySide.sideRegistryText(plain, key)).toBe(plain)
  expect(canarySide.sideRegistryText('{ not json', key)).toBe('{ not json')
})
