import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { DEPLOY_DIR } from './paths'
import { REQUIRED_IN_PRODUCTION, REQUIRED_TO_SERVE_IN_PRODUCTION } from './settings'

let cdnDir: string
beforeEach(() => {
  cdnDir = mkdtempSync(join(tmpdir(), 'production-start-'))
})
afterEach(() => {
  rmSync(cdnDir, { recursive: true, force: true })
})

/** Runs a deploy entry point with `env` over a copy of this one; resolves when it exits. */
function run(script: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: DEPLOY_DIR,
      // No PATH: a start that got past its settings would fail to run pnpm (or nginx) rather than build or serve.
      env: { ...process.env, ...env, CDN_DIR: cdnDir, PATH: '', NGINX_PORT: '1' },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

/** The variables a refusal names, one a line. */
const named = (message: string) => [...message.matchAll(/^\s+([A-Z_]+): /gm)].map((match) => match[1])

const REQUIRED = [...Object.keys(REQUIRED_IN_PRODUCTION), ...Object.keys(REQUIRED_TO_SERVE_IN_PRODUCTION)]
const UNSET = Object.fromEntries(REQUIRED.map((variable) => [variable, undefined]))

test.each([
  ['pnpm start (the Node server)', 'src/serve/start.ts'],
  ['pnpm nginx', 'src/nginx/nginx.ts'],
])(
  '%s refuses the production profile without its settings (a server’s too), naming each in one message, before anything else',
  async (_name, script) => {
    const result = await run(script, {
      ...UNSET,
      DEPLOY_PROFILE: 'production',
      LENDER_NAME: 'Kalesa Lending Corp.',
    })
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^DEPLOY_PROFILE=production needs settings that are not set/)
    // A server's own (the page-load tokens' secret) in the same message.
    expect(named(result.stderr)).toEqual(REQUIRED.filter((variable) => variable !== 'LENDER_NAME'))
    expect(result.stderr).toContain('"This link cannot be opened."')
    // Nothing was built, released or written.
    expect(result.stdout).toBe('')
    expect(readdirSync(cdnDir)).toEqual([])
  },
  20_000,
)
