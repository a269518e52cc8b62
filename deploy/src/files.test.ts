import * as fs from 'node:fs'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { listFiles, writeAtomically } from './files'

// The real file system, with a way to make one write fail as a full disk would.
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>()
  return { ...real, writeFileSync: vi.fn(real.writeFileSync), fsyncSync: vi.fn(real.fsyncSync) }
})

const actual = await vi.importActual<typeof fs>('node:fs')

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'files-'))
})
afterEach(() => {
  vi.mocked(fs.writeFileSync).mockClear()
  vi.mocked(fs.fsyncSync).mockClear()
  rmSync(dir, { recursive: true, force: true })
})

/**
 * Reads `file` over and over on another thread until told to stop; answers how many reads it made and how
 * many of them were neither `a` nor `b` whole.
 */
const READER = `
const { parentPort, workerData } = require('node:worker_threads')
const { readFileSync } = require('node:fs')
const shared = new Int32Array(workerData.shared)
let torn = 0
parentPort.postMessage('ready')
while (Atomics.load(shared, 0) === 0) {
  const text = readFileSync(workerData.file, 'latin1')
  if (text !== workerData.a && text !== workerData.b) torn++
  Atomics.add(shared, 1, 1)
}
parentPort.postMessage({ reads: Atomics.load(shared, 1), torn })
`

test('a reader on another thread sees the old file or the new one whole, never half of one', async () => {
  const file = join(dir, 'page.html')
  const a = 'a'.repeat(1 << 18)
  const b = 'b'.repeat(1 << 18)
  writeAtomically(file, a)
  const shared = new SharedArrayBuffer(8)
  const counts = new Int32Array(shared)
  const reader = new Worker(READER, { eval: true, workerData: { file, a, b, shared } })
  const answer = new Promise<{ reads: number; torn: number }>((resolve, reject) => {
    reader.on('message', (message) => message !== 'ready' && resolve(message))
    reader.on('error', reject)
  })
  await new Promise((resolve) => reader.once('message', resolve))
  const started = Date.now()
  for (let i = 0; Date.now() - started < 300 || Atomics.load(counts, 1) < 50; i++) {
    writeAtomically(file, i % 2 ? a : b)
  }
  Atomics.store(counts, 0, 1)
  const { reads, torn } = await answer
  await reader.terminate()
  expect(reads).toBeGreaterThanOrEqual(50)
  expect(torn).toBe(0)
  expect(readdirSync(dir)).toEqual(['page.html'])
})

test('a write that fails half way leaves the old content, no temp file, and says why', () => {
  const file = join(dir, 'registry.json')
  writeAtomically(file, '{"old":true}\n')
  vi.mocked(fs.writeFileSync).mockImplementationOnce((target, data) => {
    actual.writeFileSync(target, String(data).slice(0, 5))
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
  })
  expect(() => writeAtomically(file, '{"new":true}\n', { durable: true })).toThrow(/ENOSPC/)
  expect(readFileSync(file, 'utf8')).toBe('{"old":true}\n')
  expect(readdirSync(dir)).toEqual(['registry.json'])
})

test('a durable write is flushed to disk before it replaces the file; others are not', () => {
  const file = join(dir, 'registry.json')
  writeAtomically(file, 'page')
  expect(fs.fsyncSync).not.toHaveBeenCalled()
  writeAtomically(file, 'registry', { durable: true })
  expect(fs.fsyncSync).toHaveBeenCalledTimes(1)
  expect(readFileSync(file, 'utf8')).toBe('registry')
})

test('a file in a folder not made yet is written, with the folder', () => {
  const file = join(dir, '.pages', 'nested', 'loanDetails.html')
  writeAtomically(file, Buffer.from('<p>page</p>'))
  expect(readFileSync(file, 'utf8')).toBe('<p>page</p>')
  expect(listFiles(dir)).toEqual([file])
})
