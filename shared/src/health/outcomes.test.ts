import { expect, test } from 'vitest'
import { failedOutcome, mountedOutcome, type LoadAttempt } from './outcomes'

const attempt = (
  version: string,
  stage: string,
  ok: boolean,
  extra: Partial<LoadAttempt> = {},
): LoadAttempt => ({
  remote: 'mf_repay',
  version,
  stage,
  ok,
  durationMs: 9,
  ...extra,
})

test('a mounted remote: its load stages, the total and the mount time', () => {
  const records = [attempt('2.0.0', 'ready', true, { durationMs: 40, phases: { manifest: 10, entry: 30 } })]
  expect(mountedOutcome('mf_repay', '2.0.0', null, records, 12)).toEqual({
    remote: 'mf_repay',
    version: '2.0.0',
    outcome: 'mounted',
    phases: { manifest: 10, entry: 30, total: 40, mount: 12 },
  })
})

test('a fallback names the version that failed and why', () => {
  const records = [
    attempt('2.0.0', 'contract', false, { error: 'incompatible contract 2.0.0' }),
    attempt('1.9.0', 'ready', true, { durationMs: 20 }),
  ]
  expect(mountedOutcome('mf_repay', '1.9.0', '2.0.0', records, 3)).toEqual({
    remote: 'mf_repay',
    version: '1.9.0',
    outcome: 'fallback',
    from: '2.0.0',
    reason: 'contract: incompatible contract 2.0.0',
    phases: { total: 20, mount: 3 },
  })
})

test.each([
  [
    'the retry screen',
    false,
    [attempt('2.0.0', 'entry', false, { error: 'timed out after 3500 ms' })],
    'retry-screen',
    'entry: timed out after 3500 ms',
  ],
  [
    'a refused contract',
    false,
    [attempt('2.0.0', 'contract', false, { error: 'incompatible contract 9' })],
    'contract-refused',
    'contract: incompatible contract 9',
  ],
  ['a remote not released', true, [], 'not-released', 'mf_repay could not be loaded'],
])('%s is reported as %s with why', (_, notReleased, attempts, outcome, reason) => {
  expect(failedOutcome('mf_repay', notReleased, attempts, 'mf_repay could not be loaded')).toMatchObject({
    outcome,
    reason,
    version: attempts[0]?.version ?? '-',
  })
})
