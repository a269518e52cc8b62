import { expect, test } from 'vitest'
import { noLoads, type EngineHealth, type LoadHealth, type VersionHealth } from './health-db'
import { healthLines } from './health-table'

type Vitals = LoadHealth['vitals']
const none = { p75: null, loads: 0, unreported: 0 }
const vitals = (extra: Partial<Vitals> = {}): Vitals => ({ LCP: none, INP: none, CLS: none, ...extra })
const share = (engine: EngineHealth['engine'], extra: Partial<EngineHealth>): EngineHealth => ({
  engine,
  loads: 0,
  mounted: 0,
  fallbacks: 0,
  failures: 0,
  errors: 0,
  vitals: vitals(),
  ...extra,
})
const v = (version: string, extra: Partial<VersionHealth>): VersionHealth => ({
  ...noLoads('mf_loan', version),
  ...extra,
})

test('current and previous side by side, over the last hour and the last day, each split by engine', () => {
  const chromium = share('chromium', {
    loads: 5,
    mounted: 4,
    fallbacks: 1,
    errors: 1,
    vitals: vitals({
      LCP: { p75: 1834, loads: 5, unreported: 0 },
      INP: { p75: 88, loads: 3, unreported: 0 },
      CLS: { p75: 0.04, loads: 5, unreported: 0 },
    }),
  })
  const webkit = share('webkit', {
    loads: 3,
    mounted: 2,
    failures: 1,
    errors: 1,
    vitals: vitals({
      LCP: { p75: null, loads: 0, unreported: 3 },
      INP: { p75: null, loads: 0, unreported: 3 },
      CLS: { p75: null, loads: 0, unreported: 3 },
    }),
  })
  const hour = [
    v('2.0.0', {
      loads: 8,
      mounted: 6,
      fallbacks: 1,
      failures: 1,
      errors: 2,
      vitals: vitals({
        LCP: { p75: 1834, loads: 5, unreported: 3 },
        INP: { p75: 88, loads: 3, unreported: 3 },
        CLS: { p75: 0.04, loads: 5, unreported: 3 },
      }),
      engines: [chromium, webkit],
    }),
  ]
  const day = [
    ...hour,
    v('1.9.0', {
      loads: 120,
      mounted: 120,
      vitals: vitals({
        LCP: { p75: null, loads: 0, unreported: 120 },
        INP: { p75: 40, loads: 100, unreported: 0 },
      }),
      engines: [
        share('webkit', {
          loads: 120,
          mounted: 120,
          vitals: vitals({
            LCP: { p75: null, loads: 0, unreported: 120 },
            INP: { p75: 40, loads: 100, unreported: 0 },
          }),
        }),
      ],
    }),
  ]
  expect(healthLines('mf_loan', '2.0.0', '1.9.0', [hour, day])).toEqual([
    '                         version             loads  mounted  fallbacks  errors/load          LCP p75 (loads)          INP p75 (loads)          CLS p75 (loads)',
    '  last hour  current     2.0.0                   8    75.0%          1        25.0%               1.83 s (5)                88 ms (3)                 0.04 (5)',
    '                           Chromium              5    80.0%          1        20.0%               1.83 s (5)                88 ms (3)                 0.04 (5)',
    '                           WebKit                3    66.7%          0        33.3%    not reported (WebKit)    not reported (WebKit)    not reported (WebKit)',
    '             previous    1.9.0                   0        -          -            -                        -                        -                        -',
    '  last day   current     2.0.0                   8    75.0%          1        25.0%               1.83 s (5)                88 ms (3)                 0.04 (5)',
    '                           Chromium              5    80.0%          1        20.0%               1.83 s (5)                88 ms (3)                 0.04 (5)',
    '                           WebKit                3    66.7%          0        33.3%    not reported (WebKit)    not reported (WebKit)    not reported (WebKit)',
    '             previous    1.9.0                 120   100.0%          0         0.0%    not reported (WebKit)              40 ms (100)                        -',
    '                           WebKit              120   100.0%          0         0.0%    not reported (WebKit)              40 ms (100)                        -',
  ])
})

test('a vital no load reported, from engines that can report it, is "-", never a value', () => {
  const [line] = healthLines('mf_loan', '1.0.0', null, [[v('1.0.0', { loads: 4, mounted: 4 })], []]).slice(1)
  expect(line).toMatch(/4 +100\.0% +0 +0\.0% +- +- +-$/)
})

test('a remote never released has no previous line', () => {
  expect(healthLines('mf_loan', '1.0.0', null, [[], []])).toHaveLength(3)
})
