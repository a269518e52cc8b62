import { createServer } from 'node:http'
import { expect, test } from 'vitest'
import { closeServer, listenLocally } from './local-server'

test('a server listens on a free loopback port, and closing it ends a request still waiting for its answer', async () => {
  let arrived: () => void
  const waiting = new Promise<void>((resolve) => (arrived = resolve))
  // One answer that never comes (a stalled upstream, a test that failed half way).
  const server = createServer((req, res) => (req.url === '/never' ? arrived() : res.end('answered')))
  const other = createServer()
  const port = await listenLocally(server)
  expect(await listenLocally(other)).not.toBe(port)
  await closeServer(other)
  expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('answered')
  const never = fetch(`http://127.0.0.1:${port}/never`).then(
    () => 'answered',
    () => 'cut off',
  )
  await waiting
  await closeServer(server)
  expect(await never).toBe('cut off')
  await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow()
})

test('closing no server does nothing', async () => {
  await expect(closeServer(null)).resolves.toBeUndefined()
  await expect(closeServer(undefined)).resolves.toBeUndefined()
})
