import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { DEPLOY_DIR } from '../paths'

let cdnDir: string
const children = new Set<ChildProcess>()
beforeEach(() => {
  cdnDir = mkdtempSync(join(tmpdir(), 'cli-'))
})
afterEach(() => {
  // A run still going (the test timed out) would find no registry once the folder is gone, and release.
  for (const child of children) child.kill('SIGKILL')
  children.clear()
  rmSync(cdnDir, { recursive: true, force: true })
})

type Run = { code: number | null; stdout: string; stderr: string }

const cli = (...args: string[]) => cliWith({}, ...args)

function cliWith(env: NodeJS.ProcessEnv, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/release/cli.ts', ...args], {
      cwd: DEPLOY_DIR,
      // No PATH: a release that got past its registry check would fail to start pnpm rather than build the
      // workspace's remotes (the build empties their dist/ first).
      env: { ...process.env, DEPLOY_PROFILE: undefined, ...env, CDN_DIR: cdnDir, PATH: '' },
    })
    children.add(child)
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('exit', (code) => {
      children.delete(child)
      resolve({ code, stdout, stderr })
    })
  })
}

test('on a registry file that is not a registry, release, rollback and remotes say so and change nothing', async () => {
  const file = join(cdnDir, 'registry.json')
  writeFileSync(file, '{"remotes": {"mf_site": ')
  const [release, rollback, remotes] = await Promise.all([
    cli('release', 'mf-site'),
    cli('rollback', 'mf-site', '1.0.0-x'),
    cli('remotes'),
  ])
  for (const run of [release, rollback, remotes]) {
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`${file} is not a valid registry (not JSON:`)
    expect(run.stderr).toContain(
      "Nothing was changed: writing a new one would drop the other remotes' pointers",
    )
    expect(run.stderr).toContain('Repair it with `pnpm registry:repair`')
  }
  // The release stops before it builds anything.
  expect(release.stdout).not.toContain('built')
  // The listing still shows what is on the CDN, with the pointers unknown.
  expect(remotes.stdout).toMatch(/^mf-site\s+current: \?\s+previous: \?\s+available: -$/m)
  expect(readFileSync(file, 'utf8')).toBe('{"remotes": {"mf_site": ')
  // Three processes starting TypeScript at once: seconds on a busy machine.
}, 20_000)

test('registry:repair rebuilds a registry that is not JSON from the pointers the route pages carry', async () => {
  const file = join(cdnDir, 'registry.json')
  writeFileSync(file, '{"remotes": {"mf_site": ')
  const version = '1.0.0-aaaaaaaaaa'
  mkdirSync(join(cdnDir, 'mf-site', version), { recursive: true })
  writeFileSync(
    join(cdnDir, 'mf-site', version, 'mf-manifest.json'),
    JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
  )
  mkdirSync(join(cdnDir, '.pages'))
  const entry = {
    version,
    entry: `/remotes/mf-site/${version}/mf-manifest.json`,
    previous: null,
    available: [],
  }
  writeFileSync(
    join(cdnDir, '.pages', 'aboutUs.html'),
    `<head><script type="application/json" id="mf-preload">${JSON.stringify({ registry: { remotes: { mf_site: entry } }, manifests: {} })}</script></head>`,
  )
  const run = await cli('registry:repair')
  expect(run.code, run.stderr).toBe(0)
  expect(run.stdout).toMatch(/kept as .*\.registry\.json\.broken-/)
  expect(run.stdout).toContain(`restored mf-site → ${version} (previous: none)`)
  expect(run.stdout).toContain(
    'not restored mf-loan: no route page carries a pointer to a version on the CDN.',
  )
  expect(run.stdout).toContain('pnpm rollback mf-loan <version>')
  expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
    remotes: { mf_site: { ...entry, available: [version] } },
  })
  expect(readdirSync(cdnDir).filter((f) => f.includes('broken'))).toHaveLength(1)
}, 20_000)

/** The variables a refusal names, one a line. */
const named = (message: string) => [...message.matchAll(/^\s+([A-Z_]+): /gm)].map((match) => match[1])

test('a production release stops before its build when its pages would lack what production needs, naming each', async () => {
  // No pages yet: the release would write them with the environment's settings.
  const fresh = await cliWith(
    { DEPLOY_PROFILE: 'production', SERVICE_PHONE: '+63 2 5555 0000' },
    'release',
    'mf-site',
  )
  expect(fresh.code).toBe(1)
  expect(named(fresh.stderr)).toEqual([
    'LENDER_NAME',
    'LENDER_SEC_REGISTRATION_NO',
    'LENDER_CERTIFICATE_OF_AUTHORITY_NO',
    'LENDER_ADDRESS',
    'SERVICE_EMAIL',
    'ALLOWED_HOSTS',
  ])
  expect(fresh.stdout).not.toContain('built')
  // Pages written before the lender was a setting: their stored settings are what the release would use.
  mkdirSync(join(cdnDir, '.pages'))
  writeFileSync(
    join(cdnDir, '.pages', 'settings.json'),
    JSON.stringify({ allowedHosts: [], servicePhone: '+63 2 5555 0000', serviceEmail: 'help@kalesa.ph' }),
  )
  const stale = await cliWith({ DEPLOY_PROFILE: 'production' }, 'release', 'mf-site')
  expect(stale.code).toBe(1)
  expect(stale.stderr).toContain('DEPLOY_PROFILE=production pnpm build')
  expect(named(stale.stderr)).toEqual([
    'LENDER_NAME',
    'LENDER_SEC_REGISTRATION_NO',
    'LENDER_CERTIFICATE_OF_AUTHORITY_NO',
    'LENDER_ADDRESS',
  ])
}, 20_000)

test('a release says when pnpm test:release last passed, which its last step records', async () => {
  const record = join(cdnDir, 'release-check.json')
  writeFileSync(join(cdnDir, 'registry.json'), '{"remotes": {"mf_site": ')
  const before = await cliWith({ RELEASE_CHECK_FILE: record }, 'release', 'mf-site')
  expect(before.stdout).toContain('pnpm test:release has not passed in this checkout')
  const passed = await cliWith({ RELEASE_CHECK_FILE: record }, 'release-check:passed')
  expect(passed.code).toBe(0)
  const after = await cliWith({ RELEASE_CHECK_FILE: record }, 'release', 'mf-site')
  expect(after.stdout).toMatch(/pnpm test:release last passed \d{4}-\d\d-\d\d \d\d:\d\d UTC, 0 min ago/)
  // It informs; the release still stops where it must (here: the registry is not a registry).
  expect(after.code).toBe(1)
}, 30_000)
