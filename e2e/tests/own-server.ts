import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, cpSync, mkdtempSync, rmSync } from 'node:fs'
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * For specs that start a server of their own (a release, a theme, the release watch) over a copy of the CDN:
 * a scratch CDN, starting the server, waiting for it to answer, and stopping it with everything it started.
 */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * A scratch folder with `cdn/` in it: a copy of the suite's CDN (registry, releases, pages), so what a spec
 * releases, rolls back or writes leaves the suite's alone; empty with `copy: false` (the server then releases
 * every build into it). `releaseLog: false` leaves out the suite's release log, so a release watch of its own
 * judges only what the spec releases.
 */
export function scratchCdn(
  prefix: string,
  { copy = true, releaseLog = true }: { copy?: boolean; releaseLog?: boolean } = {},
): { work: string; cdnDir: string } {
  const work = mkdtempSync(join(tmpdir(), prefix))
  // nginx's workers run unprivileged and must read the CDN folder.
  chmodSync(work, 0o755)
  const cdnDir = join(work, 'cdn')
  if (copy) cpSync(join(ROOT, 'deploy', 'cdn'), cdnDir, { recursive: true })
  if (!releaseLog) rmSync(join(cdnDir, 'release-log.jsonl'), { force: true })
  return { work, cdnDir }
}

/** Removes a scratch folder: with retries, as the server may still be writing pages as it stops. */
export function removeScratch(work: string | undefined): void {
  if (work) rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
}

/** The last few KiB a started script printed: what `waitFor` says when it does not come up. */
const outputs = new WeakMap<ChildProcess, string>()

/**
 * Starts `pnpm --filter deploy <script>` (`start`: the Node server; `nginx`) with `env` over the production
 * build, never building it again, `detached` so that `stop` ends it with everything it started. Returned at
 * once, so that a hook that times out while it starts still has it to stop; `DEBUG_OWN_SERVER=1` shows its
 * output as it runs.
 */
export function startDeploy(
  script: 'start' | 'nginx',
  env: Record<string, string | undefined>,
): ChildProcess {
  const child = spawn('pnpm', ['--filter', 'deploy', script], {
    cwd: ROOT,
    env: { ...process.env, SKIP_BUILD: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const keep = (chunk: Buffer) => {
    outputs.set(child, ((outputs.get(child) ?? '') + chunk.toString()).slice(-4000))
    if (process.env.DEBUG_OWN_SERVER) process.stderr.write(chunk)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  return child
}

/**
 * Waits until `url` answers, or until `server` (`startDeploy`'s), which would answer it, has exited. A server
 * of its own starts beside the suite's: half a minute on a busy machine (a release into an empty CDN), hence
 * the limit, and a spec's `beforeAll` that starts one gives itself 120 s.
 */
export async function waitFor(url: string, server: ChildProcess, timeoutMs = 100_000): Promise<void> {
  const printed = () => (outputs.get(server) ? `\n${outputs.get(server)}` : '')
  for (let i = 0; i < timeoutMs / 200; i++) {
    // A server that exited will never answer: say so now rather than at the time limit.
    if (server.exitCode !== null) {
      throw new Error(`${url}: its server exited (${server.exitCode})${printed()}`)
    }
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not come up${printed()}`)
}

/** Whether any process of the group `pid` leads is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Stops a spawned pnpm script (started `detached`) with everything it started (tsx, node, nginx); resolves
 * once none of them runs, so that its folder can go (a server closing its store still writes there). One that
 * has not ended after 5 s is killed.
 */
export async function stop(child: ChildProcess | null | undefined): Promise<void> {
  const pid = child?.pid
  if (!pid) return
  try {
    process.kill(-pid, 'SIGTERM')
  } catch {
    return
  }
  for (let waited = 0; groupAlive(pid) && waited < 5_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (groupAlive(pid)) process.kill(-pid, 'SIGKILL')
}

/**
 * A borrower at an address of their own: a local port that forwards every connection to the server on `port`
 * from the loopback address 127.0.0.`n` (2–254). The release judge counts each client once (ADR 0040, 0041),
 * and every browser of a spec is otherwise the same 127.0.0.1. The page is asked for at the forwarder's own
 * origin, which the server takes as its own (it names itself from the Host asked for).
 */
export async function clientAt(port: number, n: number): Promise<{ base: string; close: () => void }> {
  const sockets = new Set<Socket>()
  const forwarder = createNetServer((socket) => {
    const upstream = connect({ host: '127.0.0.1', port, localAddress: `127.0.0.${n}` })
    for (const s of [socket, upstream]) {
      sockets.add(s)
      s.on('error', () => [socket, upstream].forEach((end) => end.destroy()))
      s.on('close', () => sockets.delete(s))
    }
    socket.pipe(upstream).pipe(socket)
  })
  await new Promise<void>((resolve) => forwarder.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}`,
    close: () => {
      sockets.forEach((s) => s.destroy())
      forwarder.close()
    },
  }
}
