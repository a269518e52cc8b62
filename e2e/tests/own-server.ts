import type { ChildProcess } from 'node:child_process'
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net'

/**
 * For specs that start a server of their own (a release, a theme, the release watch) over a copy of the CDN:
 * waiting for it to answer, and stopping it with everything it started.
 */
export async function waitFor(url: string, timeoutMs = 30_000, server?: ChildProcess): Promise<void> {
  for (let i = 0; i < timeoutMs / 200; i++) {
    // A server that exited will never answer: say so now rather than at the time limit.
    if (server && server.exitCode !== null) throw new Error(`${url}: its server exited (${server.exitCode})`)
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
