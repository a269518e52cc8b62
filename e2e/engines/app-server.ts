import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { SHELL_DIST } from 'deploy/paths'
import { startDeploy, stop, waitFor } from '../tests/own-server'

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
  const server = startDeploy('start', { PORT: String(PORT), HEALTH_REPORTS_PER_MINUTE: '6000' })
  try {
    await waitFor(`${origin}/registry.json`, server, 120_000)
  } catch (error) {
    await stop(server)
    throw new Error(`The app server did not answer on ${origin}: ${(error as Error).message}`)
  }
  project.provide('appOrigin', origin)
  return async () => stop(server)
}
