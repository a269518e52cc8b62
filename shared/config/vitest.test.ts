import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { filesNeedingOwnGraph, unitTestConfig } from './vitest'

function packageWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'unit-config-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

test('a test file that mocks a module or the clock gets a module graph of its own; the rest share one', () => {
  const root = packageWith({
    'src/a/plain.test.tsx': "test('x', () => {})",
    'src/b/mocks.test.ts': "vi.mock('shared/navigation', () => ({}))",
    'src/b/later.test.ts': "beforeEach(() => vi.doMock('./x'))",
    'src/c/clock.test.tsx': 'const user = setupFileClock()',
    'src/c/timers.test.ts': 'vi.useFakeTimers()',
    'src/c/spies.test.ts': "vi.spyOn(console, 'warn'); vi.fn()",
    'node_modules/dep/x.test.ts': "vi.mock('y')",
    'src/c/helper.ts': "vi.mock('not a test file')",
  })
  expect(filesNeedingOwnGraph(root)).toEqual([
    'src/b/later.test.ts',
    'src/b/mocks.test.ts',
    'src/c/clock.test.tsx',
    'src/c/timers.test.ts',
  ])
  const projects = unitTestConfig(root).test?.projects as { test: Record<string, unknown> }[]
  expect(projects.map((project) => project.test.isolate)).toEqual([false, true])
  expect(projects[0].test.exclude).toEqual(expect.arrayContaining(filesNeedingOwnGraph(root)))
  expect(projects[1].test.include).toEqual(filesNeedingOwnGraph(root))
})

test('a package where no file needs its own graph has one project, sharing it', () => {
  const root = packageWith({ 'src/plain.test.ts': "test('x', () => {})" })
  const projects = unitTestConfig(root, { environment: 'node', setupFiles: [] }).test?.projects as unknown[]
  expect(projects).toHaveLength(1)
})
