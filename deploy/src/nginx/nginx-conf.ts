import { REMOTE_ROUTES } from 'shared/routes'
import { publicPaths } from '../pages/route-pages'
import { STANDALONE_PAGES } from '../pages/standalone'
import { DATA_PAGE_CACHE } from '../render/data-page'
import { apiSecurityHeaders, fileSecurityHeaders, ROBOTS_NOINDEX, securityHeaders } from '../security-headers'

export interface NginxConfValues {
  prefix: string
  port: number
  www: string
  cdn: string
  apiUpstream: string
  /** Where `/csp-report` is passed on: the Node demo server locally, the report collector in production. */
  cspReportUpstream: string
  /** Where `/health/reports` is passed on: the deploy server that stores them (ADR 0033). */
  healthUpstream: string
  /**
   * Where data routes' pages are rendered with the borrower's data: the deploy server (ADR 0054); null: no page
   * is rendered, each goes as written (RENDER_UPSTREAM=off).
   */
  renderUpstream: string | null
  /** The `health_reports` zone's rate per client and burst (`healthReportsPerMinute`). */
  healthReportsPerMinute: number
  /** The API's origin when it is not the page's own; '' for none. */
  apiOrigin: string
  imageHosts: readonly string[]
  /** The local demo's second picture origin (`securityHeaders`' `loopbackPictures`). */
  loopbackPictures?: boolean
  /** The link allow-list: where the agreement pop-up's document may be framed from (`frameHosts`). */
  frameHosts: readonly string[]
  /** The local demo's agreement document on its second origin (`securityHeaders`' `loopbackDocuments`). */
  loopbackDocuments?: boolean
  /** CSP sources for the inline script route pages carry (`pageScriptHashes`). */
  scriptHashes: readonly string[]
  /** nginx's brotli_static module (`.so`) to load and turn on; null where it is not installed (ADR 0019). */
  brotliStaticModule: string | null
  /** nginx's njs module (`.so`), which issues page-load tokens (ADR 0040); required. */
  njsModule: string
  /** The njs script that makes them: deploy/src/nginx/health-token.js. */
  healthTokenScript: string
  /** The njs script that decides a borrower's side of a canary (ADR 0058): deploy/src/nginx/canary-side.js. */
  canarySideScript: string
  /** The settings' health endpoint (the cookie's path); '' when reports are off. */
  healthEndpoint: string
  /** Seconds a page-load token is good for (`healthTokenMaxAge`), the cookie's Max-Age. */
  healthTokenMaxAge: number
  /** Certificate and key files: the server then listens with TLS and HTTP/2 (the load benchmark). */
  tls?: { cert: string; key: string } | null
}

/**
 * The answer past a rate limit (nginx.conf's `@too-many-requests`), in the API's envelope: the client shows
 * its message like any refusal.
 */
export const TOO_MANY_REQUESTS_ENVELOPE = {
  code: '429',
  message: 'Too many attempts from this network. Please wait a minute and try again.',
  data: null,
} as const

/**
 * The `listen` directive, with TLS and HTTP/2 when `tls` is given (nginx 1.22: `http2` is a listen flag), TLS
 * 1.2 and 1.3 only, and sessions resumed across workers (a borrower's reconnect skips the full handshake).
 */
function withTls(conf: string, tls: { cert: string; key: string }): string {
  const listen = /^( *)listen ([^\s;]+);$/gm
  if ((conf.match(listen) ?? []).length !== 1) throw new Error('nginx.conf: TLS needs exactly one listen')
  return conf.replace(listen, (_, indent: string, address: string) =>
    [
      `listen ${address} ssl http2;`,
      `ssl_certificate ${tls.cert};`,
      `ssl_certificate_key ${tls.key};`,
      'ssl_protocols TLSv1.2 TLSv1.3;',
      'ssl_session_cache shared:TLS:10m;',
      'ssl_session_timeout 1h;',
    ]
      .map((line) => indent + line)
      .join('\n'),
  )
}

/**
 * `add_header` lines for `headers`, each sent on every status (`always`). A value goes in double quotes with
 * `"` and `\` escaped; one with `$` (an nginx variable, which cannot be escaped) or a line break is refused.
 */
export function addHeaderLines(headers: Record<string, string>): string[] {
  return Object.entries(headers).map(([name, value]) => {
    if (!/^[A-Za-z0-9-]+$/.test(name) || /[$\r\n]/.test(value)) {
      throw new Error(`nginx.conf: header ${name} cannot be written: ${JSON.stringify(value)}`)
    }
    return `add_header ${name} "${value.replace(/["\\]/g, '\\$&')}" always;`
  })
}

/** `text` as a literal in an nginx (PCRE) regular expression. */
const regexLiteral = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/**
 * The `map` that gives `$robots_tag`, the X-Robots-Tag a page is sent with (`robotsHeaders` in the Node
 * server): ROBOTS_NOINDEX, or empty (no header) on the public pages. It reads `$request_uri`, the address as
 * asked, which try_files does not rewrite: repeated and trailing slashes tolerated, the query ignored.
 */
export function robotsMapLines(): string[] {
  const publicLines = publicPaths().map((path) => {
    const segments = path.split('/').filter(Boolean).map(regexLiteral)
    return `  "~^/+${segments.join('/+')}${segments.length ? '/*' : ''}(\\?|$)" "";`
  })
  return ['map $request_uri $robots_tag {', `  default "${ROBOTS_NOINDEX}";`, ...publicLines, '}']
}

/**
 * The `map` that gives `$page_remote`, the remote whose entry a page carries (the route table's, and each
 * standalone page's), on the page path `$page_uri`; '' for the shell's own screens. canary-side.js reads it.
 */
export function pageRemoteMapLines(): string[] {
  const pages: [string, string][] = [
    ...REMOTE_ROUTES.map((route): [string, string] => [route.path, route.remote]),
    ...Object.entries(STANDALONE_PAGES),
  ]
  for (const [path, remote] of pages) {
    if (!/^\/[\w/-]*$/.test(path) || !/^[a-z][a-z0-9_]*$/.test(remote)) {
      throw new Error(`nginx.conf: the page ${JSON.stringify(path)} of ${remote} cannot be written in a map`)
    }
  }
  return [
    'map $page_uri $page_remote {',
    '  default "";',
    ...pages.map(([path, remote]) => `  ${path} ${remote};`),
    '}',
  ]
}

/**
 * deploy/nginx.conf with its placeholders filled, in one pass: a value goes in as it is (no `$&` patterns, no
 * placeholder inside a value filled in turn). A header placeholder, alone on its line, becomes the Node
 * server's headers (`securityHeaders`, `apiSecurityHeaders`) as `add_header` lines at its indent: the
 * files' without the page script hash, the pages' with it, as the Node server sends them.
 */
export function renderNginxConf(template: string, values: NginxConfValues): string {
  const security = {
    apiOrigin: values.apiOrigin || null,
    imageHosts: values.imageHosts,
    loopbackPictures: values.loopbackPictures,
    frameHosts: values.frameHosts,
    loopbackDocuments: values.loopbackDocuments,
  }
  const pageSecurity = securityHeaders({ ...security, scriptHashes: values.scriptHashes })
  const pageHeaderLines = addHeaderLines(pageSecurity).concat(
    'add_header X-Robots-Tag $robots_tag always;',
    // Every page starts a page load: its token (ADR 0040), made by njs (empty, no header, with reports off).
    'add_header Set-Cookie $health_cookie always;',
    // The canary side key's, while a canary runs (ADR 0058).
    'add_header Set-Cookie $canary_cookie always;',
  )
  const headers: Record<string, string[]> = {
    // A page's X-Robots-Tag is the robots map's and its Set-Cookie njs's (an empty value sends no header): the
    // two `$` written here.
    __PAGE_HEADERS__: pageHeaderLines,
    // A rendered page's: the page's own (its CSP, robots tag and page-load token), never stored.
    __RENDERED_HEADERS__: [...Object.keys(pageSecurity), 'X-Robots-Tag', 'Set-Cookie', 'Cache-Control']
      .map((name) => `proxy_hide_header ${name};`)
      .concat(pageHeaderLines, addHeaderLines({ 'Cache-Control': DATA_PAGE_CACHE })),
    __FILE_HEADERS__: addHeaderLines(fileSecurityHeaders()),
    // The upstream's own copies are dropped: each header is sent once, as nginx sets it.
    __API_HEADERS__: Object.keys(apiSecurityHeaders())
      .map((name) => `proxy_hide_header ${name};`)
      .concat(addHeaderLines(apiSecurityHeaders())),
    __ROBOTS_MAP__: robotsMapLines(),
    __PAGE_REMOTE_MAP__: pageRemoteMapLines(),
    // A page whose marker exists goes to @rendered (`return` is what an `if` in a location may safely do).
    __RENDERING_LINES__:
      values.renderUpstream === null ? [] : ['if (-f $document_root$page_uri.data) {', '  return 418;', '}'],
  }
  if (!/^[\w./-]*$/.test(values.healthEndpoint)) {
    throw new Error(
      `nginx.conf: the health endpoint cannot be written: ${JSON.stringify(values.healthEndpoint)}`,
    )
  }
  const fills: Record<string, string> = {
    __PREFIX__: values.prefix,
    __PORT__: String(values.port),
    __WWW__: values.www,
    __CDN__: values.cdn,
    __API_UPSTREAM__: values.apiUpstream,
    __CSP_REPORT_UPSTREAM__: values.cspReportUpstream,
    __HEALTH_UPSTREAM__: values.healthUpstream,
    // Rendering off: @rendered is never reached; its proxy still names a valid upstream.
    __RENDER_UPSTREAM__: values.renderUpstream ?? values.healthUpstream,
    __HEALTH_REPORTS_PER_MINUTE__: String(values.healthReportsPerMinute),
    __LOAD_BROTLI__: values.brotliStaticModule ? `load_module ${values.brotliStaticModule};` : '',
    __BROTLI_STATIC__: values.brotliStaticModule ? 'brotli_static on;' : '',
    __LOAD_NJS__: `load_module ${values.njsModule};`,
    __HEALTH_TOKEN_JS__: values.healthTokenScript,
    __CANARY_SIDE_JS__: values.canarySideScript,
    __HEALTH_ENDPOINT__: values.healthEndpoint,
    __HEALTH_TOKEN_MAX_AGE__: String(values.healthTokenMaxAge),
  }
  let conf = template.replace(
    /^( *)(__[A-Z][A-Z_]*_(?:HEADERS|MAP|LINES)__)$|__[A-Z_]+__/gm,
    (match, indent: string | undefined, name: string | undefined) => {
      if (name !== undefined && headers[name]) {
        // An empty list leaves an empty line.
        return headers[name].map((line) => indent + line).join('\n')
      }
      return Object.hasOwn(fills, match) ? fills[match] : match
    },
  )
  if (values.tls) conf = withTls(conf, values.tls)
  const directives = conf.replace(/^\s*#.*$/gm, '')
  const left = /__[A-Z_]+__/.exec(directives)
  if (left) throw new Error(`nginx.conf: placeholder ${left[0]} has no value`)
  return conf
}
