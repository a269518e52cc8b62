import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { SHELL_DIST } from 'deploy/paths'
import { stop, waitFor } from '../tests/own-server'

/** The lanes' own Node server (not the Playwright suite's): E2E_ENGINES_PORT, 4350 by default. */
const PORT = Number(process.env.E2E_ENGINES_PORT ?? 4350)

declare module 'vitest' {
  export interface ProvidedContext {
    appOrigin: string
  }
}

/**
 * Starts the production build as `pnpm start` serves it (as the Playwright suite's `webServer` does, with the
 * same report rate: every lane page is one client to it), for the lanes; stops it after them.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(join(SHELL_DIST, 'index.html')))
    throw new Error('No production build: run `pnpm build` before the engine lanes.')
  const origin = `http://127.0.0.1:${PORT}`
  const server = spawn('pnpm', ['--filter', 'deploy', 'start'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(PORT), SKIP_BUILD: '1', HEALTH_REPORTS_PER_MINUTE: '6000' },
  })
  let output = ''
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000))
  server.stdout?.on('data', keep)
  server.stderr?.on('data', keep)
  try {
    await waitFor(`${origin}/registry.json`, 120_000, server)
  } catch (error) {
    stop(server)
    throw new Error(`The app server did not answer on ${origin}: ${(error as Error).message}\n${output}`)
  }
  project.provide('appOrigin', origin)
  return async () => stop(server)
}
