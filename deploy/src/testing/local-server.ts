import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Starts `server` on the loopback address, on a port the kernel picks (tests run side by side); its port. */
export async function listenLocally(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

/**
 * Closes `server` and waits until it has: its kept-alive connections too, which would otherwise hold `close`
 * open until they time out. Nothing to do without one (a test that failed before starting it).
 */
export async function closeServer(server: Server | null | undefined): Promise<void> {
  if (!server) return
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
}
