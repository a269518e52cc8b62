import { createServer, request, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Where hooked pages load the lane's scripts from: same origin, so the pages' `script-src 'self'` runs it. */
export const INIT_SCRIPT_PATH = '/__lanes/init.js'

/**
 * The lane's origin for an engine whose WebDriver cannot run a script before a page's own (WebKit's classic
 * WebDriver has no preload script): every request goes on to the app's server unchanged, and each HTML page
 * comes back with one `<script src>` first in its head, which runs the scripts the lane set. Nothing else of
 * the page changes: its first frame, its CSP and its inline scripts (and their hashes) stay as sent.
 */
export interface PageHooks {
  readonly origin: string
  scripts: string[]
  close(): Promise<void>
}

export async function startPageHooks(upstream: string): Promise<PageHooks> {
  const target = new URL(upstream)
  const hooks = { scripts: [] as string[] }
  const server: Server = createServer((req, res) => {
    if (req.url === INIT_SCRIPT_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' })
      res.end(hooks.scripts.join(';\n'))
      return
    }
    // Plain bodies and no revalidation, so every page comes back whole and can be hooked.
    const headers = { ...req.headers }
    delete headers['accept-encoding']
    delete headers['if-none-match']
    delete headers['if-modified-since']
    const forward = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (answer: IncomingMessage) => {
        const html = /^text\/html/.test(answer.headers['content-type'] ?? '')
        if (!html) {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
          return
        }
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () => {
          const page = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/<head([^>]*)>/i, `<head$1><script src="${INIT_SCRIPT_PATH}"></script>`)
          const out = { ...answer.headers, 'cache-control': 'no-store' }
          delete out['content-length']
          delete out.etag
          res.writeHead(answer.statusCode ?? 502, out)
          res.end(page)
        })
      },
    )
    forward.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(`page hooks: ${error.message}`)
    })
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    get scripts() {
      return hooks.scripts
    },
    set scripts(list) {
      hooks.scripts = list
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
