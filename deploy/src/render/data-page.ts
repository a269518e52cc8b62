import {
  buildFirstCall,
  CALL_HEADERS,
  type Endpoint,
  type FirstCall,
  type RawResponse,
} from 'shared/http/first-call'
import { FIRST_FRAME_ID, renderedLoadsScript, type DataPage } from 'shared/remote/first-frame'
import { readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pipeline } from 'node:stream'
import { constants as zlib, createBrotliCompress, createGzip } from 'node:zlib'
import { request } from 'undici'
import type { Settings } from 'shared/contract'
import { pageInputs } from 'shared/session'
import { rendererIn } from '../pages/first-frame'
import { declaredFirstCalls, releaseDirOf } from '../pages/page-preloads'
import { carriedRemotes, dataRouteOf } from '../pages/route-pages'
import { acceptedEncoding, TYPES, type Headers } from '../serve/send-file'
import { upstreamUrl, wholeNumberSetting } from '../settings'
import type { RenderService } from '../serve/server'

/**
 * A data route's page with the borrower's data (ADR 0054), made from the static page the release wrote for the
 * route: its head goes at once (the preloads start the code's download), the route's first calls are made
 * here with the borrower's session, and the rest of the page follows with the screen rendered from their
 * answers by the release's own renderer, or as the static page has it (`fallback`) when that cannot be done in
 * time. Both rests put the same page together; only the frame and where the first calls start differ.
 */
export interface DataPageParts {
  remote: string
  path: string
  /** The release the page was written for (its inlined registry entry), whose renderer renders the screen. */
  version: string
  releaseDir: string
  calls: FirstCall[]
  /** The page up to the frame, without its first-call block: the page's script then starts no call. */
  head: string
  /** The frame's content as the release rendered it (the screen's loading state). */
  frame: string
  /** Between the frame's opening and its content, and from its content's end to the page's end. */
  frameOpen: string
  rest: string
  /** The first-call block and script, which the fallback puts right after the frame. */
  firstCalls: string
}

const FRAME_CONTENT = '<div class="remote-root">'
const FRAME_END = '</div></div></div><div id="root"></div>'
const FIRST_CALL_BLOCK =
  /<script type="application\/json" id="first-call">[\s\S]*?<\/script>(<script>[\s\S]*?<\/script>)/

/**
 * The parts of the static page `html` for `path`; null when it is no page to render with data: a public
 * route, no frame of that route, no first calls and a screen that loads nothing (nothing to render from), or a
 * release outside this CDN folder. A screen that loads from its address alone starts no call (ADR 0057).
 */
export function dataPageParts(html: string, path: string, cdnDir: string): DataPageParts | null {
  const route = dataRouteOf(html, path)
  const pointer = route ? carriedRemotes(html)?.[route.remote] : null
  if (!route || !pointer || typeof pointer !== 'object') return null
  const { entry, version } = pointer as { entry?: unknown; version?: unknown }
  if (typeof entry !== 'string' || typeof version !== 'string') return null
  const releaseDir = releaseDirOf(cdnDir, entry)
  const calls = releaseDir ? declaredFirstCalls(releaseDir, route.path) : []
  const firstCall = FIRST_CALL_BLOCK.exec(html)
  const start = html.indexOf(`<div id="${FIRST_FRAME_ID}"`)
  const content = html.indexOf(FRAME_CONTENT, start)
  const end = html.lastIndexOf(FRAME_END)
  if (!releaseDir || start < 0 || content < 0 || end < content) return null
  // Calls declared and started by the page's head, or neither (the page is a data page: its screen loads).
  if (firstCall ? calls.length === 0 || firstCall.index > start : calls.length > 0) return null
  // The block and the script after it, and the script alone.
  const [block, script] = firstCall ?? ['', '']
  const at = firstCall?.index ?? start
  return {
    remote: route.remote,
    path: route.path,
    version,
    releaseDir,
    calls,
    // The script stays in the head: with no block to read it starts nothing, and the CSP hash is the same.
    head: html.slice(0, at) + script + html.slice(at + block.length, start),
    frameOpen: html.slice(start, content + FRAME_CONTENT.length),
    frame: html.slice(content + FRAME_CONTENT.length, end),
    rest: html.slice(end),
    firstCalls: block,
  }
}

/** The rest of the page after `head` with the screen rendered with the borrower's data. */
export function renderedRest(
  parts: DataPageParts,
  page: DataPage,
  rendered: { html: string; loads: DataPageLoads },
) {
  const data = renderedLoadsScript({
    version: parts.version,
    query: page.query,
    session: page.session,
    loads: rendered.loads,
  })
  return parts.frameOpen + data + rendered.html + parts.rest
}

type DataPageLoads = Parameters<typeof renderedLoadsScript>[0]['loads']

/** The rest of the page after `head` as the static page has it, its first calls started right after the frame. */
export function fallbackRest(parts: DataPageParts): string {
  return parts.frameOpen + parts.frame + FRAME_END + parts.firstCalls + parts.rest.slice(FRAME_END.length)
}

export interface DataCalls {
  /** The page's address as the browser asked for it (absolute). */
  href: string
  /** Where the page's calls go (`apiBase`) and the page's origin, as the browser builds them. */
  endpoint: Endpoint
  /** Where this server reaches the API the calls' addresses name (an origin); none: those addresses. */
  apiUpstream?: string | null
  /** The borrower's cookies, sent only with calls to the page's own origin, as a browser sends them. */
  cookie?: string
  /** The borrower's address, for the API's per-client limits. */
  client?: string
  signal: AbortSignal
}

/**
 * Makes the route's first calls for the page at `href` as the page's own script would (`buildFirstCall`: the
 * same URL, session query and body, so the same keys), and returns the page's inputs and the answers. A call
 * that fails or is aborted has no answer (the render then fails and the static page goes). Through undici's
 * `request`: a third of `fetch`'s CPU a call on loopback (0.25–0.40 against 0.71–1.20 ms, the answering
 * server's included).
 */
export async function makeFirstCalls(calls: FirstCall[], options: DataCalls): Promise<DataPage> {
  const { query, session } = pageInputs(options.href)
  const page = new URL(options.href).searchParams
  const answers: Record<string, RawResponse> = {}
  await Promise.all(
    calls.map(async (call) => {
      const built = buildFirstCall(call, options.endpoint, page, session)
      if (!built) return
      const sameOrigin = built.url.origin === new URL(options.endpoint.appOrigin).origin
      const target = options.apiUpstream
        ? new URL(built.url.pathname + built.url.search, options.apiUpstream)
        : built.url
      try {
        const response = await request(target, {
          method: built.method,
          headers: {
            ...CALL_HEADERS,
            ...(built.body ? { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' } : {}),
            ...(sameOrigin && options.cookie ? { Cookie: options.cookie } : {}),
            ...(options.client ? { 'X-Forwarded-For': options.client } : {}),
            // Through an upstream, the host the page's script would have called (nginx sends the same).
            ...(options.apiUpstream ? { 'X-Forwarded-Host': built.url.host } : {}),
          },
          body: built.body?.toString(),
          signal: options.signal,
          // A redirect is an answer, as the page's own call gets it (undici follows none unless told).
        })
        answers[built.key] = { status: response.statusCode, text: await response.body.text() }
      } catch {
        // No answer: the screen's own call tries again from the borrower's browser.
      }
    }),
  )
  return { query, session, endpoint: options.endpoint, answers }
}

/**
 * The screen of the page's route rendered by its release with `page`'s answers; a reason when it cannot be
 * (no renderer that renders with data, a failed load, a render error).
 */
export async function renderDataScreen(
  parts: DataPageParts,
  settings: Settings,
  page: DataPage,
): Promise<{ html: string; loads: DataPageLoads } | { skipped: string }> {
  const renderer = rendererIn(parts.releaseDir)
  if (!renderer?.renderWithData) return { skipped: `${parts.remote} ${parts.version} renders no data` }
  return renderer.renderWithData(parts.path, settings, page)
}

/**
 * Brotli for a page compressed as it is sent. Quality: Node's default (11, what the release's copies are
 * written with) takes 30 ms a page, ten renders; 5 takes under 1 ms for 9 % more bytes (/repay: 10.2 against
 * 9.4 KB of 36.5 KB). Window: a page is 30–45 KB, so 64 KB (16 bits) instead of 4 MB compresses it the same
 * (9,395 against 9,402 bytes) with a fraction of the memory per stream, 0.97 against 1.25 ms a page.
 */
const STREAM_BROTLI = { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_LGWIN]: 16 }

/** A page with the borrower's data is theirs alone: never kept by a cache, shared or their own. */
export const DATA_PAGE_CACHE = 'private, no-store'

export interface DataPageRequest {
  /** The page's address as asked for (absolute); never logged, it carries the session. */
  href: string
  /** The page's settings, as its screens read them. */
  settings: Settings
  endpoint: Endpoint
  apiUpstream?: string | null
  /** How long the calls and the render may take before the static page's rest goes. */
  budgetMs: number
  /** The page's headers (security, robots, its page-load token): `Cache-Control` is DATA_PAGE_CACHE. */
  headers: Headers
  cookie?: string
  client?: string
  /** Where the reason for a static page goes (default: the console's warnings). */
  log?: (line: string) => void
}

/** How long a data route's calls and render may take (`RENDER_BUDGET_MS`) before the static page goes. */
export const RENDER_BUDGET_MS = 300

/** A borrower opens a few data pages a minute; a carrier's NAT puts many borrowers behind one address. */
export const RENDERED_PAGES_PER_MINUTE = 120

/**
 * The render service `pnpm start` runs (ADR 0055): within RENDER_BUDGET_MS (0: off), up to
 * RENDERED_PAGES_PER_MINUTE per client, its calls made to API_UPSTREAM (nginx's too), else to the server's own
 * demo API. None in production without API_UPSTREAM: its API is not the demo's. A setting that is not valid
 * throws, naming it.
 */
export function renderServiceFromEnv(env: NodeJS.ProcessEnv = process.env): RenderService | null {
  const budgetMs = wholeNumberSetting(env, 'RENDER_BUDGET_MS', RENDER_BUDGET_MS, 0, 'milliseconds')
  const perMinute = wholeNumberSetting(
    env,
    'RENDERED_PAGES_PER_MINUTE',
    RENDERED_PAGES_PER_MINUTE,
    1,
    'pages',
  )
  const upstream = env.API_UPSTREAM?.trim() ? upstreamUrl('API_UPSTREAM', env.API_UPSTREAM.trim()) : null
  if (budgetMs === 0) return null
  if (!upstream && (env.DEPLOY_PROFILE ?? 'demo') === 'production') {
    console.warn('Data routes get their static pages: set API_UPSTREAM to render them with their data.')
    return null
  }
  return { budgetMs, apiUpstream: upstream, perMinute }
}

/**
 * The parts of written pages, read once per version of each file (a release rewrites a page: a new file):
 * `of(file, path)` is null for a page that is no data page.
 */
export function dataPagesOf(cdnDir: string) {
  const parts = new Map<string, { stamp: string; parts: DataPageParts | null }>()
  return {
    of(file: string, path: string): DataPageParts | null {
      const stat = statSync(file)
      const stamp = `${stat.mtimeMs}:${stat.size}:${stat.ino}`
      const known = parts.get(file)
      if (known?.stamp === stamp) return known.parts
      const found = dataPageParts(readFileSync(file, 'utf8'), path, cdnDir)
      parts.set(file, { stamp, parts: found })
      return found
    },
  }
}

/**
 * Sends the page of a data route (`parts`) with the borrower's data (ADR 0054): the head at once (flushed
 * through the compression the client accepts), then the rest rendered from the first calls' answers, or the
 * static page's rest when they or the render fail or take longer than the budget.
 */
export function sendDataPage(
  req: IncomingMessage,
  res: ServerResponse,
  parts: DataPageParts,
  request: DataPageRequest,
): void {
  const encoding = acceptedEncoding(req.headers['accept-encoding'])
  res.writeHead(200, {
    ...request.headers,
    'Content-Type': TYPES['.html'],
    'Cache-Control': DATA_PAGE_CACHE,
    Vary: 'Accept-Encoding',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
  })
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  const body =
    encoding === 'br'
      ? createBrotliCompress({ params: STREAM_BROTLI })
      : encoding === 'gzip'
        ? createGzip()
        : null
  const out = body ?? res
  if (body) {
    pipeline(body, res, (error) => {
      if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE')
        console.error('[render]', parts.path, error.message)
    })
  }
  out.write(parts.head)
  body?.flush()
  // The budget's timer goes with the page: a timer left to fire for every page sent would abort a finished one.
  const budget = new AbortController()
  const timer = setTimeout(() => budget.abort(), request.budgetMs)
  const { signal } = budget
  const rendered = (async () => {
    const page = await makeFirstCalls(parts.calls, { ...request, signal })
    const screen = await renderDataScreen(parts, request.settings, page)
    return 'html' in screen ? renderedRest(parts, page, screen) : Promise.reject(new Error(screen.skipped))
  })()
  const late = new Promise<never>((_, reject) =>
    signal.addEventListener('abort', () => reject(new Error(`over ${request.budgetMs} ms`)), { once: true }),
  )
  Promise.race([rendered, late])
    .catch((error: unknown) => {
      // The path only: the address carries the borrower's session.
      const log = request.log ?? ((line: string) => console.warn(line))
      log(`[render] ${parts.path}: the static page (${(error as Error).message})`)
      return fallbackRest(parts)
    })
    .then((rest) => out.end(rest))
    .catch(() => res.destroy())
    .finally(() => clearTimeout(timer))
}
