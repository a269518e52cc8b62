import { spawn, spawnSync } from 'node:child_process'
import type * as Fs from 'node:fs'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { readRegistry, RegistryFileError } from '../registry-file'
import { DEPLOY_DIR } from '../paths'
import { releaseRemote, rollbackRemote, versionsOnCdn, type ReleaseResult } from './release'
import { readReleaseEvents, RELEASE_LOG } from './release-log'
import { pageFileName, pagesDirOf } from '../pages/route-pages'

/** Makes the next copy stop half way, as a release killed mid-copy (or a full disk) would. */
const copy = vi.hoisted(() => ({ breakNext: false }))
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof Fs>()
  const cpSync: typeof fs.cpSync = (source, target, opts) => {
    if (!copy.breakNext) return fs.cpSync(source, target, opts)
    copy.breakNext = false
    fs.mkdirSync(target, { recursive: true })
    fs.cpSync(join(String(source), 'mf-manifest.json'), join(String(target), 'mf-manifest.json'))
    throw new Error('ENOSPC: no space left on device')
  }
  return { ...fs, default: { ...fs, cpSync }, cpSync }
})

let root: string
let options: { rootDir: string; cdnDir: string; registryFile: string; shellDir: string }

const SHELL_INDEX =
  '<!doctype html><html><head><script type="application/json" id="app-settings">{}</script></head><body></body></html>'

function build(content: string, workspace = root, pkg = 'mf-site') {
  const dist = join(workspace, pkg, 'dist')
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
  options = {
    rootDir: root,
    cdnDir: join(root, 'cdn'),
    registryFile: join(root, 'cdn', 'registry.json'),
    // No shell build: the route pages a release rewrites are route-pages.test.ts's subject.
    shellDir: join(root, 'shell', 'dist'),
  }
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

test('a release that dies mid-copy leaves no version folder; the next one publishes it whole', () => {
  build('one')
  copy.breakNext = true
  expect(() => releaseRemote('mf-site', options)).toThrow('ENOSPC')
  expect(versionsOnCdn('mf-site', options.cdnDir)).toEqual([])
  expect(existsSync(options.registryFile)).toBe(false)
  const r = releaseRemote('mf-site', options)
  expect(readdirSync(join(options.cdnDir, 'mf-site'))).toEqual([r.version])
  expect(readFileSync(join(options.cdnDir, 'mf-site', r.version, 'assets', 'app.js'), 'utf8')).toBe('one')
})

test("a copy left by a release that died is never a version, and the next release removes it; a running one's stays", () => {
  const dead = spawnSync(process.execPath, ['-e', '']).pid
  const running = process.ppid
  for (const pid of [dead, running]) {
    const left = join(options.cdnDir, 'mf-site', `.incoming-1.2.0-0000000000-${pid}`)
    mkdirSync(left, { recursive: true })
    writeFileSync(join(left, 'mf-manifest.json'), '{}')
  }
  expect(versionsOnCdn('mf-site', options.cdnDir)).toEqual([])
  build('one')
  const r = releaseRemote('mf-site', options)
  expect(readRegistry(options.registryFile).remotes.mf_site.available).toEqual([r.version])
  expect(readdirSync(join(options.cdnDir, 'mf-site')).sort()).toEqual(
    [r.version, `.incoming-1.2.0-0000000000-${running}`].sort(),
  )
})

const OTHERS = {
  note: 'kept',
  remotes: {
    mf_complaint: {
      version: '2.0.0-c',
      entry: '/remotes/mf-complaint/2.0.0-c/mf-manifest.json',
      previous: null,
    },
    mf_broken: { version: '1.0.0-b' },
  },
}

test('a release or rollback changes its own entry only: malformed entries of other remotes stay as they were', () => {
  mkdirSync(options.cdnDir, { recursive: true })
  writeFileSync(options.registryFile, JSON.stringify(OTHERS))
  build('one')
  const v1 = releaseRemote('mf-site', options).version
  build('two')
  releaseRemote('mf-site', options)
  rollbackRemote('mf-site', undefined, options)
  const written = JSON.parse(readFileSync(options.registryFile, 'utf8'))
  expect(written).toEqual({
    ...OTHERS,
    remotes: { ...OTHERS.remotes, mf_site: readRegistry(options.registryFile).remotes.mf_site },
  })
  expect(written.remotes.mf_site.version).toBe(v1)
})

test('a registry file that is not a registry stops release and rollback before anything changes', () => {
  build('one')
  mkdirSync(options.cdnDir, { recursive: true })
  for (const text of ['{"remotes": {"mf_site": ', '[]', '{"remotes": []}']) {
    writeFileSync(options.registryFile, text)
    expect(() => releaseRemote('mf-site', options)).toThrow(RegistryFileError)
    expect(() => rollbackRemote('mf-site', '1.2.0-x', options)).toThrow(
      /is not a valid registry .*Nothing was changed: writing a new one would drop the other remotes' pointers/,
    )
    expect(readFileSync(options.registryFile, 'utf8')).toBe(text)
    expect(existsSync(join(options.cdnDir, 'mf-site'))).toBe(false)
  }
})

test('a remote whose own entry is malformed is repaired by a release, or by a rollback to a named version', () => {
  build('one')
  const v1 = releaseRemote('mf-site', options).version
  const broken = { remotes: { ...OTHERS.remotes, mf_site: { version: v1 } } }
  writeFileSync(options.registryFile, JSON.stringify(broken))
  expect(() => rollbackRemote('mf-site', undefined, options)).toThrow(
    `mf-site has no usable registry entry (never released, or its entry is malformed); name the version: pnpm rollback mf-site <version>. Available: ${v1}`,
  )
  expect(rollbackRemote('mf-site', v1, options)).toMatchObject({ version: v1, changed: true, previous: null })
  expect(readRegistry(options.registryFile).remotes.mf_site.entry).toBe(
    `/remotes/mf-site/${v1}/mf-manifest.json`,
  )
  writeFileSync(options.registryFile, JSON.stringify(broken))
  build('two')
  expect(releaseRemote('mf-site', options)).toMatchObject({ changed: true, previous: null })
  expect(readRegistry(options.registryFile).remotes.mf_complaint).toEqual({
    ...OTHERS.remotes.mf_complaint,
    available: [],
  })
})

const unbrotli = (file: string) => brotliDecompressSync(readFileSync(file)).toString()

test('a published version carries brotli and gzip copies of its files; one published before them gets them', () => {
  build('one')
  const v = releaseRemote('mf-site', options).version
  const app = join(options.cdnDir, 'mf-site', v, 'assets', 'app.js')
  expect(unbrotli(`${app}.br`)).toBe('one')
  expect(gunzipSync(readFileSync(`${app}.gz`)).toString()).toBe('one')
  rmSync(`${app}.br`)
  rmSync(`${app}.gz`)
  expect(releaseRemote('mf-site', options)).toMatchObject({ version: v, changed: false })
  expect(unbrotli(`${app}.br`)).toBe('one')
  expect(existsSync(`${app}.gz`)).toBe(true)
})

test("a release and a rollback leave the remote's route pages with copies of their new bytes", () => {
  mkdirSync(options.shellDir, { recursive: true })
  writeFileSync(join(options.shellDir, 'index.html'), SHELL_INDEX)
  const page = join(pagesDirOf(options.cdnDir), pageFileName('/aboutUs'))
  build('one')
  const v1 = releaseRemote('mf-site', options).version
  expect(unbrotli(`${page}.br`)).toBe(readFileSync(page, 'utf8'))
  expect(readFileSync(page, 'utf8')).toContain(v1)
  build('two')
  releaseRemote('mf-site', options)
  rollbackRemote('mf-site', undefined, options)
  expect(readFileSync(page, 'utf8')).toContain(v1)
  expect(unbrotli(`${page}.br`)).toBe(readFileSync(page, 'utf8'))
  expect(gunzipSync(readFileSync(`${page}.gz`)).toString()).toBe(readFileSync(page, 'utf8'))
})

/** The registry entries a route page carries. */
const carried = (page: string) =>
  (
    JSON.parse(/id="mf-preload">(.*?)<\/script>/.exec(readFileSync(page, 'utf8'))![1]) as {
      registry: { remotes: Record<string, { version: string }> } | null
    }
  ).registry?.remotes

/**
 * One release in its own process, as a team's `pnpm release` is. It waits at a barrier (`go`) with the
 * others, so that the releases really start together.
 */
const RELEASE_WORKER = `
const [release, rootDir, cdnDir, shellDir, pkg, barrier] = process.argv.slice(1)
const { existsSync, writeFileSync } = await import('node:fs')
const { releaseRemote } = await import(release)
writeFileSync(barrier + '/ready-' + process.pid, '')
while (!existsSync(barrier + '/go')) await new Promise((r) => setTimeout(r, 2))
const result = releaseRemote(pkg, { rootDir, cdnDir, registryFile: cdnDir + '/registry.json', shellDir })
process.stdout.write(JSON.stringify(result))
`

test('10 releases of two remotes at once, each in its own process: every release lands, each after the one before, pages as the registry says', async () => {
  mkdirSync(options.shellDir, { recursive: true })
  writeFileSync(join(options.shellDir, 'index.html'), SHELL_INDEX)
  const barrier = join(root, 'barrier')
  mkdirSync(barrier)
  const releases = Array.from({ length: 10 }, (_, i) => {
    const pkg = i % 2 ? 'mf-complaint' : 'mf-site'
    const workspace = join(root, `team-${i}`)
    mkdirSync(join(workspace, pkg), { recursive: true })
    writeFileSync(join(workspace, pkg, 'package.json'), JSON.stringify({ version: '1.0.0' }))
    build(`build ${i}`, workspace, pkg)
    const args = [pathToFileURL(join(DEPLOY_DIR, 'src/release/release.ts')).href, workspace, options.cdnDir]
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        RELEASE_WORKER,
        ...args,
        options.shellDir,
        pkg,
        barrier,
      ],
      { cwd: DEPLOY_DIR },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    return new Promise<ReleaseResult>((resolve, reject) =>
      child.on('exit', (code) =>
        code === 0
          ? resolve(JSON.parse(stdout) as ReleaseResult)
          : reject(new Error(`release ${i}: ${stderr}`)),
      ),
    )
  })
  while (readdirSync(barrier).length < 10) await new Promise((r) => setTimeout(r, 20))
  writeFileSync(join(barrier, 'go'), '')
  const results = await Promise.all(releases)
  const registry = readRegistry(options.registryFile)
  for (const [pkg, remote] of [
    ['mf-site', 'mf_site'],
    ['mf-complaint', 'mf_complaint'],
  ]) {
    const mine = results.filter((r) => r.remote === remote)
    expect(mine).toHaveLength(5)
    // Each release saw the one before it as current: following `previous` from the registry's current
    // version visits every release once. A release that read the registry while another was writing it
    // would have dropped a pointer (its own, or the other remote's).
    const previousOf = new Map(mine.map((r) => [r.version, r.previous]))
    const chain: string[] = []
    for (let v: string | null | undefined = registry.remotes[remote]?.version; v; v = previousOf.get(v)) {
      chain.push(v)
    }
    expect(chain.sort()).toEqual(mine.map((r) => r.version).sort())
    expect(registry.remotes[remote].previous?.version).toBe(previousOf.get(registry.remotes[remote].version))
    expect([...registry.remotes[remote].available].sort()).toEqual(chain.sort())
    // The remote's pages carry what the registry says, not what some release in between said.
    for (const path of pkg === 'mf-site' ? ['/', '/aboutUs'] : ['/complaint']) {
      const page = join(pagesDirOf(options.cdnDir), pageFileName(path))
      expect(carried(page)?.[remote]?.version, path).toBe(registry.remotes[remote].version)
      expect(unbrotli(`${page}.br`)).toBe(readFileSync(page, 'utf8'))
    }
  }
  // No lock, temp file or copy in progress is left behind.
  expect(readdirSync(options.cdnDir).sort()).toEqual([
    '.pages',
    'mf-complaint',
    'mf-site',
    'registry.json',
    RELEASE_LOG,
  ])
}, 120_000)

const OUTSIDE_MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'https://cdn.evil.example' } },
}

test('a build whose manifest loads files from outside its version folder is refused before anything is published', () => {
  build('one')
  writeFileSync(join(root, 'mf-site', 'dist', 'mf-manifest.json'), JSON.stringify(OUTSIDE_MANIFEST))
  expect(() => releaseRemote('mf-site', options)).toThrow(
    `mf-site's build cannot be released: in its mf-manifest.json, remoteEntry "https://cdn.evil.example/remoteEntry.js" is outside its version folder. A remote's files come from its own version folder on this deployment (ADR 0024).`,
  )
  expect(existsSync(join(options.cdnDir, 'mf-site'))).toBe(false)
  expect(existsSync(options.registryFile)).toBe(false)
})

test('a rollback to a version whose manifest points outside the deployment is refused', () => {
  build('one')
  const v1 = releaseRemote('mf-site', options).version
  // A version published before the check, or copied into the CDN by hand.
  mkdirSync(join(options.cdnDir, 'mf-site', '0.9.0-old'))
  writeFileSync(
    join(options.cdnDir, 'mf-site', '0.9.0-old', 'mf-manifest.json'),
    JSON.stringify(OUTSIDE_MANIFEST),
  )
  expect(() => rollbackRemote('mf-site', '0.9.0-old', options)).toThrow(
    /mf-site@0.9.0-old cannot be pointed at: in its mf-manifest.json, remoteEntry .* is outside its version folder/,
  )
  expect(readRegistry(options.registryFile).remotes.mf_site.version).toBe(v1)
})

test('an entry edited to point outside the deployment is never kept as previous', () => {
  mkdirSync(options.cdnDir, { recursive: true })
  const foreign = {
    version: '1.0.0-x',
    entry: 'https://cdn.evil.example/mf-site/mf-manifest.json',
    previous: null,
  }
  writeFileSync(options.registryFile, JSON.stringify({ remotes: { mf_site: foreign } }))
  build('one')
  const r = releaseRemote('mf-site', options)
  expect(r).toMatchObject({ changed: true, previous: null })
  expect(readRegistry(options.registryFile).remotes.mf_site).toMatchObject({
    entry: `/remotes/mf-site/${r.version}/mf-manifest.json`,
    previous: null,
  })
})

test('the release log says what each release and rollback changed, and why when told', () => {
  build('v1')
  const first = releaseRemote('mf-site', options)
  build('v2')
  const second = releaseRemote('mf-site', options)
  // The same build again changes nothing, so it logs nothing.
  releaseRemote('mf-site', options)
  rollbackRemote('mf-site', undefined, { ...options, reason: 'mount failures 40% > 5% over 20 loads' })
  const events = readReleaseEvents(options.cdnDir)
  expect(events.map(({ kind, remote, from, to, reason }) => ({ kind, remote, from, to, reason }))).toEqual([
    { kind: 'release', remote: 'mf_site', from: null, to: first.version, reason: undefined },
    { kind: 'release', remote: 'mf_site', from: first.version, to: second.version, reason: undefined },
    {
      kind: 'rollback',
      remote: 'mf_site',
      from: second.version,
      to: first.version,
      reason: 'mount failures 40% > 5% over 20 loads',
    },
  ])
  expect(readReleaseEvents(options.cdnDir, events[2].at + 1)).toEqual([])
})

test('a rollback only while a version is current does nothing once another change moved on', () => {
  build('v1')
  const first = releaseRemote('mf-site', options)
  build('v2')
  const second = releaseRemote('mf-site', options)
  const done = rollbackRemote('mf-site', undefined, {
    ...options,
    onlyIfCurrent: second.version,
    reason: 'watch',
  })
  expect(done).toMatchObject({ version: first.version, changed: true })
  // A second watcher that saw the same failing release finds it no longer current: nothing changes.
  const again = rollbackRemote('mf-site', undefined, {
    ...options,
    onlyIfCurrent: second.version,
    reason: 'watch',
  })
  expect(again).toMatchObject({ version: first.version, changed: false })
  expect(readRegistry(options.registryFile).remotes.mf_site.version).toBe(first.version)
  expect(readReleaseEvents(options.cdnDir).filter((e) => e.kind === 'rollback')).toHaveLength(1)
})
