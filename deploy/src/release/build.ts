import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { ROOT_DIR, SHELL_DIST } from '../paths'
import { precompressDir } from './precompress'

/** Runs a package's own `build` script (vite build); `env` adds to the environment it builds in. */
export function buildPackage(pkg: string, env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['run', '--silent', 'build'], {
      cwd: join(ROOT_DIR, pkg),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', ...env },
    })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    child.on('error', reject)
    child.on('exit', (code) => {
      if (code === 0) {
        console.log(`  built ${pkg}`)
        resolve()
      } else reject(new Error(`build of ${pkg} failed (exit ${code}):\n${output}`))
    })
  })
}

/** Builds packages at most `concurrency` at a time. */
export async function buildAll(pkgs: string[], concurrency = 2): Promise<void> {
  const queue = [...pkgs]
  const worker = async () => {
    for (let pkg = queue.shift(); pkg; pkg = queue.shift()) await buildPackage(pkg)
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, pkgs.length) }, worker))
}

/**
 * Builds the shell (it carries no registry: versions come from the pages and the live registry, ADR 0023),
 * and gives its files their compressed copies for nginx (ADR 0019).
 */
export async function buildShell(): Promise<void> {
  await buildPackage('shell')
  precompressDir(SHELL_DIST)
}
