import { expect, test } from 'vitest'
import { engineOf, unreportedVitals } from './engine'

test.each([
  [
    'an iOS web view (WKWebView): its system version, no Version/',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 15_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    { name: 'webkit', major: 15 },
  ],
  [
    'an iPad web view',
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 CashLoan/2.3',
    { name: 'webkit', major: 16 },
  ],
  [
    'Safari on iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
    { name: 'webkit', major: 17 },
  ],
  [
    'Safari on a Mac (and an iPad asking for the desktop site)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
    { name: 'webkit', major: 17 },
  ],
  [
    'Chrome on iOS is WebKit',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
    { name: 'webkit', major: 17 },
  ],
  [
    'WebKitGTK',
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
    { name: 'webkit', major: 18 },
  ],
  [
    'Android WebView: Chrome’s major, not its Version/4.0',
    'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36',
    { name: 'chromium', major: 120 },
  ],
  [
    'Samsung Internet: its Chromium’s major',
    'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
    { name: 'chromium', major: 115 },
  ],
  [
    'headless Chrome',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36',
    { name: 'chromium', major: 142 },
  ],
  [
    'Firefox',
    'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0',
    { name: 'gecko', major: 153 },
  ],
  [
    'Firefox on Android',
    'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0',
    { name: 'gecko', major: 128 },
  ],
  ['junk', 'curl/8.5.0', { name: 'other', major: 0 }],
  ['nothing', '', { name: 'other', major: 0 }],
  ['a name without a number', 'Mozilla/5.0 Chrome/ AppleWebKit/', { name: 'webkit', major: 0 }],
  ['a forged huge major', 'Mozilla/5.0 Chrome/99999999999999999999999', { name: 'chromium', major: 999 }],
])('%s', (_case, userAgent, engine) => {
  expect(engineOf(userAgent)).toEqual(engine)
})

/** A window whose PerformanceObserver supports `types`, with or without interaction ids. */
const browser = (types: string[] | null, interactionIds = true) =>
  ({
    ...(types && { PerformanceObserver: { supportedEntryTypes: types } }),
    ...(interactionIds && { PerformanceEventTiming: { prototype: { interactionId: 0 } } }),
  }) as unknown as Window

test('the vitals a browser cannot report are its own answer: the entry types it supports', () => {
  const chromium = ['event', 'first-input', 'largest-contentful-paint', 'layout-shift', 'paint']
  expect(unreportedVitals(browser(chromium))).toEqual([])
  // Safari before 26.2: no LCP, no event timing, no layout shifts.
  expect(unreportedVitals(browser(['mark', 'measure', 'navigation', 'paint', 'resource'], false))).toEqual([
    'LCP',
    'INP',
    'CLS',
  ])
  // WebKit from 26.2: LCP and event timing, still no layout shifts.
  expect(unreportedVitals(browser(['event', 'first-input', 'largest-contentful-paint', 'paint']))).toEqual([
    'CLS',
  ])
  // Event timing without interaction ids gives Web Vitals no INP.
  expect(unreportedVitals(browser(chromium, false))).toEqual(['INP'])
  expect(unreportedVitals(browser(null, false))).toEqual(['LCP', 'INP', 'CLS'])
})
