import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { readRegistry } from './registry-file'
import { releaseRemote, rollbackRemote } from './release'

let root: string
let options: { rootDir: string; cdnDir: string; registryFile: string }

function build(content: string) {
  const dist = join(root, 'mf-site', 'dist')
  rmSync(dist, { recursive: true, force: true })
  mkdirSync(join(dist, 'assets'), { recursive: true })
  writeFileSync(
    join(dist, 'mf-manifest.json'),
    JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
  )
  writeFileSync(join(dist, 'remoteEntry.js'), `export const v = ${JSON.stringify(content)}`)
  writeFileSync(join(dist, 'assets', 'app.js'), content)
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'release-'))
  mkdirSync(join(root, 'mf-site'))
  writeFileSync(join(root, 'mf-site', 'package.json'), JSON.stringify({ version: '1.2.0' }))
  options = { rootDir: root, cdnDir: join(root, 'cdn'), registryFile: join(root, 'cdn', 'registry.json') }
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

test('a release publishes an immutable version folder and points the registry at it', () => {
  build('one')
  const r = releaseRemote('mf-site', options)
  expect(r.changed).toBe(true)
  expect(r.version).toMatch(/^1\.2\.0-[0-9a-f]{10}$/)
  expect(readFileSync(join(options.cdnDir, 'mf-site', r.version, 'assets', 'app.js'), 'utf8')).toBe('one')
  expect(readRegistry(options.registryFile).remotes.mf_site).toEqual({
    version: r.version,
    entry: `/remotes/mf-site/${r.version}/mf-manifest.json`,
    previous: null,
    available: [r.version],
  })
})

test('publishing the same build twice is a no-op', () => {
  build('one')
  const first = releaseRemote('mf-site', options)
  const before = readFileSync(options.registryFile, 'utf8')
  const second = releaseRemote('mf-site', options)
  expect(second).toMatchObject({ version: first.version, changed: false })
  expect(readFileSync(options.registryFile, 'utf8')).toBe(before)
  expect(readdirSync(join(options.cdnDir, 'mf-site'))).toEqual([first.version])
})

test('a new build keeps the old pointer as previous; rollback returns to it and is itself undoable', () => {
  build('one')
  const v1 = releaseRemote('mf-site', options).version
  build('two')
  const v2 = releaseRemote('mf-site', options)
  expect(v2.version).not.toBe(v1)
  expect(v2.previous).toBe(v1)
  const back = rollbackRemote('mf-site', undefined, options)
  expect(back).toMatchObject({ version: v1, changed: true, previous: v2.version })
  expect(readRegistry(options.registryFile).remotes.mf_site.version).toBe(v1)
  const undo = rollbackRemote('mf-site', undefined, options)
  expect(undo.version).toBe(v2.version)
  // Version folders are never touched by a rollback.
  expect(readFileSync(join(options.cdnDir, 'mf-site', v1, 'assets', 'app.js'), 'utf8')).toBe('one')
})

test('rollback to a version that does not exist is refused with the available list', () => {
  build('one')
  const v1 = releaseRemote('mf-site', options).version
  expect(() => rollbackRemote('mf-site', '9.9.9-nope', options)).toThrow(
    `mf-site@9.9.9-nope does not exist on the CDN. Available: ${v1}`,
  )
  expect(readRegistry(options.registryFile).remotes.mf_site.version).toBe(v1)
})

test('rollback without a previous version is refused', () => {
  build('one')
  releaseRemote('mf-site', options)
  expect(() => rollbackRemote('mf-site', undefined, options)).toThrow('no previous version')
})

test('a release without a build says so', () => {
  expect(() => releaseRemote('mf-site', options)).toThrow('has no build')
})
