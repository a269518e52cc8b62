import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { getResponse, type RequestHandler } from 'msw'
import type { Plugin } from 'vite'
import { REQUEST_BODY_MAX_BYTES, UPLOAD_MAX_BYTES } from '../src/http/limits.ts'
import { VISITOR_COOKIE, visitorCookie } from '../src/mocks/mocks.ts'

/**
 * The demo API behind a real HTTP server (DESIGN.md §7): MSW handlers answer node requests, so it also works
 * in web views without service workers. Used by `pnpm start` and by each remote's standalone dev server.
 */

export const API_PREFIXES = ['/utilities/', '/api/'] as const

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix))
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`

/**
 * The answer to a request body over REQUEST_BODY_MAX_BYTES, in the API's envelope so the client shows its
 * message. nginx.conf answers its own 413 with the same envelope (deploy's tests compare them).
 */
export const TOO_LARGE_ENVELOPE = {
  code: '413',
  message: `The file or request is too large: files may be up to ${megabytes(UPLOAD_MAX_BYTES)}.`,
  data: null,
} as const

/**
 * The request body, or null as soon as it passes `limit` bytes (or declares more): a body that is too large
 * is never held whole. The rest of it is still read and dropped, so the client, still sending, gets to read
 * the answer instead of a reset connection.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  if (Number(req.headers['content-length']) > limit) return Promise.resolve(null)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) chunks.push(chunk)
      else {
        chunks.length = 0
        resolve(null)
      }
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
    // After 'end' this changes nothing; before it, the client went away mid-body.
    req.on('close', () => reject(new Error('the client closed the connection before the body ended')))
  })
}

function toRequest(
  req: IncomingMessage,
  origin: string,
  body: Buffer | null,
  cookie: string | null,
): Request {
  const headers = new Headers()
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v))
    else if (value !== undefined) headers.set(key, value)
  }
  if (cookie) headers.set('cookie', [req.headers.cookie, cookie].filter(Boolean).join('; '))
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: body && body.length > 0 ? new Uint8Array(body) : undefined,
  })
}

/**
 * The visitor cookie for a caller that has none (ADR 0027): the handlers see it on this very call, and the
 * browser sends it from the next one on, so a browser without a session keeps its own data. HttpOnly: no
 * script needs it; Lax: the demo's pages are on the API's own origin.
 */
function newVisitorCookie(origin: string): { pair: string; header: string } {
  const pair = `${VISITOR_COOKIE}=${randomUUID()}`
  const secure = origin.startsWith('https:') ? '; Secure' : ''
  return { pair, header: `${pair}; Path=/; HttpOnly; SameSite=Lax${secure}` }
}

/**
 * Answers a demo API call through the MSW handlers; 404 envelope when no handler matches, 413 when the body
 * is over REQUEST_BODY_MAX_BYTES. A caller without the visitor cookie is given one. Never rejects.
 */
export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  handlers: RequestHandler[],
): Promise<void> {
  let response: Response | undefined
  const cookie = visitorCookie(req.headers.cookie) ? null : newVisitorCookie(origin)
  try {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const body = hasBody ? await readBody(req, REQUEST_BODY_MAX_BYTES) : null
    if (hasBody && !body) {
      response = Response.json(TOO_LARGE_ENVELOPE, { status: 413 })
    } else {
      response = await getResponse(handlers, toRequest(req, origin, body, cookie?.pair ?? null))
    }
  } catch (error) {
    if (res.destroyed) return
    console.error('[demo-api] handler failed', error)
    response = Response.json({ code: '500', message: 'Demo API error', data: null }, { status: 500 })
  }
  response ??= Response.json({ code: '404', message: 'No such API', data: null }, { status: 404 })
  // A handler's `HttpResponse.error()` is a network failure in msw/node; over HTTP it is a dropped connection.
  if (response.type === 'error') {
    res.destroy()
    return
  }
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' }
  response.headers.forEach((value, key) => {
    headers[key] = value
  })
  if (cookie) headers['Set-Cookie'] = cookie.header
  const payload = Buffer.from(await response.arrayBuffer())
  if (res.destroyed) return
  res.writeHead(response.status, headers)
  res.end(payload)
}

/** Vite dev-server plugin: answers the demo API with the remote's own `src/mocks/handlers.ts`. */
export function demoApiPlugin(handlersModule = '/src/mocks/handlers.ts'): Plugin {
  return {
    name: 'loan-demo-api',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '/').split('?')[0]
        if (!isApiPath(path)) return next()
        server
          .ssrLoadModule(handlersModule)
          .then((mod) =>
            handleApi(
              req,
              res,
              `http://${req.headers.host ?? 'localhost'}`,
              mod.handlers as RequestHandler[],
            ),
          )
          .catch(next)
      })
    },
  }
}
