import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import {
  commitsBetween,
  headCommit,
  readReleaseCheck,
  recordReleaseCheck,
  releaseCheckLine,
} from './release-check'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'release-check-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const NOW = Date.parse('2026-11-28T09:00:00Z')
const A = 'a'.repeat(40)
const B = 'b'.repeat(40)

test('never passed: the release is told to run the check first', () => {
  expect(releaseCheckLine(null, NOW, A, null)).toBe(
    'pnpm test:release has not passed in this checkout: run it before a release (README, Tests).',
  )
})

test('passed on this very commit: when, and that it is this commit', () => {
  const check = { passedAt: '2026-11-28T06:30:00.000Z', commit: A }
  expect(releaseCheckLine(check, NOW, A, 0)).toBe(
    'pnpm test:release last passed 2026-11-28 06:30 UTC, 3 h ago at aaaaaaa; this checkout is that commit.',
  )
})

test('passed on an older commit: how many commits have come since', () => {
  const check = { passedAt: '2026-11-28T08:45:00.000Z', commit: A }
  expect(releaseCheckLine(check, NOW, B, 4)).toBe(
    'pnpm test:release last passed 2026-11-28 08:45 UTC, 15 min ago at aaaaaaa; this checkout is 4 commits later (bbbbbbb).',
  )
  expect(releaseCheckLine({ ...check, passedAt: '2026-11-20T09:00:00.000Z' }, NOW, B, null)).toBe(
    'pnpm test:release last passed 2026-11-20 09:00 UTC, 8 days ago at aaaaaaa; this checkout is at bbbbbbb, not a descendant git knows of.',
  )
})

test('the record is read back; a damaged or foreign file reads as never passed', () => {
  const file = join(dir, 'check.json')
  expect(readReleaseCheck(file)).toBeNull()
  recordReleaseCheck(file, { passedAt: '2026-11-28T06:30:00.000Z', commit: A })
  expect(readReleaseCheck(file)).toEqual({ passedAt: '2026-11-28T06:30:00.000Z', commit: A })
  for (const text of ['{"passedAt":', '{"passedAt":"yesterday"}', '[]', 'null']) {
    writeFileSync(file, text)
    expect(readReleaseCheck(file), text).toBeNull()
  }
})

test('git says which commit this is and how many came after the checked one', () => {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: dir,
      stdio: 'pipe',
    })
  git('init', '-q')
  git('commit', '-q', '--allow-empty', '-m', 'one')
  const first = headCommit(dir)!
  git('commit', '-q', '--allow-empty', '-m', 'two')
  git('commit', '-q', '--allow-empty', '-m', 'three')
  expect(first).toMatch(/^[0-9a-f]{40}$/)
  expect(commitsBetween(first, headCommit(dir)!, dir)).toBe(2)
  expect(commitsBetween(B, first, dir)).toBeNull()
  expect(headCommit(join(dir, '..'))).not.toBe(first)
})
