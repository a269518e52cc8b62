import { expect, test } from 'vitest'
import { sweepMedian } from '../../e2e/perf/metrics.ts'

// Issue #26, item 5: `pnpm bench:load` judges the median of several sweeps' medians (BENCH_SWEEPS).
test('one sweep: the plain median of its runs', () => {
  const runs = [2700, 2500, 2900].map((value) => ({ sweep: 1, value }))
  expect(sweepMedian(runs)).toEqual({ median: 2700, sweeps: [2700] })
})

test("several sweeps: each sweep's median, in sweep order, and their median (not the median of all runs)", () => {
  const runs = [
    ...[2600, 2610, 2620].map((value) => ({ sweep: 2, value })),
    ...[2400, 2410, 3000].map((value) => ({ sweep: 1, value })),
    ...[2900, 2950, 2990].map((value) => ({ sweep: 3, value })),
  ]
  const { median, sweeps } = sweepMedian(runs)
  expect(sweeps).toEqual([2410, 2610, 2950])
  expect(median).toBe(2610)
  // The median of all nine runs would be 2620: a sweep is weighed once, whatever its runs.
})

test('a run without a value (a failed run, a metric the page has not) is left out; no value at all is NaN', () => {
  expect(
    sweepMedian([
      { sweep: 1, value: Number.NaN },
      { sweep: 2, value: 10 },
    ]),
  ).toEqual({ median: 10, sweeps: [10] })
  expect(Number.isNaN(sweepMedian([]).median)).toBe(true)
})
