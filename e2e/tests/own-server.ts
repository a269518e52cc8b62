import type { ChildProcess } from 'node:child_process'

/**
 * For specs that start a server of their own (a release, a theme, the release watch) over a copy of the CDN:
 * waiting for it to answer, and stopping it with everything it started.
 */
export async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  for (let i = 0; i < timeoutMs / 200; i++) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not come up`)
}

/** Stops a spawned pnpm script (started `detached`) with everything it started (tsx, node, nginx). */
export function stop(child: ChildProcess | null | undefined): void {
  if (child?.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
}
