import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { removeScratch, ROOT, scratchCdn, startDeploy, stop, waitFor } from './own-server'

/** What the specs that start a server of their own share (`own-server.ts`): no browser, one project. */
// eslint-disable-next-line no-empty-pattern -- Playwright's hooks take the fixtures object first
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === 'nginx', 'no server of the suite is asked; one project is enough')
})

test('a scratch CDN is a copy of the suite’s, without its release log when asked, and goes away whole', () => {
  const suite = join(ROOT, 'deploy', 'cdn')
  const copy = scratchCdn('own-server-e2e-')
  const fresh = scratchCdn('own-server-e2e-', { releaseLog: false })
  const empty = scratchCdn('own-server-e2e-', { copy: false })
  try {
    expect(readFileSync(join(copy.cdnDir, 'registry.json'), 'utf8')).toBe(
      readFileSync(join(suite, 'registry.json'), 'utf8'),
    )
    expect(readdirSync(copy.cdnDir).sort()).toEqual(readdirSync(suite).sort())
    expect(readdirSync(fresh.cdnDir).sort()).toEqual(
      readdirSync(suite)
        .filter((name) => name !== 'release-log.jsonl')
        .sort(),
    )
    expect(existsSync(empty.cdnDir)).toBe(false)
  } finally {
    for (const { work } of [copy, fresh, empty]) removeScratch(work)
  }
  expect([copy, fresh, empty].filter(({ work }) => existsSync(work))).toEqual([])
})

test('a server that cannot start is reported as soon as it exits, with what it said', async () => {
  test.setTimeout(120_000)
  const { work, cdnDir } = scratchCdn('own-server-e2e-', { copy: false })
  // A setting the server refuses at start (a script scheme for the API), so it never listens.
  const server = startDeploy('start', { PORT: '9', CDN_DIR: cdnDir, API_BASE: 'javascript:alert(1)' })
  try {
    await expect(waitFor('http://127.0.0.1:9/registry.json', server, 100_000)).rejects.toThrow(
      /its server exited \(1\)[\s\S]*API_BASE/,
    )
  } finally {
    await stop(server)
    removeScratch(work)
  }
})
