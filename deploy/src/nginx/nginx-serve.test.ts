import type { ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, get, request, type IncomingHttpHeaders, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { CSP_REPORT_MAX_BYTES, CspReportLog } from '../serve/csp-reports'
import { TOO_MANY_REQUESTS_ENVELOPE } from './nginx-conf'
import { BROTLI_STATIC_MODULE, NJS_MODULE, prepareNginx, startNginx, waitForPort } from './nginx-serve'
import { precompressDir } from '../release/precompress'
import { closeServer, listenLocally } from '../testing/local-server'
import { crawlerFiles, pageFileName, pagesDirOf } from '../pages/route-pages'
import { apiSecurityHeaders, CSP_REPORT_PATH, securityHeaders } from '../security-headers'
import { createAppServer } from '../serve/server'
import { createHealthCollector, HEALTH_REPORT_PATH } from '../health/health-collector'
import { readStoredLoads } from '../health/health-db'
import { HealthStore } from '../health/health-store'
import { verifyPageLoadToken } from '../health/page-load-token'
import { VersionHistory } from '../health/version-history'
import { settingsFromEnv } from '../settings'

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx'
const SECRET = 'nginx-serve-test-secret-0123456789abcdef'
const KEYS = { secret: SECRET, maxAgeSeconds: 3600 }
const SHELL_INDEX =
  '<!doctype html><html><head><script type="application/json" id="app-settings">{}</script></head><body></body></html>'

let root: string
let nginx: ChildProcess | null = null

/** A port nobody listens on now (the kernel's pick), for nginx to take. */
async function freePort(): Promise<number> {
  const server = createServer()
  const port = await listenLocally(server)
  await closeServer(server)
  return port
}

function put(file: string, text: string): void {
  mkdirSync(join(file, '..'), { recursive: true })
  writeFileSync(file, text)
}

/** The raw answer (no decoding) to a GET that accepts brotli and gzip. */
function fetchRaw(port: number, path: string) {
  return new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>(
    (resolve, reject) => {
      get({ port, host: '127.0.0.1', path, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            encoding: res.headers['content-encoding'],
            vary: res.headers.vary,
            body: Buffer.concat(chunks),
          }),
        )
      }).on('error', reject)
    },
  )
}

const js = 'export const app = "' + 'screen '.repeat(300) + '"\n'
let shellDir: string
let cdnDir: string

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'nginx-serve-'))
  shellDir = join(root, 'shell')
  cdnDir = join(root, 'cdn')
  put(join(shellDir, 'index.html'), SHELL_INDEX)
  put(join(shellDir, 'assets', 'index-AbCd1234.js'), js)
  put(join(cdnDir, 'mf-site', '1.0.0-a', 'remoteEntry.js'), js)
  put(join(pagesDirOf(cdnDir), pageFileName('/aboutUs')), `<!doctype html><p>${'about '.repeat(300)}</p>`)
  for (const dir of [shellDir, cdnDir, pagesDirOf(cdnDir)]) precompressDir(dir)
})
afterEach(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once('exit', resolve))
    nginx.kill('SIGQUIT')
    await exited
  }
  nginx = null
  rmSync(root, { recursive: true, force: true })
})

async function serve(brotliStaticModule: string | null): Promise<number> {
  const port = await freePort()
  nginx = startNginx({
    port,
    prefix: join(root, 'nginx'),
    shellDir,
    cdnDir,
    apiUpstream: 'http://127.0.0.1:9',
    apiOrigin: '',
    settings: settingsFromEnv({}),
    brotliStaticModule,
    healthTokenSecret: SECRET,
    nginxBin: NGINX,
    stdio: 'ignore',
  })
  await waitForPort(port, nginx)
  return port
}

/** Shell file, released remote file, route page: the three places the release step writes copies to. */
const FILES = [
  ['/assets/index-AbCd1234.js', () => join(shellDir, 'assets', 'index-AbCd1234.js')],
  ['/remotes/mf-site/1.0.0-a/remoteEntry.js', () => join(cdnDir, 'mf-site', '1.0.0-a', 'remoteEntry.js')],
  ['/aboutUs', () => join(pagesDirOf(cdnDir), pageFileName('/aboutUs'))],
] as const

describe.skipIf(!existsSync(NGINX))('real nginx with deploy/nginx.conf', () => {
  test('without the brotli module, nginx works and sends the gzip copies the release wrote', async () => {
    const port = await serve(null)
    for (const [path, file] of FILES) {
      const res = await fetchRaw(port, path)
      expect(res.encoding, path).toBe('gzip')
      expect(res.vary, path).toBe('Accept-Encoding')
      // The file's level-9 copy, byte for byte, not a compression made on the fly.
      expect(res.body.equals(readFileSync(`${file()}.gz`)), path).toBe(true)
    }
  })

  test.skipIf(!existsSync(BROTLI_STATIC_MODULE))(
    "with it, nginx sends the brotli copies; the shell's index.html with the deploy's settings",
    async () => {
      const port = await serve(BROTLI_STATIC_MODULE)
      for (const [path, file] of FILES) {
        const res = await fetchRaw(port, path)
        expect(res.encoding, path).toBe('br')
        expect(res.body.equals(readFileSync(`${file()}.br`)), path).toBe(true)
      }
      // No page written for /loanDetails: the shell's index.html, whose copy is of the file with settings.
      const fallback = await fetchRaw(port, '/loanDetails')
      expect(fallback.encoding).toBe('br')
      const html = brotliDecompressSync(fallback.body).toString()
      expect(html).toBe(readFileSync(join(root, 'nginx', 'www', 'index.html'), 'utf8'))
      expect(html).toContain('"allowedHosts"')
    },
  )
})

/** The Node server over the same tree as nginx: nginx's API upstream, as in the e2e suite. */
let node: Server | null = null
let cspReports: CspReportLog
let store: HealthStore | null = null

async function serveBoth(): Promise<{ nginxPort: number; nodePort: number }> {
  put(join(cdnDir, 'registry.json'), JSON.stringify(REGISTRY))
  const release = join(cdnDir, 'mf-site', '1.0.0-a')
  put(
    join(release, 'mf-manifest.json'),
    JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
  )
  put(join(release, 'mf-stats.json'), JSON.stringify({ stats: 'x'.repeat(200) }))
  put(join(shellDir, 'mf-stats.json'), JSON.stringify({ stats: 'x'.repeat(200) }))
  // As the shell's release writes them: every route's page, robots.txt and the sitemap.
  put(join(pagesDirOf(cdnDir), pageFileName('/loanDetails')), '<!doctype html><p>details</p>')
  for (const [name, text] of Object.entries(crawlerFiles('https://www.example.com'))) {
    put(join(pagesDirOf(cdnDir), name), text)
  }
  for (const dir of [shellDir, cdnDir]) precompressDir(dir)
  cspReports = new CspReportLog(100, () => undefined)
  node = createAppServer({
    shellDir,
    cdnDir,
    registryFile: join(cdnDir, 'registry.json'),
    settings: settingsFromEnv({}),
    apiOrigin: null,
    pagesDir: pagesDirOf(cdnDir),
    cspReports,
    health: createHealthCollector({
      store: (store = new HealthStore(join(root, 'health.db'))),
      keys: KEYS,
      history: new VersionHistory(cdnDir, join(cdnDir, 'registry.json')),
    }),
  })
  const nodePort = await listenLocally(node)
  const nginxPort = await freePort()
  nginx = startNginx({
    port: nginxPort,
    prefix: join(root, 'nginx'),
    shellDir,
    cdnDir,
    apiUpstream: `http://127.0.0.1:${nodePort}`,
    apiOrigin: '',
    settings: settingsFromEnv({}),
    healthTokenSecret: SECRET,
    nginxBin: NGINX,
    stdio: 'ignore',
  })
  await waitForPort(nginxPort, nginx)
  return { nginxPort, nodePort }
}

const REGISTRY = {
  remotes: {
    mf_site: {
      version: '1.0.0-a',
      entry: '/remotes/mf-site/1.0.0-a/mf-manifest.json',
      previous: null,
      available: ['1.0.0-a'],
    },
  },
}

afterEach(async () => {
  await closeServer(node)
  node = null
  await store?.close()
  store = null
})

/** One request, the answer as sent (no decoding): status, headers, body. */
function send(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = request(
      { port, host: '127.0.0.1', path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        )
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

const COMPARED = [
  ...new Set([
    ...Object.keys(securityHeaders()),
    ...Object.keys(apiSecurityHeaders()),
    'Cache-Control',
    'X-Robots-Tag',
  ]),
].map((name) => name.toLowerCase())

/** The headers both servers must agree on; a header sent twice shows as an array, and differs. */
const compared = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(COMPARED.map((name) => [name, headers[name] ?? null]))

describe.skipIf(!existsSync(NGINX))('nginx and the Node server over the same tree', () => {
  test('send the same security headers, cache rules and status on every kind of path', async () => {
    const { nginxPort, nodePort } = await serveBoth()
    const paths = [
      '/',
      '/aboutUs',
      '/loanDetails?sessionId=abc',
      '/aboutUs/',
      '//loanDetails/?sessionId=abc',
      '/no-such-route',
      '/no-such-route/',
      '/aboutUs/extra',
      '/index.html',
      '/robots.txt',
      '/sitemap.xml',
      '/registry.json',
      '/assets/index-AbCd1234.js',
      '/remotes/mf-site/1.0.0-a/remoteEntry.js',
      '/remotes/mf-site/1.0.0-a/mf-manifest.json',
      '/assets/no-such-file.js',
      '/remotes/mf-site/1.0.0-a/no-such-file.js',
      '/remotes/registry.json',
      '/remotes/mf-site/1.0.0-a/mf-stats.json',
      '/remotes/mf-site/1.0.0-a/mf-stats.json.br',
      '/remotes/mf-site/1.0.0-a/mf-stats.json.gz',
      '/mf-stats.json',
      '/mf-stats.json.gz',
      '/.vite/manifest.json',
      '/no-such-file.js',
      '/utilities/no-such-api',
      '/api/v2/promo/no-such-api',
      CSP_REPORT_PATH,
    ]
    for (const path of paths) {
      const [fromNginx, fromNode] = await Promise.all([send(nginxPort, path), send(nodePort, path)])
      expect(fromNginx.status, path).toBe(fromNode.status)
      expect(compared(fromNginx.headers), path).toEqual(compared(fromNode.headers))
    }
    // Build stats are 404s in both, whatever encoding is asked for.
    const stats = await send(nginxPort, '/remotes/mf-site/1.0.0-a/mf-stats.json', {
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(stats.status).toBe(404)
  })

  test.each([
    ['br, gzip', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['identity', undefined],
    ['*', undefined],
  ])('Accept-Encoding %j: both send %s, from the same copy', async (accept, expected) => {
    const { nginxPort, nodePort } = await serveBoth()
    const brotli = readFileSync(join(root, 'nginx', 'nginx.conf'), 'utf8').includes('brotli_static on;')
    const encoding = expected === 'br' && !brotli ? 'gzip' : expected
    for (const path of ['/assets/index-AbCd1234.js', '/remotes/mf-site/1.0.0-a/remoteEntry.js', '/aboutUs']) {
      const headers = { 'accept-encoding': accept }
      const [fromNginx, fromNode] = await Promise.all([
        send(nginxPort, path, { headers }),
        send(nodePort, path, { headers }),
      ])
      expect(fromNginx.headers['content-encoding'], path).toBe(encoding)
      if (encoding === expected) expect(fromNode.body.equals(fromNginx.body), path).toBe(true)
      expect(fromNode.headers['content-encoding'], path).toBe(expected)
      expect(fromNginx.headers.vary, path).toBe('Accept-Encoding')
      expect(fromNode.headers.vary, path).toBe('Accept-Encoding')
    }
  })

  test('past the burst, the SMS and registration calls get a 429 in the envelope; other calls are not limited', async () => {
    const { nginxPort } = await serveBoth()
    const post = (path: string) =>
      send(nginxPort, path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'phone=9170000000',
      })
    const statuses: number[] = []
    for (let i = 0; i < 30; i += 1) {
      statuses.push(
        (await post(i % 2 ? '/api/v2/promo/promotion/get-sms' : '/api/v2/promo/promotion/register')).status,
      )
    }
    // 10 a minute with a burst of 20: the first 21 pass (a 22nd if six seconds went by), the rest wait.
    expect(statuses.slice(0, 21)).not.toContain(429)
    expect(statuses.slice(22)).toEqual(Array(8).fill(429))
    const refused = await post('/api/v2/promo/promotion/get-sms')
    expect(refused.status).toBe(429)
    expect(JSON.parse(refused.body.toString())).toEqual(TOO_MANY_REQUESTS_ENVELOPE)
    expect(refused.headers['content-type']).toMatch(/^application\/json/)
    expect(compared(refused.headers)).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    })
    // Another address's count, and every other call, are untouched.
    for (let i = 0; i < 40; i += 1) {
      expect((await post('/api/v2/promo/promotion/track-visit')).status).not.toBe(429)
    }
  })

  test('the captcha picture is limited too, with a larger burst (a borrower asks for a new one)', async () => {
    const { nginxPort } = await serveBoth()
    const statuses: number[] = []
    for (let i = 0; i < 70; i += 1) {
      statuses.push((await send(nginxPort, `/api/v2/promo/promotion/get-captcha?sid=s&a=${i}`)).status)
    }
    expect(statuses.slice(0, 61)).not.toContain(429)
    expect(statuses.slice(62)).toEqual(Array(8).fill(429))
  })

  test('a CSP report posted to nginx reaches the report upstream (here the Node server, which keeps it)', async () => {
    const { nginxPort } = await serveBoth()
    const report = {
      'csp-report': { 'document-uri': 'http://127.0.0.1/aboutUs?sessionId=s', 'blocked-uri': 'eval' },
    }
    const answer = await send(nginxPort, CSP_REPORT_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify(report),
    })
    expect(answer.status).toBe(204)
    expect(cspReports.list().map((r) => [r.documentUrl, r.blocked])).toEqual([
      ['http://127.0.0.1/aboutUs', 'eval'],
    ])
    const tooLarge = await send(nginxPort, CSP_REPORT_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: 'x'.repeat(CSP_REPORT_MAX_BYTES + 1),
    })
    expect(tooLarge.status).toBe(413)
    expect(cspReports.list()).toHaveLength(1)
  })
})

describe.skipIf(!existsSync(NGINX) || !existsSync(NJS_MODULE))('page-load tokens from nginx (njs)', () => {
  const tokenOf = (headers: IncomingHttpHeaders) => {
    const cookie = headers['set-cookie']?.[0] ?? ''
    return { cookie, token: /^hl=([^;]+)/.exec(cookie)?.[1] ?? null }
  }

  test('every page nginx sends carries a token the Node server accepts, with the same cookie attributes', async () => {
    const { nginxPort, nodePort } = await serveBoth()
    for (const [path, route] of [
      ['/', '/'],
      ['/aboutUs', '/aboutUs'],
      ['//loanDetails/?sessionId=abc', '/loanDetails'],
      ['/no-such-route', '/_shell'],
    ]) {
      const [fromNginx, fromNode] = await Promise.all([send(nginxPort, path), send(nodePort, path)])
      const nginxToken = tokenOf(fromNginx.headers)
      const nodeToken = tokenOf(fromNode.headers)
      expect(nginxToken.cookie.split(';').slice(1), path).toEqual(nodeToken.cookie.split(';').slice(1))
      expect(verifyPageLoadToken(KEYS, nginxToken.token, route), path).toMatchObject({
        loadId: expect.stringMatching(/^[0-9a-f]{32}$/),
      })
      // One client, one key, whichever server sent the page.
      expect(nginxToken.token?.split('.')[4], path).toBe(nodeToken.token?.split('.')[4])
    }
    for (const path of [
      '/assets/index-AbCd1234.js',
      '/registry.json',
      '/remotes/mf-site/1.0.0-a/remoteEntry.js',
    ]) {
      expect((await send(nginxPort, path)).headers['set-cookie'], path).toBeUndefined()
    }
  })

  test('a report through nginx with its token is stored with its page load; nginx proves itself, a client cannot', async () => {
    const { nginxPort } = await serveBoth()
    const { token } = tokenOf((await send(nginxPort, '/aboutUs')).headers)
    const report = (remotes: unknown[]) =>
      JSON.stringify({ v: 1, route: '/aboutUs', phase: 'load', remotes, vitals: [], errors: [], calls: [] })
    const mounted = { remote: 'mf_site', version: '1.0.0-a', outcome: 'mounted', phases: {} }
    const post = (headers: Record<string, string>) =>
      send(nginxPort, HEALTH_REPORT_PATH, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', cookie: `hl=${token}`, ...headers },
        body: report([mounted]),
      })
    // The page's own origin as the browser names it: nginx's address, which only nginx's word tells Node.
    const origin = `http://127.0.0.1:${nginxPort}`
    expect((await post({ origin, 'sec-fetch-site': 'same-origin' })).status).toBe(202)
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403)
    // A client's own X-Health-Proxy and X-Forwarded-Host are replaced by nginx's.
    expect(
      (
        await post({
          origin: 'https://evil.example',
          'x-forwarded-host': 'evil.example',
          'x-health-proxy': 'x',
        })
      ).status,
    ).toBe(403)
    await store!.flush()
    expect(readStoredLoads(join(root, 'health.db'))).toEqual([
      expect.objectContaining({ loadId: token!.split('.')[2], remote: 'mf_site', outcome: 'mounted' }),
    ])
  })

  test('nginx limits reports per client network itself (its key made by the token script), before Node', async () => {
    const { nginxPort } = await serveBoth()
    const { token } = tokenOf((await send(nginxPort, '/aboutUs')).headers)
    const body = JSON.stringify({
      v: 1,
      route: '/aboutUs',
      phase: 'load',
      remotes: [],
      vitals: [],
      errors: [],
      calls: [],
    })
    const answers: string[] = []
    for (let i = 0; i < 70; i += 1) {
      const response = await send(nginxPort, HEALTH_REPORT_PATH, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', cookie: `hl=${token}` },
        body,
      })
      // Node's refusal says so; nginx's own is its 429 page.
      const by =
        response.status === 202 || response.body.toString().includes('Too many reports') ? 'node' : 'nginx'
      answers.push(`${response.status} ${by}`)
    }
    // A key the script failed to make would be empty, and nginx limits no request with an empty key: every
    // refusal would then be Node's own.
    expect(answers.slice(0, 60)).toEqual(Array(60).fill('202 node'))
    expect(answers.slice(62)).toEqual(Array(8).fill('429 nginx'))
  })

  test('without njs, nginx is not started and says what to install', () => {
    expect(() =>
      prepareNginx({
        port: 1,
        prefix: join(root, 'no-njs'),
        shellDir,
        cdnDir,
        apiUpstream: 'http://127.0.0.1:9',
        apiOrigin: '',
        settings: settingsFromEnv({}),
        njsModule: join(root, 'no-such-module.so'),
      }),
    ).toThrow(/njs module is not installed .*apt-get install libnginx-mod-http-js/s)
  })
})
