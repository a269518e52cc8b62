import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { getResponse, type RequestHandler } from 'msw'
import type { Plugin } from 'vite'

/**
 * The demo API behind a real HTTP server (DESIGN.md §7): MSW handlers answer node requests, so it also works
 * in web views without service workers. Used by `pnpm start` and by each remote's standalone dev server.
 */

export const API_PREFIXES = ['/utilities/', '/api/'] as const

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix))
}

function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers()
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v))
    else if (value !== undefined) headers.set(key, value)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    // Node needs this for a streamed request body.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit)
}

/** Answers a demo API call through the MSW handlers; 404 envelope when no handler matches. */
export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  handlers: RequestHandler[],
): Promise<void> {
  let response: Response | undefined
  try {
    response = await getResponse(handlers, toRequest(req, origin))
  } catch (error) {
    console.error('[demo-api] handler failed', error)
    response = Response.json({ code: '500', message: 'Demo API error', data: null }, { status: 500 })
  }
  response ??= Response.json({ code: '404', message: 'No such API', data: null }, { status: 404 })
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' }
  response.headers.forEach((value, key) => {
    headers[key] = value
  })
  res.writeHead(response.status, headers)
  res.end(Buffer.from(await response.arrayBuffer()))
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
