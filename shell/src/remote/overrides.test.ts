import { afterEach, expect, test } from 'vitest'
import { OVERRIDE_STORAGE_KEY, parseOverrides, readOverrides } from './overrides'

afterEach(() => {
  window.sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})

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

test('readOverrides takes ?mf= from the URL and keeps it for the rest of the session', () => {
  window.history.replaceState(null, '', '/repay?mf=mf_repay@1.2.3&orderId=1')
  expect(readOverrides(window)).toEqual({ mf_repay: '1.2.3' })
  expect(window.sessionStorage.getItem(OVERRIDE_STORAGE_KEY)).toBe('mf_repay@1.2.3')

  // A later page view without ?mf= still uses it.
  window.history.replaceState(null, '', '/loanDetails')
  expect(readOverrides(window)).toEqual({ mf_repay: '1.2.3' })
})

test('an empty ?mf= clears the stored override', () => {
  window.sessionStorage.setItem(OVERRIDE_STORAGE_KEY, 'mf_repay@1.2.3')
  window.history.replaceState(null, '', '/repay?mf=')
  expect(readOverrides(window)).toEqual({})
  window.history.replaceState(null, '', '/repay')
  expect(readOverrides(window)).toEqual({})
})

test('readOverrides still reads the URL when storage is unavailable', () => {
  const win = {
    location: { href: 'https://app.example.com/?mf=mf_site@9.9.9' },
    get sessionStorage(): Storage {
      throw new DOMException('denied', 'SecurityError')
    },
  } as unknown as Window
  expect(readOverrides(win)).toEqual({ mf_site: '9.9.9' })
})
