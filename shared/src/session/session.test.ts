import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import {
  blankKeys,
  bootSession,
  callQuery,
  cleanAddress,
  createSessionStore,
  emptySession,
  globalQuery,
  mergeSessions,
  pageOrder,
  readParams,
  STORAGE_KEY,
  stripSessionParams,
  type SessionSnapshot,
} from './session'

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  }
}

function stored(storage: { getItem(key: string): string | null }): unknown {
  return JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null')
}

const FULL_QUERY =
  'appVersion=1.2.0&deviceName=Pixel&deviceId=dev-1&osVersion=14&sessionId=s-1&adId=ad-1' +
  '&productId=7&orderId=86&utm_source=fb&utm_medium=cpc&utm_campaign=summer&utm_content=banner' +
  '&utm_term=loan&channel=play&other=x'

test('readParams sorts session, global and tracking parameters and drops unknown ones', () => {
  expect(readParams(new URLSearchParams(FULL_QUERY))).toEqual({
    session: {
      appVersion: '1.2.0',
      deviceName: 'Pixel',
      deviceId: 'dev-1',
      osVersion: '14',
      sessionId: 's-1',
      adId: 'ad-1',
    },
    globals: { productId: '7', orderId: '86' },
    tracking: {
      utm_source: 'fb',
      utm_medium: 'cpc',
      utm_campaign: 'summer',
      utm_content: 'banner',
      utm_term: 'loan',
      channel: 'play',
    },
  })
})

test('readParams takes product_id as productId, but productId wins when both are given', () => {
  expect(readParams(new URLSearchParams('product_id=9')).globals).toEqual({ productId: '9' })
  expect(readParams(new URLSearchParams('product_id=9&productId=3')).globals).toEqual({ productId: '3' })
})

test('readParams ignores empty and blank values and trims the rest', () => {
  const snapshot = readParams(new URLSearchParams('sessionId=&deviceId=%20%20&orderId=%2012%20&channel='))
  expect(snapshot).toEqual({ session: {}, globals: { orderId: '12' }, tracking: {} })
})

test('readParams accepts a plain record: finite numbers become strings, other types are ignored', () => {
  const snapshot = readParams({
    sessionId: 'abc',
    appVersion: 2,
    deviceId: Number.NaN,
    osVersion: { major: 14 },
    adId: null,
    orderId: 86,
    product_id: '5',
  })
  expect(snapshot).toEqual({
    session: { sessionId: 'abc', appVersion: '2' },
    globals: { orderId: '86', productId: '5' },
    tracking: {},
  })
})

test('mergeSessions lets later values win per key and never erases with an empty group', () => {
  const older: SessionSnapshot = {
    session: { sessionId: 'old', deviceId: 'd-1' },
    globals: { orderId: '1' },
    tracking: { channel: 'web' },
  }
  const newer: SessionSnapshot = { session: { sessionId: 'new' }, globals: {}, tracking: {} }
  expect(mergeSessions(older, newer)).toEqual({
    session: { sessionId: 'new', deviceId: 'd-1' },
    globals: { orderId: '1' },
    tracking: { channel: 'web' },
  })
  // The inputs are not modified.
  expect(older.session.sessionId).toBe('old')
  expect(mergeSessions()).toEqual(emptySession())
})

test('stripSessionParams removes only the session parameters and keeps the rest of the URL and the hash', () => {
  expect(
    stripSessionParams(
      'https://app.example.com/loanDetails?sessionId=s&orderId=86&deviceId=d&utm_source=fb#top',
    ),
  ).toBe('/loanDetails?orderId=86&utm_source=fb#top')
  expect(stripSessionParams('https://app.example.com/repay?appVersion=1.0.0&adId=a#x')).toBe('/repay#x')
})

test('stripSessionParams returns null when there is nothing to remove', () => {
  expect(stripSessionParams('https://app.example.com/repay?orderId=86#x')).toBeNull()
  expect(stripSessionParams('https://app.example.com/')).toBeNull()
})

test.each([
  ['//complaint?sessionId=abc&orderId=5', '/complaint?orderId=5'],
  ['//complaint', '/complaint'],
  ['///a//b/?x=1#h', '/a/b/?x=1#h'],
])('stripSessionParams collapses repeated slashes, never returning another origin (%s)', (path, expected) => {
  const stripped = stripSessionParams(`https://app.example.com${path}`)
  expect(stripped).toBe(expected)
  // What history.replaceState would make of it: the same origin.
  expect(new URL(stripped!, 'https://app.example.com/x').origin).toBe('https://app.example.com')
})

test('cleanAddress removes the named parameters only and keeps a long query intact', () => {
  const long = 'x'.repeat(4096)
  expect(cleanAddress(`https://app.example.com/repay?mf=mf_repay@1&long=${long}`, ['mf'])).toBe(
    `/repay?long=${long}`,
  )
  expect(cleanAddress('https://app.example.com/repay?', ['mf'])).toBeNull()
})

test('blankKeys lists known parameters given empty, product_id as productId, and nothing else', () => {
  expect(
    blankKeys(new URLSearchParams('orderId=&product_id=%20&deviceName=&utm_source=&other=&sessionId=s')),
  ).toEqual(['orderId', 'productId', 'deviceName', 'utm_source'])
  expect(blankKeys(new URLSearchParams('orderId=87'))).toEqual([])
})

test('callQuery is session plus tracking parameters, without the globals', () => {
  const snapshot = readParams(new URLSearchParams(FULL_QUERY))
  const query = callQuery(snapshot)
  expect(query).toEqual({ ...snapshot.session, ...snapshot.tracking })
  expect(query).not.toHaveProperty('productId')
  expect(query).not.toHaveProperty('orderId')
  expect(globalQuery(snapshot)).toEqual({ productId: '7', orderId: '86' })
})

test('a session store persists at creation and after every set, and notifies subscribers', () => {
  const storage = memoryStorage()
  const store = createSessionStore({ storage }, readParams(new URLSearchParams('sessionId=s-1&orderId=1')))
  expect(stored(storage)).toEqual(store.get())

  const listener = vi.fn()
  const unsubscribe = store.subscribe(listener)
  const next = store.set({ sessionId: 's-2', deviceId: 'd-9', unknown: 'x', utm_source: 'fb' })

  expect(next).toEqual({
    session: { sessionId: 's-2', deviceId: 'd-9' },
    globals: { orderId: '1' },
    tracking: { utm_source: 'fb' },
  })
  expect(store.get()).toEqual(next)
  expect(listener).toHaveBeenCalledTimes(1)
  expect(listener).toHaveBeenCalledWith(next)
  expect(stored(storage)).toEqual(next)

  unsubscribe()
  store.set({ sessionId: 's-3' })
  expect(listener).toHaveBeenCalledTimes(1)
  expect(store.get().session.sessionId).toBe('s-3')
})

test('clear erases the named parameters from any group and persists; set never erases', () => {
  const storage = memoryStorage()
  const store = createSessionStore(
    { storage },
    readParams(new URLSearchParams('sessionId=s&deviceName=Pixel&orderId=86&utm_source=fb')),
  )
  expect(store.set({ deviceName: '', orderId: null }).session.deviceName).toBe('Pixel')
  const next = store.clear(['deviceName', 'orderId', 'utm_source'])
  expect(next).toEqual({ session: { sessionId: 's' }, globals: {}, tracking: {} })
  expect(stored(storage)).toEqual(next)
})

test('a store accepts a query and tells subscribers only about real changes', () => {
  const store = createSessionStore({ storage: null }, readParams(new URLSearchParams('orderId=86')))
  const listener = vi.fn()
  store.subscribe(listener)
  const before = store.get()
  expect(store.set(new URLSearchParams('orderId=86'))).toBe(before)
  expect(store.clear(['productId'])).toBe(before)
  expect(listener).not.toHaveBeenCalled()
  expect(store.set(new URLSearchParams('orderId=87&utm_campaign=spring')).globals.orderId).toBe('87')
  expect(listener).toHaveBeenCalledTimes(1)
  expect(store.get().tracking).toEqual({ utm_campaign: 'spring' })
})

test('a session store keeps working in memory when storage throws or is missing', () => {
  const broken = {
    getItem: () => null,
    setItem: () => {
      throw new Error('QuotaExceededError')
    },
  }
  const store = createSessionStore({ storage: broken })
  expect(store.set({ sessionId: 'kept' }).session.sessionId).toBe('kept')
  expect(createSessionStore({ storage: null }).set({ adId: 'a' }).session).toEqual({ adId: 'a' })
})

let replaceSpy: ReturnType<typeof vi.spyOn> | null = null

beforeEach(() => {
  window.sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})

afterEach(() => {
  replaceSpy?.mockRestore()
  replaceSpy = null
  window.sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})

test('bootSession merges the stored session with the URL (URL wins) and strips the address bar', () => {
  window.sessionStorage.setItem(
    STORAGE_KEY,
    JSON.stringify({
      session: { sessionId: 'stored', deviceId: 'stored-device' },
      globals: { productId: '1' },
      tracking: { channel: 'stored-channel' },
    }),
  )
  window.history.replaceState(
    { from: 'test' },
    '',
    '/loanDetails?sessionId=url&orderId=86&utm_source=fb#plan',
  )
  replaceSpy = vi.spyOn(window.history, 'replaceState')

  const store = bootSession(window)

  expect(store.get()).toEqual({
    session: { sessionId: 'url', deviceId: 'stored-device' },
    globals: { productId: '1', orderId: '86' },
    tracking: { channel: 'stored-channel', utm_source: 'fb' },
  })
  expect(replaceSpy).toHaveBeenCalledTimes(1)
  expect(replaceSpy).toHaveBeenCalledWith({ from: 'test' }, '', '/loanDetails?orderId=86&utm_source=fb#plan')
  expect(window.location.pathname + window.location.search + window.location.hash).toBe(
    '/loanDetails?orderId=86&utm_source=fb#plan',
  )
  // A reload keeps the session.
  expect(stored(window.sessionStorage)).toEqual(store.get())
})

test('bootSession leaves the address bar alone when it carries no session parameters', () => {
  window.history.replaceState(null, '', '/repay?orderId=5')
  replaceSpy = vi.spyOn(window.history, 'replaceState')
  const store = bootSession(window)
  expect(replaceSpy).not.toHaveBeenCalled()
  expect(store.get().globals).toEqual({ orderId: '5' })
})

test('bootSession: a deep link starting with // keeps the origin and lands on the collapsed path', () => {
  // A stand-in window: putting jsdom's own address at //complaint is itself the cross-origin replaceState.
  const win = {
    location: { href: `${window.location.origin}//complaint?sessionId=abc&orderId=3` },
    history: { state: null, replaceState: vi.fn() },
    sessionStorage: window.sessionStorage,
  } as unknown as Window
  const store = bootSession(win)
  expect(store.get().session).toEqual({ sessionId: 'abc' })
  expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/complaint?orderId=3')
})

test('bootSession: a parameter given empty erases its stored value', () => {
  window.sessionStorage.setItem(
    STORAGE_KEY,
    JSON.stringify({
      session: { deviceName: 'Pixel', sessionId: 's' },
      globals: { orderId: '86' },
      tracking: {},
    }),
  )
  window.history.replaceState(null, '', '/repay?deviceName=&orderId=')
  expect(bootSession(window).get()).toEqual({ session: { sessionId: 's' }, globals: {}, tracking: {} })
  expect(window.location.search).toBe('?orderId=')
})

test.each([
  ['not JSON', '{"session": '],
  ['a JSON string', '"hello"'],
  ['wrong group types', JSON.stringify({ session: 'x', globals: [1], tracking: null })],
])('bootSession survives a corrupted stored session (%s)', (_name, value) => {
  window.sessionStorage.setItem(STORAGE_KEY, value)
  window.history.replaceState(null, '', '/repay?sessionId=fresh')
  const store = bootSession(window)
  expect(store.get()).toEqual({ session: { sessionId: 'fresh' }, globals: {}, tracking: {} })
  expect(stored(window.sessionStorage)).toEqual(store.get())
})

test('bootSession works when sessionStorage cannot be reached', () => {
  const win = {
    location: { href: 'https://app.example.com/repay?sessionId=s&orderId=1' },
    history: { state: null, replaceState: vi.fn() },
    get sessionStorage(): Storage {
      throw new DOMException('denied', 'SecurityError')
    },
  } as unknown as Window
  const store = bootSession(win)
  expect(store.get().session).toEqual({ sessionId: 's' })
  expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/repay?orderId=1')
})

test("pageOrder: the route's ids as the session reads them, else the session's, else ''", () => {
  const session = { ...emptySession(), globals: { productId: '3', orderId: '40' } }
  expect(pageOrder({ query: { productId: ' 7 ', orderId: '86\t' }, session })).toEqual({
    productId: '7',
    orderId: '86',
  })
  expect(pageOrder({ query: { product_id: '9' }, session })).toEqual({ productId: '9', orderId: '40' })
  expect(pageOrder({ query: { productId: '  ', orderId: '' }, session })).toEqual({
    productId: '3',
    orderId: '40',
  })
  expect(pageOrder({ query: {}, session: emptySession() })).toEqual({ productId: '', orderId: '' })
})
