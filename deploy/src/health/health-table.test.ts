import { expect, test } from 'vitest'
import { noLoads, type VersionHealth } from './health-db'
import { healthLines } from './health-table'

const v = (version: string, extra: Partial<VersionHealth>): VersionHealth => ({
  ...noLoads('mf_loan', version),
  ...extra,
})

test('current and previous side by side, over the last hour and the last day', () => {
  const hour = [
    v('2.0.0', { loads: 8, mounted: 6, fallbacks: 1, failures: 1, errors: 2, lcpP75: 1834, inpP75: 88 }),
  ]
  const day = [...hour, v('1.9.0', { loads: 120, mounted: 120, lcpP75: 990, inpP75: 40 })]
  expect(healthLines('mf_loan', '2.0.0', '1.9.0', [hour, day])).toEqual([
    '                         version             loads  mounted  fallbacks  errors/load  LCP p75  INP p75',
    '  last hour  current     2.0.0                   8    75.0%          1        25.0%   1.83 s    88 ms',
    '             previous    1.9.0                   0        -          -            -        -        -',
    '  last day   current     2.0.0                   8    75.0%          1        25.0%   1.83 s    88 ms',
    '             previous    1.9.0                 120   100.0%          0         0.0%   990 ms    40 ms',
  ])
})

test('a remote never released has no previous line', () => {
  expect(healthLines('mf_loan', '1.0.0', null, [[], []])).toHaveLength(3)
})
