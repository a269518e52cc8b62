import { afterEach, expect, test, vi } from 'vitest'
import { OVERRIDE_STORAGE_KEY, parseOverrides, readOverrides } from './overrides'

afterEach(() => {
  window.sessionStorage.clear()
  window.history.replaceState(null, '', '/')
  vi.restoreAllMocks()
})

const address = () => window.location.pathname + window.location.search + window.location.hash

test('parseOverrides reads remote@version pairs', () => {
  expect(parseOverrides('mf_site@1.0.0-abc123, mf_loan@2.1.0+build.5')).toEqual({
    mf_site: '1.0.0-abc123',
    mf_loan: '2.1.0+build.5',
  })
})

test('parseOverrides ignores malformed parts and keeps the good ones', () => {
  expect(
    parseOverrides(
      'mf_site@1.0.0,garbage,mf-loan@1.0.0,mf_repay@,@1.0.0,mf_bindcard@../../evil,mf_Site@1.0.0',
    ),
  ).toEqual({ mf_site: '1.0.0' })
})

test('parseOverrides of nothing is no override', () => {
  expect(parseOverrides(null)).toEqual({})
  expect(parseOverrides('')).toEqual({})
})

test('when allowed, ?mf= applies, leaves the address bar and lasts for the rest of the session', () => {
  window.history.replaceState({ from: 'test' }, '', '/repay?mf=mf_repay@1.2.3&orderId=1#plan')
  expect(readOverrides(window, true)).toEqual({ mf_repay: '1.2.3' })
  expect(address()).toBe('/repay?orderId=1#plan')
  expect(window.history.state).toEqual({ from: 'test' })
  expect(window.sessionStorage.getItem(OVERRIDE_STORAGE_KEY)).toBe('mf_repay@1.2.3')

  // A later page view without ?mf= still uses it.
  window.history.replaceState(null, '', '/loanDetails')
  expect(readOverrides(window, true)).toEqual({ mf_repay: '1.2.3' })
})

test('when allowed, an empty ?mf= clears the stored override', () => {
  window.sessionStorage.setItem(OVERRIDE_STORAGE_KEY, 'mf_repay@1.2.3')
  window.history.replaceState(null, '', '/repay?mf=')
  expect(readOverrides(window, true)).toEqual({})
  expect(address()).toBe('/repay')
  window.history.replaceState(null, '', '/repay')
  expect(readOverrides(window, true)).toEqual({})
})

test('when not allowed, ?mf= is ignored, stripped, and any stored override is dropped with a note', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  window.sessionStorage.setItem(OVERRIDE_STORAGE_KEY, 'mf_site@1.0.0')
  window.history.replaceState(null, '', '/aboutUs?mf=mf_site@9.9.9&orderId=4')
  expect(readOverrides(window, false)).toEqual({})
  expect(address()).toBe('/aboutUs?orderId=4')
  expect(window.sessionStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull()
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('version overrides (?mf=) are off'))
})

test('when not allowed, a stored override from earlier is dropped too, and no pin means no note', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  window.sessionStorage.setItem(OVERRIDE_STORAGE_KEY, 'mf_site@1.0.0')
  window.history.replaceState(null, '', '/aboutUs')
  expect(readOverrides(window, false)).toEqual({})
  expect(window.sessionStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull()
  expect(warn).toHaveBeenCalledTimes(1)
  expect(readOverrides(window, false)).toEqual({})
  expect(warn).toHaveBeenCalledTimes(1)
})

test('readOverrides still reads the URL when storage is unavailable', () => {
  const win = {
    location: { href: 'https://app.example.com/?mf=mf_site@9.9.9' },
    history: { state: null, replaceState: vi.fn() },
    get sessionStorage(): Storage {
      throw new DOMException('denied', 'SecurityError')
    },
  } as unknown as Window
  expect(readOverrides(win, true)).toEqual({ mf_site: '9.9.9' })
  expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/')
})
