import { REMOTE_ROUTES } from 'shared/routes'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { TOO_LARGE_ENVELOPE } from 'shared/config/demo-api'
import { REQUEST_BODY_MAX_BYTES } from 'shared/http/limits'
import { expect, test } from 'vitest'
import { CSP_REPORT_MAX_BYTES } from '../serve/csp-reports'
import { HEALTH_REPORT_PATH, HEALTH_REPORTS_PER_MINUTE } from '../health/health-collector'
import { HEALTH_REPORT_MAX_BYTES } from 'shared/health'
import {
  addHeaderLines,
  renderNginxConf,
  TOO_MANY_REQUESTS_ENVELOPE,
  type NginxConfValues,
} from './nginx-conf'
import { DEPLOY_DIR } from '../paths'
import { appPagePaths, dataMarkerOf, PAGES_DIR_NAME, pageFileName, robotsHeaders } from '../pages/route-pages'
import { DATA_PAGE_CACHE } from '../render/data-page'
import { STANDALONE_PAGES } from '../pages/standalone'
import { PICTURE_CACHE, SHELL_PICTURES } from '../pages/page-head'
import {
  apiSecurityHeaders,
  CSP_REPORT_PATH,
  fileSecurityHeaders,
  securityHeaders,
} from '../security-headers'

const TEMPLATE = readFileSync(join(DEPLOY_DIR, 'nginx.conf'), 'utf8')
const VALUES: NginxConfValues = {
  prefix: '/srv/nginx',
  port: 8080,
  www: '/srv/www',
  cdn: '/srv/cdn',
  apiUpstream: 'http://127.0.0.1:4310',
  cspReportUpstream: 'http://127.0.0.1:4310',
  healthUpstream: 'http://127.0.0.1:4310',
  renderUpstream: 'http://127.0.0.1:4310',
  healthReportsPerMinute: HEALTH_REPORTS_PER_MINUTE,
  apiOrigin: '',
  imageHosts: [],
  frameHosts: [],
  scriptHashes: [],
  brotliStaticModule: null,
  njsModule: '/usr/lib/nginx/modules/ngx_http_js_module.so',
  healthTokenScript: '/srv/deploy/src/nginx/health-token.js',
  canarySideScript: '/srv/deploy/src/nginx/canary-side.js',
  healthEndpoint: '/health/reports',
  healthTokenMaxAge: 3600,
}

test("nginx takes request bodies up to the demo API's limit and answers a larger one with its envelope", () => {
  // Every body limit but the reports' (their own, below) is the API's.
  const limits = [...blocks(TEMPLATE)]
    .filter(([name]) => name !== `= ${CSP_REPORT_PATH}` && name !== `= ${HEALTH_REPORT_PATH}`)
    .flatMap(([, directives]) => directives.filter((line) => line.startsWith('client_max_body_size')))
  expect(limits).toEqual([`client_max_body_size ${REQUEST_BODY_MAX_BYTES};`])
  // A location's body: up to the brace that closes it, at the server block's indent.
  const location = (name: string) => TEMPLATE.split(`location ${name} {`)[1].split('\n    }')[0]
  const page = /error_page 413 (@[\w-]+);/.exec(location('~ ^/(utilities|api)/'))![1]
  const named = location(page)
  expect(named).toContain('default_type application/json;')
  expect(JSON.parse(/return 413 '(.*)';/.exec(named)![1])).toEqual(TOO_LARGE_ENVELOPE)
})

/** A location's (or the server's) own directives, without its nested locations'. */
function blocks(conf: string): Map<string, string[]> {
  const out = new Map<string, string[]>()
  const stack: string[] = []
  for (const raw of conf.split('\n')) {
    const line = raw.trim()
    if (!line || line.startsWith('#')) continue
    const open = /^(location\s+(.*?)|server|http|events|if\s*\(.*\)|map\s+.*?)\s*\{$/.exec(line)
    if (open) {
      const name = open[2] ?? open[1]
      stack.push(name)
      out.set(name, out.get(name) ?? [])
      continue
    }
    if (line === '}') {
      stack.pop()
      continue
    }
    const at = stack.at(-1)
    if (at) out.get(at)!.push(line)
  }
  return out
}

/** The headers a block's `add_header … always;` lines send, values unescaped. */
function addedHeaders(directives: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const line of directives) {
    const match = /^add_header (\S+) "((?:[^"\\]|\\.)*)" always;$/.exec(line)
    if (match) headers[match[1]] = match[2].replace(/\\(.)/g, '$1')
  }
  return headers
}

const SECURITY_NAMES = new Set([...Object.keys(securityHeaders()), ...Object.keys(apiSecurityHeaders())])
const securityOf = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => SECURITY_NAMES.has(name)))

const PAGE_LOCATIONS = ['= /', '/', '@rendered', '@data-page', '@not-found-page', '@shell']
/** The location of the shell's icons and shared-link picture, named by its regex. */
const PICTURES_LOCATION = '~ ^/(favicon\\.svg|favicon-32\\.png|apple-touch-icon\\.png|og-image\\.png)$'
const FILE_LOCATIONS = [
  'server',
  '@not-found',
  '= /robots.txt',
  '= /sitemap.xml',
  '= /registry.json',
  '^~ /remotes/',
  '^~ /assets/',
  PICTURES_LOCATION,
  '~ \\.[A-Za-z0-9]+$',
]
const API_LOCATIONS = [
  '~ ^/(utilities|api)/',
  '@body-too-large',
  '@too-many-requests',
  '= /csp-report',
  '= /health/reports',
]

test("every location that adds a header sends the Node server's security headers, from security-headers.ts", () => {
  for (const imageHosts of [[], ['img.cashloan.ph', '*.cdn.example.com']]) {
    // The demo's second origin (pictures and the agreement document) with link hosts to frame, or neither.
    for (const demo of [false, true]) {
      for (const apiOrigin of ['', 'https://api.example.com']) {
        const scriptHashes = ["'sha256-abc='"]
        const frameHosts = demo ? ['contracts.cashloan.ph', '*.lender.example.com'] : []
        const options = {
          imageHosts,
          loopbackPictures: demo,
          frameHosts,
          loopbackDocuments: demo,
          apiOrigin,
        }
        const conf = blocks(renderNginxConf(TEMPLATE, { ...VALUES, ...options, scriptHashes }))
        const security = { ...options, apiOrigin: apiOrigin || null }
        const expected: [string[], Record<string, string>][] = [
          [PAGE_LOCATIONS, securityHeaders({ ...security, scriptHashes })],
          [FILE_LOCATIONS, fileSecurityHeaders()],
          [API_LOCATIONS, apiSecurityHeaders()],
        ]
        for (const [names, headers] of expected) {
          for (const name of names) {
            expect(securityOf(addedHeaders(conf.get(name) ?? [])), name).toEqual(headers)
          }
        }
        // No other location adds a header of its own, which would drop the server's set.
        const listed = new Set([...PAGE_LOCATIONS, ...FILE_LOCATIONS, ...API_LOCATIONS])
        for (const [name, directives] of conf) {
          if (!listed.has(name)) expect(addedHeaders(directives), name).toEqual({})
        }
      }
    }
  }
})

test('a header value goes into nginx.conf quoted as it is; one nginx would read as a variable is refused', () => {
  expect(addHeaderLines({ 'Reporting-Endpoints': 'csp="/csp-report"', X: 'a\\b' })).toEqual([
    'add_header Reporting-Endpoints "csp=\\"/csp-report\\"" always;',
    'add_header X "a\\\\b" always;',
  ])
  expect(() => addHeaderLines({ X: 'a $host' })).toThrow('X')
  expect(() => addHeaderLines({ X: 'a\r\nSet-Cookie: x' })).toThrow('X')
  expect(() => renderNginxConf(TEMPLATE, { ...VALUES, apiOrigin: 'https://$host' })).toThrow()
})

test('one worker per core, each sized for thousands of connections and their file descriptors', () => {
  const conf = renderNginxConf(TEMPLATE, VALUES).replace(/^\s*#.*$/gm, '')
  expect(conf).toMatch(/^worker_processes auto;$/m)
  const connections = Number(/^\s*worker_connections (\d+);$/m.exec(conf)![1])
  const files = Number(/^worker_rlimit_nofile (\d+);$/m.exec(conf)![1])
  expect(connections).toBeGreaterThanOrEqual(8192)
  // A proxied connection holds two descriptors, and a file being sent one more.
  expect(files).toBeGreaterThanOrEqual(3 * connections)
})

test('the captcha, SMS and registration calls are rate-limited per address, past it a 429 in the envelope', () => {
  const conf = renderNginxConf(TEMPLATE, VALUES)
  const all = blocks(conf)
  const http = all.get('http')!
  /** The paths a zone counts: its key's map, as the regex nginx matches `$uri` with. */
  const counted = (zone: string) => {
    const key = new RegExp(`^limit_req_zone \\$(\\w+) zone=${zone}:`)
    const variable = http.map((line) => key.exec(line)?.[1]).find(Boolean)!
    const entries = all.get(`map $uri $${variable}`)!
    expect(entries).toContain('default "";')
    const patterns = entries.flatMap((line) => {
      const match = /^"~\*(.*)" \$binary_remote_addr;$/.exec(line)
      return match ? [new RegExp(match[1], 'i')] : []
    })
    return (path: string) => patterns.some((pattern) => pattern.test(path))
  }
  const captcha = counted('captcha')
  const sms = counted('sms')
  const promo = '/api/v2/promo/promotion'
  expect(captcha(`${promo}/get-captcha`)).toBe(true)
  expect(captcha(`${promo}/GET-CAPTCHA`)).toBe(true)
  for (const path of [`${promo}/get-sms`, `${promo}/register`, `${promo}/register/`]) {
    expect(sms(path), path).toBe(true)
  }
  for (const path of [`${promo}/track-visit`, `${promo}/get-sid`, '/utilities/v3/loan/push', '/register']) {
    expect(captcha(path) || sms(path), path).toBe(false)
  }
  const api = all.get('~ ^/(utilities|api)/')!
  expect(api.some((line) => /^limit_req zone=captcha burst=\d+ nodelay;$/.test(line))).toBe(true)
  expect(api.some((line) => /^limit_req zone=sms burst=\d+ nodelay;$/.test(line))).toBe(true)
  expect(http).toContain('limit_req_status 429;')
  const page = /^error_page 429 (@[\w-]+);$/.exec(api.find((line) => line.startsWith('error_page 429'))!)![1]
  const named = all.get(page)!
  expect(named).toContain('default_type application/json;')
  const body = /^return 429 '(.*)';$/.exec(named.find((line) => line.startsWith('return'))!)![1]
  expect(JSON.parse(body)).toEqual(TOO_MANY_REQUESTS_ENVELOPE)
})

test('the access log is a file under the prefix, and never holds a query (addresses carry the session)', () => {
  const conf = renderNginxConf(TEMPLATE, VALUES).replace(/^\s*#.*$/gm, '')
  expect(conf).not.toMatch(/^\s*access_log off;/m)
  const log = /^\s*access_log (\S+) (\w+)\b.*;$/m.exec(conf)!
  expect(log[1]).toBe('/srv/nginx/access.log')
  const format = conf.split(`log_format ${log[2]} `)[1].split(';')[0]
  expect(format).toContain('$request_path')
  expect(format).not.toMatch(/\$(request|request_uri|args|query_string|arg_\w+)\b/)
})

test('CSP reports go to the report upstream, small bodies only, POST only', () => {
  const conf = blocks(
    renderNginxConf(TEMPLATE, { ...VALUES, cspReportUpstream: 'https://reports.example/c' }),
  )
  const reports = conf.get(`= ${CSP_REPORT_PATH}`)!
  expect(reports).toContain('proxy_pass https://reports.example/c;')
  expect(reports).toContain(`client_max_body_size ${CSP_REPORT_MAX_BYTES};`)
  // Both report locations refuse anything but POST the same way.
  expect(conf.get('if ($request_method != POST)')).toEqual(['return 405;', 'return 405;'])
})

test('health reports go to the deploy server that stores them: small bodies, POST only, rate-limited as it does', () => {
  const rendered = renderNginxConf(TEMPLATE, { ...VALUES, healthUpstream: 'http://collector.internal:8080' })
  const reports = blocks(rendered).get(`= ${HEALTH_REPORT_PATH}`)!
  expect(reports).toContain('proxy_pass http://collector.internal:8080;')
  expect(reports).toContain(`client_max_body_size ${HEALTH_REPORT_MAX_BYTES};`)
  expect(reports).toContain('proxy_set_header X-Real-IP $remote_addr;')
  // Its word on the client and on the page's origin, proved with the shared secret (ADR 0040).
  expect(reports).toContain('proxy_set_header X-Health-Proxy $health_proxy;')
  expect(reports).toContain('proxy_set_header X-Forwarded-Host $http_host;')
  expect(reports).toContain('proxy_set_header X-Forwarded-Proto $scheme;')
  expect(reports).toContain(`limit_req zone=health_reports burst=${HEALTH_REPORTS_PER_MINUTE} nodelay;`)
  expect(rendered).toContain(
    `limit_req_zone $health_network zone=health_reports:10m rate=${HEALTH_REPORTS_PER_MINUTE}r/m;`,
  )
  // Where many borrowers share one address (the e2e suite), the same setting raises both.
  const shared = renderNginxConf(TEMPLATE, { ...VALUES, healthReportsPerMinute: 6000 })
  expect(blocks(shared).get(`= ${HEALTH_REPORT_PATH}`)).toContain(
    'limit_req zone=health_reports burst=6000 nodelay;',
  )
  expect(shared).toContain('limit_req_zone $health_network zone=health_reports:10m rate=6000r/m;')
})

test("each page's remote is mapped from the route table, for the canary side's pages (ADR 0058)", () => {
  const conf = renderNginxConf(TEMPLATE, VALUES)
  expect(conf).toContain('js_import canary from /srv/deploy/src/nginx/canary-side.js;')
  expect(conf).toContain('js_set $canary_page_side canary.pageSide;')
  expect(blocks(conf).get('= /registry.json')).toContain('js_content canary.registry;')
  const map = conf.split('map $page_uri $page_remote {')[1].split('\n  }')[0]
  expect(map).toContain('  default "";')
  for (const route of REMOTE_ROUTES) expect(map).toContain(`\n    ${route.path} ${route.remote};`)
  expect(map).toContain('\n    /standalone/promotion mf_promotion;')
})

test('placeholder values go in literally, and a placeholder left without one is an error', () => {
  const conf = renderNginxConf(TEMPLATE, { ...VALUES, cdn: "/srv/$&/cdn$'" })
  expect(conf).toContain(`js_var $canary_registry "/srv/$&/cdn$'/registry.json";`)
  expect(conf).not.toMatch(/^[^#]*__[A-Z_]+__/m)
  expect(() => renderNginxConf(`${TEMPLATE}\nroot __NEW__;`, VALUES)).toThrow('__NEW__')
})

test('nginx looks up app routes where the release writes their pages, as the Node server does', () => {
  const conf = renderNginxConf(TEMPLATE, VALUES)
  const location = (name: string) => conf.split(`location ${name} {`)[1].split('\n    }')[0]
  for (const name of ['= /', '/']) expect(location(name)).toContain(`root /srv/cdn/${PAGES_DIR_NAME};`)
  // The canary side's page first, for a borrower on it (ADR 0058), else the page.
  expect(location('= /')).toContain(
    `try_files $canary_page_side/${pageFileName('/')} /${pageFileName('/')} @shell;`,
  )
  // `$uri.html`: the file name pageFileName gives every other path.
  expect(pageFileName('/loanDetails')).toBe('loanDetails.html')
  // A trailing slash tolerated ($page_uri drops it); a path with no page is a 404 with the shell's page.
  expect(location('/')).toContain('try_files $canary_page_side$page_uri.html $page_uri.html =404;')
  expect(location('/')).toContain('error_page 404 @not-found-page;')
  expect(location('@not-found-page')).toContain('try_files /index.html =404;')
  expect(location('@shell')).toContain('try_files /index.html =404;')
  // Always sent whole: a release and its rollback within one second would otherwise answer a 304.
  for (const name of ['= /', '/', '@data-page', '@not-found-page', '@shell']) {
    expect(location(name)).toContain('etag off;')
    expect(location(name)).toContain('if_modified_since off;')
  }
})

test("a data route's page comes from the render service, streamed and never stored; as written when the service fails", () => {
  const conf = renderNginxConf(TEMPLATE, { ...VALUES, renderUpstream: 'http://render.internal:8080' })
  const location = (name: string) => blocks(conf).get(name)!
  // The marker the release writes beside the page, found as nginx looks it up.
  expect(dataMarkerOf(join('/srv/cdn', PAGES_DIR_NAME, pageFileName('/repay')))).toBe(
    `/srv/cdn/${PAGES_DIR_NAME}/repay.data`,
  )
  expect(conf).toContain('if (-f $document_root$page_uri.data) {\n        return 418;\n      }')
  expect(location('/')).toContain('error_page 418 = @rendered;')
  const rendered = location('@rendered')
  expect(rendered).toContain('proxy_pass http://render.internal:8080;')
  expect(rendered).toContain('proxy_buffering off;')
  expect(rendered).toContain('proxy_set_header X-Health-Proxy $health_proxy;')
  expect(rendered).toContain('error_page 500 502 503 504 = @data-page;')
  // Followed after the 418 of `location /`, which allows a second error_page.
  expect(location('/')).toContain('recursive_error_pages on;')
  for (const name of ['Set-Cookie', 'Cache-Control', 'Content-Security-Policy', 'X-Robots-Tag'])
    expect(rendered).toContain(`proxy_hide_header ${name};`)
  expect(rendered).toContain(`add_header Cache-Control "${DATA_PAGE_CACHE}" always;`)
  expect(rendered.filter((line) => line.startsWith('add_header Cache-Control'))).toHaveLength(1)
  expect(location('@data-page')).toContain('try_files $canary_page_side$page_uri.html $page_uri.html =404;')
  // The render service renders the side nginx chose, for a borrower without a key yet too.
  expect(rendered).toContain('proxy_set_header Cookie $canary_upstream_cookie;')
  expect(location('@data-page')).toContain('add_header Cache-Control "no-cache" always;')
})

test('with rendering off (RENDER_UPSTREAM=off) every page goes as written, its marker not looked at', () => {
  const conf = renderNginxConf(TEMPLATE, { ...VALUES, renderUpstream: null })
  expect(conf).not.toContain('$page_uri.data')
  expect(conf).not.toContain('return 418;')
  expect(conf).not.toContain('__RENDERING_LINES__')
  expect(blocks(conf).get('/')).toContain('try_files $canary_page_side$page_uri.html $page_uri.html =404;')
  // The unreachable location still names a valid upstream, so nginx starts.
  expect(blocks(conf).get('@rendered')).toContain(`proxy_pass ${VALUES.healthUpstream};`)
})

test("nginx's X-Robots-Tag is the Node server's on every page, as asked with slashes and a query", () => {
  const conf = renderNginxConf(TEMPLATE, VALUES)
  const pageBlocks = blocks(conf)
  for (const name of PAGE_LOCATIONS) {
    expect(pageBlocks.get(name), name).toContain('add_header X-Robots-Tag $robots_tag always;')
  }
  // The map's value for a request line, read as nginx reads it: the first regex that matches, else default.
  const map = /map \$request_uri \$robots_tag \{\n([\s\S]*?)\n\s*\}/.exec(conf)![1]
  const entries = [...map.matchAll(/^\s*"~([^"]+)" "([^"]*)";$/gm)].map(
    (m) => [new RegExp(m[1]), m[2]] as const,
  )
  const fallback = /default "([^"]*)";/.exec(map)![1]
  const tag = (uri: string) => entries.find(([regex]) => regex.test(uri))?.[1] ?? fallback
  const asked = [...appPagePaths(), ...Object.keys(STANDALONE_PAGES), '/no-such-route', '/aboutUs/extra']
  for (const path of asked) {
    for (const uri of [path, `${path}/`, `/${path}`, `${path}?sessionId=s-1`, `${path}//?x=1`]) {
      expect(tag(uri) || undefined, uri).toBe(robotsHeaders(path)['X-Robots-Tag'])
    }
  }
})

test('nginx sends the compressed copies the release wrote: gzip always, brotli where the module is installed', () => {
  const without = renderNginxConf(TEMPLATE, VALUES)
  const directives = (conf: string) => conf.replace(/^\s*#.*$/gm, '')
  expect(directives(without)).toMatch(/^\s*gzip_static on;$/m)
  expect(directives(without)).not.toMatch(/brotli|load_module .*brotli/)
  const module = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'
  const withBrotli = directives(renderNginxConf(TEMPLATE, { ...VALUES, brotliStaticModule: module }))
  // load_module is a main-context directive: before the events and http blocks.
  expect(withBrotli.indexOf(`load_module ${module};`)).toBeGreaterThan(-1)
  expect(withBrotli.indexOf(`load_module ${module};`)).toBeLessThan(withBrotli.indexOf('events {'))
  const http = withBrotli.split('http {')[1].split('server {')[0]
  expect(http).toMatch(/^\s*brotli_static on;$/m)
  expect(http).toMatch(/^\s*gzip_static on;$/m)
})

test('with a certificate, the one listen gets TLS and HTTP/2; without, it stays plain', () => {
  expect(renderNginxConf(TEMPLATE, VALUES)).toMatch(/^ {4}listen 127\.0\.0\.1:8080;$/m)
  const conf = renderNginxConf(TEMPLATE, { ...VALUES, tls: { cert: '/c/cert.pem', key: '/c/key.pem' } })
  expect(conf).toContain(
    '    listen 127.0.0.1:8080 ssl http2;\n    ssl_certificate /c/cert.pem;\n    ssl_certificate_key /c/key.pem;\n' +
      '    ssl_protocols TLSv1.2 TLSv1.3;',
  )
  expect(conf.match(/^\s*listen /gm)).toHaveLength(1)
})

test("the shell's icons and shared-link picture are kept a day, as the Node server sends them; other root files are revalidated", () => {
  const conf = blocks(renderNginxConf(TEMPLATE, VALUES))
  const pictures = conf.get(PICTURES_LOCATION)!
  // The location's paths are page-head.ts's, and it is the first regex location that names them.
  const pattern = new RegExp(PICTURES_LOCATION.slice(2))
  const regexLocations = [...conf.keys()].filter((name) => name.startsWith('~ '))
  for (const path of SHELL_PICTURES) {
    expect(
      regexLocations.find((name) => new RegExp(name.slice(2)).test(path)),
      path,
    ).toBe(PICTURES_LOCATION)
  }
  const listed = /^\^\/\((.*)\)\$$/.exec(PICTURES_LOCATION.slice(2))![1].split('|')
  expect(listed.map((name) => `/${name.replace(/\\\./g, '.')}`)).toEqual(SHELL_PICTURES)
  expect(['/favicon.ico', '/first-call.js', '/og-image.png.br'].filter((path) => pattern.test(path))).toEqual(
    [],
  )
  expect(pictures).toContain('try_files $uri =404;')
  expect(addedHeaders(pictures)['Cache-Control']).toBe(PICTURE_CACHE)
  expect(addedHeaders(conf.get('~ \\.[A-Za-z0-9]+$')!)['Cache-Control']).toBe('no-cache')
})

test("the API is told the address the browser asked for: the demo API's second-origin links keep its port", () => {
  const api = blocks(renderNginxConf(TEMPLATE, VALUES)).get('~ ^/(utilities|api)/')!
  expect(api).toContain('proxy_set_header Host $host;')
  expect(api).toContain('proxy_set_header X-Forwarded-Host $http_host;')
})

test('njs gives every page its page-load token, for the health endpoint; the secret comes from the environment only', () => {
  const conf = renderNginxConf(TEMPLATE, {
    ...VALUES,
    healthEndpoint: '/telemetry/r',
    healthTokenMaxAge: 600,
  })
  // A main-context directive, like the brotli module's: before the events and http blocks.
  const njs = conf.search(/^load_module \/usr\/lib\/nginx\/modules\/ngx_http_js_module\.so;$/m)
  expect(njs).toBeGreaterThan(-1)
  expect(njs).toBeLessThan(conf.indexOf('events {'))
  expect(conf).toMatch(/^env HEALTH_TOKEN_SECRET;$/m)
  expect(conf).toContain('js_import health from /srv/deploy/src/nginx/health-token.js;')
  expect(conf).toContain('js_var $health_endpoint "/telemetry/r";')
  expect(conf).toContain('js_var $health_token_max_age "600";')
  expect(conf).toContain('js_set $health_cookie health.pageCookie;')
  const pageLocations = [
    'location = / {',
    'location / {',
    'location @rendered {',
    'location @data-page {',
    'location @not-found-page {',
    'location @shell {',
  ]
  for (const name of pageLocations) {
    const block = conf.split(name)[1].split('\n    }')[0]
    expect(block, name).toContain('add_header Set-Cookie $health_cookie always;')
    // And the canary side key's, while a canary runs (ADR 0058).
    expect(block, name).toContain('add_header Set-Cookie $canary_cookie always;')
  }
  // Only pages: files, the API and the registry start no page load.
  expect(conf.match(/add_header Set-Cookie/g)).toHaveLength(2 * pageLocations.length)
  expect(() => renderNginxConf(TEMPLATE, { ...VALUES, healthEndpoint: '/r"; evil' })).toThrow(
    'health endpoint',
  )
})
