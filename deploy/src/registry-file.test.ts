import { spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { entryProblem } from 'shared/registry'
import { afterEach, beforeEach, expect, test } from 'vitest'
import {
  lockFileOf,
  manifestProblems,
  readPageRegistry,
  readRegistry,
  RegistryFileError,
  RegistryLockError,
  setRegistryEntry,
  withRegistryLock,
} from './registry-file'

let dir: string
let file: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'registry-file-'))
  file = join(dir, 'registry.json')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const entry = (version: string, url = `/remotes/mf-site/${version}/mf-manifest.json`) => ({
  version,
  entry: url,
  previous: null,
  available: [version],
})

/** A lock as another process leaves it. */
function lockHeldBy(pid: number, since = Date.now()) {
  writeFileSync(lockFileOf(file), JSON.stringify({ pid, host: hostname(), since, token: 'theirs' }))
}

test('the registry is written only under its lock, and the lock is gone afterwards', () => {
  expect(() => setRegistryEntry(file, 'mf_site', entry('1'))).toThrow(/under the registry lock/)
  withRegistryLock(file, () => {
    expect(existsSync(lockFileOf(file))).toBe(true)
    // Re-entrant: a release that rewrites its pages under the lock it already holds.
    withRegistryLock(file, () => setRegistryEntry(file, 'mf_site', entry('1')))
  })
  expect(readRegistry(file).remotes.mf_site.version).toBe('1')
  expect(readdirSync(dir)).toEqual(['registry.json'])
})

test('a lock whose process is dead is taken at once', () => {
  lockHeldBy(spawnSync(process.execPath, ['-e', '']).pid!)
  const started = Date.now()
  withRegistryLock(file, () => setRegistryEntry(file, 'mf_site', entry('1')), { waitMs: 5_000 })
  expect(Date.now() - started).toBeLessThan(1_000)
  expect(readdirSync(dir)).toEqual(['registry.json'])
})

test("a live holder's lock is waited for, then refused with who holds it and what to do", () => {
  lockHeldBy(process.ppid)
  const started = Date.now()
  let error: unknown
  try {
    withRegistryLock(file, () => setRegistryEntry(file, 'mf_site', entry('1')), { waitMs: 300 })
  } catch (thrown) {
    error = thrown
  }
  expect(Date.now() - started).toBeGreaterThanOrEqual(300)
  expect(error).toBeInstanceOf(RegistryLockError)
  const message = (error as Error).message
  expect(message).toContain(`(pid ${process.ppid} on ${hostname()}, for 0 s) holds ${lockFileOf(file)}`)
  expect(message).toContain('waited 0.3 s')
  expect(message).toContain('Run the command again when it has finished')
  expect(existsSync(file)).toBe(false)
  // The holder's lock is left alone.
  expect(JSON.parse(readFileSync(lockFileOf(file), 'utf8'))).toMatchObject({ token: 'theirs' })
})

test('a lock older than the stale age is taken even when its pid is alive (another machine, a reused pid)', () => {
  lockHeldBy(process.ppid, Date.now() - 61_000)
  withRegistryLock(file, () => setRegistryEntry(file, 'mf_site', entry('1')), { waitMs: 300 })
  expect(readRegistry(file).remotes.mf_site.version).toBe('1')
})

test('a lock file left empty (its holder died as it created it) is taken once it is stale', () => {
  writeFileSync(lockFileOf(file), '')
  expect(() => withRegistryLock(file, () => undefined, { waitMs: 200 })).toThrow(RegistryLockError)
  const old = new Date(Date.now() - 61_000)
  utimesSync(lockFileOf(file), old, old)
  withRegistryLock(file, () => setRegistryEntry(file, 'mf_site', entry('1')), { waitMs: 200 })
  expect(existsSync(lockFileOf(file))).toBe(false)
})

test('a holder whose lock was taken from it (held past the stale age) writes nothing', () => {
  expect(() =>
    withRegistryLock(file, () => {
      lockHeldBy(process.ppid)
      setRegistryEntry(file, 'mf_site', entry('1'))
    }),
  ).toThrow(/no longer holds the registry lock/)
  expect(existsSync(file)).toBe(false)
  // Not removed on the way out: it is the other holder's.
  expect(JSON.parse(readFileSync(lockFileOf(file), 'utf8'))).toMatchObject({ token: 'theirs' })
})

test('a registry that is not JSON is refused with the command that repairs it', () => {
  writeFileSync(file, '{"remotes": {')
  expect(() => readRegistry(file)).toThrow(RegistryFileError)
  expect(() => readRegistry(file)).toThrow(
    /Repair it with `pnpm registry:repair` \(it rebuilds the pointers from the route pages/,
  )
})

const OUTSIDE = [
  'https://cdn.example.com/remotes/mf-site/1/mf-manifest.json',
  '//evil.example/remotes/mf-site/1/mf-manifest.json',
  '/\\evil.example/remotes/mf-site/1/mf-manifest.json',
  '/\t/evil.example/remotes/mf-site/1/mf-manifest.json',
  'javascript:alert(1)',
  'remotes/mf-site/1/mf-manifest.json',
  '/remotes/../api/mf-manifest.json',
  '/api/mf-manifest.json',
]

test("an entry is the deployment's own only as a path under /remotes/ on its origin", () => {
  expect(entryProblem('/remotes/mf-site/1.0.0-a/mf-manifest.json')).toBeNull()
  for (const url of OUTSIDE) expect(entryProblem(url), url).toMatch(/outside this deployment/)
})

test('entries that point outside the deployment are read as missing, by the tools and by the pages', () => {
  const foreign = OUTSIDE[0]
  writeFileSync(
    file,
    JSON.stringify({
      remotes: {
        mf_site: entry('1', foreign),
        mf_complaint: {
          ...entry('2', '/remotes/mf-complaint/2/mf-manifest.json'),
          previous: { version: '1', entry: OUTSIDE[1] },
        },
      },
    }),
  )
  for (const registry of [readRegistry(file), readPageRegistry(file)!]) {
    expect(registry.remotes.mf_site).toBeUndefined()
    // An entry of its own with a foreign previous keeps its entry and loses the previous.
    expect(registry.remotes.mf_complaint).toMatchObject({ version: '2', previous: null })
  }
})

const MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry-abc.js', path: '', type: 'module' }, publicPath: 'auto' },
  exposes: [{ path: './app', assets: { js: { sync: ['assets/app.js'], async: [] }, css: { sync: [] } } }],
  shared: [{ name: 'react', assets: { js: { sync: ['assets/react.js'], async: [] } } }],
}

test("a manifest whose files are outside its version's folder is refused", () => {
  expect(manifestProblems(MANIFEST)).toEqual([])
  expect(manifestProblems({ metaData: { remoteEntry: { name: 'e.js', path: 'sub' } } })).toEqual([])
  const bad = (metaData: object, rest: object = {}) => manifestProblems({ ...MANIFEST, metaData, ...rest })
  expect(bad({ remoteEntry: { name: 'https://evil.example/e.js', path: '' } })).toEqual([
    'remoteEntry "https://evil.example/e.js" is outside its version folder',
  ])
  expect(bad({ remoteEntry: { name: 'e.js', path: '//evil.example' } })).toHaveLength(1)
  expect(bad({ remoteEntry: { name: 'e.js', path: '../../mf-other/1' } })).toHaveLength(1)
  expect(bad({ remoteEntry: { name: 'e.js', path: '/' } })).toHaveLength(1)
  expect(bad({ remoteEntry: { name: 'e.js', path: '' }, publicPath: 'https://cdn.example.com/' })).toEqual([
    'publicPath "https://cdn.example.com/" is outside its version folder',
  ])
  expect(bad({ remoteEntry: { name: 'e.js', path: '' }, getPublicPath: 'return "https://x/"' })).toEqual([
    'getPublicPath is set (code that picks where the files come from)',
  ])
  expect(bad({})).toEqual(['no remoteEntry'])
  expect(
    bad(MANIFEST.metaData, {
      exposes: [{ path: './app', assets: { js: { sync: ['https://evil.example/a.js'] }, css: {} } }],
    }),
  ).toEqual(['exposes ./app asset "https://evil.example/a.js" is outside its version folder'])
  expect(manifestProblems('not a manifest')).toEqual(['not a manifest'])
})
