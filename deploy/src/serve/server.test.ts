import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { request, type Server } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import { TOO_LARGE_ENVELOPE } from 'shared/config/demo-api'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { CSP_REPORT_MAX_BYTES, CspReportLog } from './csp-reports'
import { createHealthCollector, HEALTH_REPORT_PATH } from '../health/health-collector'
import { readStoredLoads } from '../health/health-db'
import { HealthStore } from '../health/health-store'
import { VersionHistory } from '../health/version-history'
import { DEPLOY_DIR } from '../paths'
import { CSP_REPORT_PATH, FILE_CSP, HSTS, PERMISSIONS_POLICY } from '../security-headers'
import { createAppServer, IMMUTABLE, type ServerOptions } from './server'
import { settingsFromEnv } from '../settings'
import { PICTURE_CACHE, SHELL_PICTURES } from '../pages/page-head'
import { closeServer, listenLocally } from '../testing/local-server'
import { PRODUCTION_ENV } from '../testing/production-env'

let work: string
let shellDir: string
let cdnDir: string
let registryFile: string
let server: Server | null = null
const SITE = '/remotes/mf-site/1.0.0-abc'

const INDEX_HTML =
  '<!doctype html><html><head><script type="application/json" id="app-settings">{}</script>' +
  '<script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>'

function entry(remote: string, version: string) {
  return {
    version,
    entry: `/remotes/${remote}/${version}/mf-manifest.json`,
    previous: null,
    available: [version],
  }
}

const REGISTRY = { remotes: { mf_site: entry('mf-site', '1.0.0-abc') } }

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'server-'))
  shellDir = join(work, 'shell')
  cdnDir = join(work, 'cdn')
  registryFile = join(cdnDir, 'registry.json')
  mkdirSync(join(shellDir, '.vite'), { recursive: true })
  mkdirSync(join(shellDir, 'assets'))
  writeFileSync(join(shellDir, 'index.html'), INDEX_HTML)
  writeFileSync(join(shellDir, 'assets', 'index-1.js'), 'export {}')
  writeFileSync(join(shellDir, '.vite', 'manifest.json'), '{}')
  const release = join(cdnDir, 'mf-site', '1.0.0-abc')
  mkdirSync(join(release, '.vite'), { recursive: true })
  writeFileSync(
    join(release, 'mf-manifest.json'),
    JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
  )
  writeFileSync(join(release, 'remoteEntry.js'), 'export {}')
  writeFileSync(join(release, 'mf-stats.json'), '{}')
  writeFileSync(join(release, '.vite', 'manifest.json'), '{}')
  writeFileSync(registryFile, JSON.stringify(REGISTRY))
})

afterEach(async () => {
  await closeServer(server)
  server = null
  rmSync(work, { recursive: true, force: true })
})

async function start(options: ServerOptions = {}): Promise<number> {
  server = createAppServer({ shellDir, cdnDir, registryFile, ...options })
  return listenLocally(server)
}

async function get(port: number, path: string) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`)
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** Writes `text` on a raw socket; resolves with all it receives once the server closes it (or `waitMs`). */
function raw(port: number, text: string, waitMs = 2000): Promise<{ answer: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text))
    let answer = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (answer += chunk))
    socket.on('error', () => undefined)
    const timer = setTimeout(() => {
      socket.destroy()
      resolve({ answer, closed: false })
    }, waitMs)
    socket.on('close', () => {
      clearTimeout(timer)
      resolve({ answer, closed: true })
    })
  })
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1])

test('malformed requests get a 4xx and the same server keeps serving', async () => {
  const port = await start()
  const requests: [string, number][] = [
    ['GET // HTTP/1.1\r\nHost: localhost\r\n\r\n', 400],
    ['GET /// HTTP/1.1\r\nHost: localhost\r\n\r\n', 400],
    ['GET / HTTP/1.1\r\nHost: [::\r\n\r\n', 400],
    ['GET / HTTP/1.1\r\nHost: a/b\r\n\r\n', 400],
    ['GET * HTTP/1.1\r\nHost: localhost\r\n\r\n', 400],
    [`GET /${'a'.repeat(10_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`, 414],
    [`GET /${'a'.repeat(100_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`, 431],
    ['GET /%E0%A4%A HTTP/1.1\r\nHost: localhost\r\n\r\n', 400],
  ]
  for (const [text, status] of requests) {
    const { answer } = await raw(port, text.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'))
    expect(statusOf(answer), text.slice(0, 40)).toBe(status)
  }
  expect((await get(port, '/aboutUs')).status).toBe(200)
})

test('repeated slashes are merged as nginx merges them: a //deep link gets its route page, on this origin', async () => {
  const port = await start()
  const deep = await raw(
    port,
    'GET //complaint?sessionId=abc HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
  )
  expect(statusOf(deep.answer)).toBe(200)
  const page = await get(port, '/complaint')
  expect(deep.answer).toContain(/id="mf-preload">[^<]*/.exec(page.text)![0])
  const foreign = await raw(
    port,
    'GET //evil.example/x HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
  )
  // The path /evil.example/x, which names no page: the not-found page, on this origin.
  expect(statusOf(foreign.answer)).toBe(404)
  expect(foreign.answer).not.toContain('evil.example')
})

/** POSTs to the demo API without ending the body; resolves with the answer the server sends meanwhile. */
function postWithoutEnding(port: number, headers: Record<string, string>, bytes: number) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/utilities/user-problem/upload-problem-img',
        headers,
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => {
          req.destroy()
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) })
        })
      },
    )
    req.on('error', reject)
    const chunk = Buffer.alloc(1024 * 1024, 7)
    for (let sent = 0; sent < bytes; sent += chunk.length) req.write(chunk)
  })
}

test('a 10 MB body to the demo API is refused 413 as it arrives, never waited for whole', async () => {
  const port = await start()
  const tenMb = 10 * 1024 * 1024
  // Declared: refused on the headers, with 1 of its 10 MB sent.
  expect(await postWithoutEnding(port, { 'Content-Length': String(tenMb) }, 1024 * 1024)).toEqual({
    status: 413,
    body: TOO_LARGE_ENVELOPE,
  })
  // Streamed (chunked, no length): refused once past the limit, with 4 of its 10 MB sent.
  expect(await postWithoutEnding(port, {}, 4 * 1024 * 1024)).toEqual({
    status: 413,
    body: TOO_LARGE_ENVELOPE,
  })
  expect((await get(port, '/aboutUs')).status).toBe(200)
})

test('a client that stalls in its headers or its body is answered 408 and its connection freed', async () => {
  const port = await start({ timeouts: { headersMs: 300, requestMs: 600, checkIntervalMs: 100 } })
  const started = Date.now()
  const [headers, body] = await Promise.all([
    raw(port, 'GET / HTTP/1.1\r\nHost: localhost\r\n', 3000),
    raw(port, 'POST /utilities/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n0123456789', 3000),
  ])
  for (const stalled of [headers, body]) {
    expect(stalled.closed).toBe(true)
    expect(statusOf(stalled.answer)).toBe(408)
  }
  expect(Date.now() - started).toBeLessThan(2000)
  expect((await get(port, '/aboutUs')).status).toBe(200)
})

test('an error that escapes a request is logged and the process keeps serving', async () => {
  // A process of its own: the guard must stop an uncaught exception from ending it.
  const script = `
    import { createAppServer, guardProcess } from './src/serve/server.ts'
    guardProcess()
    const server = createAppServer({ shellDir: ${JSON.stringify(shellDir)}, cdnDir: ${JSON.stringify(cdnDir)} })
    server.listen(0, '127.0.0.1', () => {
      setTimeout(() => { throw new Error('escaped') })
      Promise.reject(new Error('unawaited'))
      setTimeout(() => console.log('port', server.address().port), 50)
    })`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: DEPLOY_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  try {
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const match = /port (\d+)/.exec(chunk.toString())
        if (match) resolve(Number(match[1]))
      })
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)))
    })
    expect((await get(port, '/aboutUs')).status).toBe(200)
    expect(stderr).toContain('escaped')
    expect(stderr).toContain('unawaited')
  } finally {
    child.kill()
  }
  // A process of its own that starts TypeScript: seconds on a busy machine.
}, 20_000)

/** The JSON of a page's `<script type="application/json" id="…">` block. */
function block(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(html)
  return match ? JSON.parse(match[1]) : undefined
}

test.each([
  ['not JSON', '{"remotes": {"mf_site": ', false],
  ['not an object', '[]', false],
  ['without entries', '{}', false],
  [
    'with an entry without its manifest URL',
    JSON.stringify({
      remotes: { ...REGISTRY.remotes, mf_complaint: { version: '1.0.0-x', previous: null } },
    }),
    true,
  ],
])('a registry file %s: every page still renders, carrying what could be read', async (_, text, siteRead) => {
  writeFileSync(registryFile, text)
  const port = await start()
  // A page carries its own remote's entry when it could be read; the complaint entry never can, the test
  // page has no remote.
  const site = siteRead ? REGISTRY : null
  const expected = { '/': site, '/complaint': null, '/testPreview': null, '/aboutUs': site }
  for (const [path, inline] of Object.entries(expected)) {
    const page = await get(port, path)
    expect(page.status, path).toBe(200)
    expect((block(page.text, 'mf-preload') as { registry: unknown }).registry, path).toEqual(inline)
  }
  // A registry with the remote's entry still preloads it.
  const about = await get(port, '/aboutUs')
  expect(about.text.includes(`${SITE}/remoteEntry.js`)).toBe(siteRead)
})

test('settings and registry values reach the page byte for byte, `$&` and `</script>` included', async () => {
  const tricky = "$& $` $' $$ $1 </script><script>alert(1)</script> </head>"
  const registry = { remotes: { mf_site: { ...REGISTRY.remotes.mf_site, version: tricky } } }
  writeFileSync(registryFile, JSON.stringify(registry))
  const port = await start({ settings: { name: tricky, servicePhone: '$&' } })
  const page = await get(port, '/aboutUs')
  expect(block(page.text, 'app-settings')).toEqual({ name: tricky, servicePhone: '$&' })
  expect((block(page.text, 'mf-preload') as { registry: unknown }).registry).toEqual(registry)
  expect(page.text.match(/<\/head>/g)).toHaveLength(1)
  expect(page.text).not.toContain('<script>alert(1)')
})

test('the CDN serves version folders only: no registry, temp copy, build stats or .vite files', async () => {
  const port = await start()
  mkdirSync(join(cdnDir, 'mf-site', '.incoming-2.0.0-x-1'))
  writeFileSync(join(cdnDir, 'mf-site', '.incoming-2.0.0-x-1', 'mf-manifest.json'), '{}')
  writeFileSync(join(cdnDir, '.1.registry.tmp'), '{}')
  expect((await get(port, `${SITE}/mf-manifest.json`)).status).toBe(200)
  for (const path of [
    '/remotes/registry.json',
    '/remotes/.1.registry.tmp',
    '/remotes/mf-site/.incoming-2.0.0-x-1/mf-manifest.json',
    `${SITE}/.vite/manifest.json`,
    `${SITE}/%2Evite/manifest.json`,
    `${SITE}/mf-stats.json`,
    '/remotes/mf-site%2F..%2Fregistry.json',
    '/.vite/manifest.json',
  ]) {
    const response = await get(port, path)
    expect(response.status, path).toBe(404)
    expect(response.headers.get('cache-control'), path).toBe('no-cache')
  }
  expect((await get(port, '/registry.json')).status).toBe(200)
})

test("the shell's icons are kept a day, a hashed file a year, another root file revalidated", async () => {
  for (const path of SHELL_PICTURES) writeFileSync(join(shellDir, path.slice(1)), 'picture')
  writeFileSync(join(shellDir, 'first-call.js'), '0')
  const port = await start()
  for (const path of SHELL_PICTURES) {
    expect((await get(port, path)).headers.get('cache-control'), path).toBe(PICTURE_CACHE)
  }
  expect((await get(port, '/assets/index-1.js')).headers.get('cache-control')).toBe(IMMUTABLE)
  expect((await get(port, '/first-call.js')).headers.get('cache-control')).toBe('no-cache')
})

test("pages allow images from the deploy's image hosts, over HTTPS only", async () => {
  const port = await start({ settings: { imageHosts: ['img.cashloan.ph', '*.cdn.example.com'] } })
  for (const path of ['/', '/complaint']) {
    const csp = (await get(port, path)).headers.get('content-security-policy')
    expect(csp, path).toContain(
      "img-src 'self' data: blob: https://img.cashloan.ph https://*.cdn.example.com;",
    )
  }
})

test('pages frame documents from the link allow-list only, over HTTPS; the demo also from its second origin (ADR 0034)', async () => {
  const frameSrc = async (settings: Record<string, unknown>) => {
    const port = await start({ settings })
    const csp = (await get(port, '/loanConfirm')).headers.get('content-security-policy') ?? ''
    await closeServer(server)
    server = null
    return /(?:^|; )frame-src ([^;]*)/.exec(csp)?.[1]
  }
  expect(await frameSrc({ allowedHosts: [] })).toBe("'self'")
  expect(await frameSrc({ allowedHosts: ['contracts.cashloan.ph', '*.lender.example.com'] })).toBe(
    "'self' https://contracts.cashloan.ph https://*.lender.example.com",
  )
  expect(await frameSrc(settingsFromEnv({}))).toBe(
    "'self' https://pay.cashloan-demo.ph https://contracts.cashloan-demo.ph https://partners.cashloan-demo.ph http://localhost:* http://127.0.0.1:*",
  )
  expect(await frameSrc(settingsFromEnv({ ...PRODUCTION_ENV, ALLOWED_HOSTS: 'docs.lender.ph' }))).toBe(
    "'self' https://docs.lender.ph",
  )
})

test('the demo API names its second origin from the address the browser asked for, also through nginx (X-Forwarded-Host)', async () => {
  const port = await start()
  // node:http, which sends the Host it is given (fetch sets its own).
  const agreementUrl = (headers: Record<string, string>) =>
    new Promise<string>((resolve, reject) => {
      const path = '/utilities/v3/loan-confirm/loan-detail-confirm'
      const type = { 'content-type': 'application/x-www-form-urlencoded' }
      request({ port, host: '127.0.0.1', path, method: 'POST', headers: { ...type, ...headers } }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () =>
          resolve((JSON.parse(body) as { data: { popAgreementUrl: string } }).data.popAgreementUrl),
        )
      })
        .on('error', reject)
        .end('productId=2')
    })
  expect(await agreementUrl({})).toBe(`http://localhost:${port}/utilities/demo-documents/loan-agreement`)
  // nginx sends Host without the port ($host) and the browser's address as X-Forwarded-Host.
  expect(await agreementUrl({ host: '127.0.0.1', 'x-forwarded-host': 'localhost:4320' })).toBe(
    'http://127.0.0.1:4320/utilities/demo-documents/loan-agreement',
  )
  expect(await agreementUrl({ 'x-forwarded-host': 'a.example/x' })).toBe(
    `http://localhost:${port}/utilities/demo-documents/loan-agreement`,
  )
  // A scheme nginx forwards (the render service's, behind TLS) is the page's; anything else is http.
  expect(
    await agreementUrl({
      host: '127.0.0.1',
      'x-forwarded-host': 'localhost:4320',
      'x-forwarded-proto': 'https',
    }),
  ).toBe('https://127.0.0.1:4320/utilities/demo-documents/loan-agreement')
  expect(
    await agreementUrl({
      host: '127.0.0.1',
      'x-forwarded-host': 'localhost:4320',
      'x-forwarded-proto': 'gopher',
    }),
  ).toBe('http://127.0.0.1:4320/utilities/demo-documents/loan-agreement')
  const document = await get(port, '/utilities/demo-documents/loan-agreement')
  expect(document.status).toBe(200)
  expect(document.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(document.headers.get('x-frame-options')).toBeNull()
  expect(document.text).toContain('<h1>Loan Agreement</h1>')
})

/** A GET with `accept-encoding` as given (fetch would add its own); the raw body, undecoded. */
function getRaw(port: number, path: string, acceptEncoding?: string) {
  return new Promise<{
    status: number
    headers: Record<string, string | string[] | undefined>
    body: Buffer
  }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }
    request({ port, host: '127.0.0.1', path, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
      .on('error', reject)
      .end()
  })
}

test.each([
  ['br, gzip', 'br'],
  ['gzip, deflate, br', 'br'],
  ['BR;q=0.5, gzip', 'br'],
  ['br;q=0, gzip', 'gzip'],
  ['br; q=0.000, gzip', 'gzip'],
  ['gzip;q=0, br;q=0', 'plain'],
  ['gzip;q=0', 'plain'],
  ['identity', 'plain'],
  ['*', 'plain'],
  ['', 'plain'],
  [undefined, 'plain'],
])('Accept-Encoding %j gets %s, as nginx answers it', async (accept, expected) => {
  const port = await start()
  const res = await getRaw(port, `${SITE}/remoteEntry.js`, accept)
  expect(res.status).toBe(200)
  expect(res.headers['content-encoding'] ?? 'plain').toBe(expected)
  expect(res.headers.vary).toBe('Accept-Encoding')
  if (expected === 'plain') expect(res.body.toString()).toBe('export {}')
})

test("a file's compressed copies written by the release are sent as they are, not compressed again", async () => {
  const release = join(cdnDir, 'mf-site', '1.0.0-abc')
  const js = `export const screen = "${'screen '.repeat(200)}"\n`
  writeFileSync(join(release, 'remoteEntry.js'), js)
  // Levels the server never uses itself: only the copies can give these bytes.
  const br = brotliCompressSync(js, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } })
  const gz = gzipSync(js, { level: 1 })
  writeFileSync(join(release, 'remoteEntry.js.br'), br)
  writeFileSync(join(release, 'remoteEntry.js.gz'), gz)
  const port = await start()
  const viaBr = await getRaw(port, `${SITE}/remoteEntry.js`, 'br, gzip')
  expect(viaBr.headers['content-encoding']).toBe('br')
  expect(viaBr.headers['content-length']).toBe(String(br.length))
  expect(viaBr.body.equals(br)).toBe(true)
  const viaGz = await getRaw(port, `${SITE}/remoteEntry.js`, 'gzip')
  expect(viaGz.body.equals(gz)).toBe(true)
  // A copy older than its file (the file rebuilt since) is not the file: compressed here instead.
  writeFileSync(join(release, 'remoteEntry.js'), `${js}// rebuilt\n`)
  utimesSync(join(release, 'remoteEntry.js.br'), new Date(2000, 0), new Date(2000, 0))
  const stale = await getRaw(port, `${SITE}/remoteEntry.js`, 'br')
  expect(brotliDecompressSync(stale.body).toString()).toBe(`${js}// rebuilt\n`)
})

test('build stats are never served, nor their compressed copies, from the CDN or the shell', async () => {
  const release = join(cdnDir, 'mf-site', '1.0.0-abc')
  for (const dir of [release, shellDir]) {
    for (const name of ['mf-stats.json', 'mf-stats.json.br', 'mf-stats.json.gz']) {
      writeFileSync(join(dir, name), '{}')
    }
  }
  const port = await start()
  for (const path of [
    `${SITE}/mf-stats.json`,
    `${SITE}/mf-stats.json.br`,
    `${SITE}/mf-stats.json.gz`,
    '/mf-stats.json',
    '/mf-stats.json.br',
    '/mf-stats.json.gz',
  ]) {
    expect((await get(port, path)).status, path).toBe(404)
  }
  // What was asked for by its encoding is not served through the copy either.
  expect((await getRaw(port, `${SITE}/mf-stats.json`, 'br, gzip')).status).toBe(404)
})

test("the API's answers are never sniffed and send no referrer, as nginx sends them", async () => {
  const port = await start()
  for (const path of ['/utilities/no-such-api', '/api/v2/promo/no-such-api']) {
    const res = await get(port, path)
    expect(res.status, path).toBe(404)
    expect(res.headers.get('x-content-type-options'), path).toBe('nosniff')
    expect(res.headers.get('referrer-policy'), path).toBe('no-referrer')
    expect(res.headers.get('strict-transport-security'), path).toBe(HSTS)
    expect(res.headers.get('cache-control'), path).toBe('no-store')
  }
})

/** POSTs `body` as `type` to the report endpoint. */
async function postReport(port: number, type: string, body: string | Uint8Array, method = 'POST') {
  const response = await fetch(`http://127.0.0.1:${port}${CSP_REPORT_PATH}`, {
    method,
    headers: { 'content-type': type },
    body: method === 'GET' ? undefined : typeof body === 'string' ? body : Buffer.from(body),
  })
  return { status: response.status, headers: response.headers }
}

test('CSP violation reports are recorded from both report formats, without the query that holds the session', async () => {
  const cspReports = new CspReportLog(100, () => undefined)
  const port = await start({ cspReports })
  const legacy = {
    'csp-report': {
      'document-uri': 'http://localhost/complaint?sessionId=secret#x',
      'violated-directive': 'img-src',
      'effective-directive': 'img-src',
      'blocked-uri': 'http://evil.example/p.png?token=1',
      'source-file': 'http://localhost/assets/index-1.js',
      'line-number': 12,
    },
  }
  expect((await postReport(port, 'application/csp-report', JSON.stringify(legacy))).status).toBe(204)
  const batch = [
    {
      type: 'csp-violation',
      url: 'http://localhost/loanDetails?sessionId=secret',
      body: {
        documentURL: 'http://localhost/loanDetails?sessionId=secret',
        effectiveDirective: 'script-src-elem',
        blockedURL: 'inline',
        disposition: 'enforce',
      },
    },
    { type: 'deprecation', body: { id: 'x' } },
  ]
  const answer = await postReport(port, 'application/reports+json', JSON.stringify(batch))
  expect(answer.status).toBe(204)
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
  expect(cspReports.list().map(({ at: _at, ...report }) => report)).toEqual([
    {
      documentUrl: 'http://localhost/complaint',
      directive: 'img-src',
      blocked: 'http://evil.example/p.png',
      sourceFile: 'http://localhost/assets/index-1.js',
      line: 12,
      disposition: 'enforce',
    },
    {
      documentUrl: 'http://localhost/loanDetails',
      directive: 'script-src-elem',
      blocked: 'inline',
      sourceFile: '',
      line: null,
      disposition: 'enforce',
    },
  ])
  expect(JSON.stringify(cspReports.list())).not.toContain('secret')
})

test('the report endpoint refuses what is not a report, and keeps a bounded number', async () => {
  const lines: string[] = []
  const cspReports = new CspReportLog(3, (line) => lines.push(line))
  const port = await start({ cspReports })
  const one = JSON.stringify({ 'csp-report': { 'document-uri': 'http://localhost/', 'blocked-uri': 'eval' } })
  expect((await postReport(port, 'application/csp-report', one, 'GET')).status).toBe(405)
  expect((await postReport(port, 'text/plain', one)).status).toBe(415)
  expect((await postReport(port, 'application/csp-report', '{"csp-report": ')).status).toBe(400)
  expect((await postReport(port, 'application/csp-report', '[]')).status).toBe(400)
  const large = JSON.stringify({ 'csp-report': { 'script-sample': 'x'.repeat(CSP_REPORT_MAX_BYTES) } })
  expect((await postReport(port, 'application/csp-report', large)).status).toBe(413)
  for (let i = 0; i < 5; i += 1) {
    const report = JSON.stringify({ 'csp-report': { 'document-uri': `http://localhost/p${i}` } })
    expect((await postReport(port, 'application/csp-report', report)).status).toBe(204)
  }
  expect(cspReports.list().map((r) => r.documentUrl)).toEqual([
    'http://localhost/p2',
    'http://localhost/p3',
    'http://localhost/p4',
  ])
  expect(lines).toHaveLength(5)
  expect((await get(port, '/aboutUs')).status).toBe(200)
})

test('documents carry HSTS, Permissions-Policy, COOP and the report endpoint; files and errors only what a file needs', async () => {
  const port = await start()
  for (const path of ['/', '/aboutUs', '/no-such-route']) {
    const headers = (await get(port, path)).headers
    expect(headers.get('strict-transport-security'), path).toBe(HSTS)
    expect(headers.get('permissions-policy'), path).toBe(PERMISSIONS_POLICY)
    expect(headers.get('cross-origin-opener-policy'), path).toBe('same-origin')
    expect(headers.get('reporting-endpoints'), path).toBe(`csp="${CSP_REPORT_PATH}"`)
    expect(headers.get('content-security-policy'), path).toContain(`report-uri ${CSP_REPORT_PATH}`)
  }
  // A file opened as a document is sandboxed and loads nothing; the rest acts on documents only (ADR 0025).
  for (const path of [`${SITE}/remoteEntry.js`, '/registry.json', '/no-such-file.js']) {
    const headers = (await get(port, path)).headers
    expect(headers.get('strict-transport-security'), path).toBe(HSTS)
    expect(headers.get('x-content-type-options'), path).toBe('nosniff')
    expect(headers.get('content-security-policy'), path).toBe(FILE_CSP)
    for (const name of ['permissions-policy', 'cross-origin-opener-policy', 'reporting-endpoints']) {
      expect(headers.get(name), `${path} ${name}`).toBeNull()
    }
  }
})

const KEYS = { secret: 'server-test-secret-0123456789abcdefgh', maxAgeSeconds: 3600 }
const collectorOf = (store: HealthStore, perMinute?: number) =>
  createHealthCollector({ store, keys: KEYS, history: new VersionHistory(cdnDir, registryFile), perMinute })

/** What a browser keeps of a response's Set-Cookie: `name=value`, or null without one. */
const cookieOf = (headers: Headers) => headers.get('set-cookie')?.split(';')[0] ?? null

/** The load report of an /aboutUs page: its remote mounted. */
const REPORT = {
  v: 1,
  route: '/aboutUs',
  phase: 'load',
  remotes: [{ remote: 'mf_site', version: '1.0.0-abc', outcome: 'mounted', phases: {} }],
  vitals: [],
  errors: [],
  calls: [],
}

test('every page the app server sends carries its page-load token, for the health endpoint only; files and the API none', async () => {
  const store = new HealthStore(join(work, 'health-pages.db'))
  const port = await start({ health: collectorOf(store), settings: { healthEndpoint: '/telemetry/r' } })
  for (const path of ['/', '/aboutUs/', '/no-such-route', '/testPreview']) {
    const page = await get(port, path)
    expect(page.headers.get('set-cookie'), path).toMatch(
      /^hl=v1\.\d+\.[0-9a-f]{32}\.[\w-]+\.[0-9a-f]{16}\.[\w-]{43}; Path=\/telemetry\/r; Max-Age=3600; HttpOnly; SameSite=Strict$/,
    )
  }
  for (const path of [`${SITE}/remoteEntry.js`, '/registry.json', '/assets/index-1.js', '/utilities/x']) {
    expect((await get(port, path)).headers.get('set-cookie') ?? '', path).not.toMatch(/\bhl=/)
  }
  await store.close()
  server?.close()
  // Without a collector (or with reports off) no page gets one.
  const bare = await start()
  expect((await get(bare, '/aboutUs')).headers.get('set-cookie')).toBeNull()
})

test('health reports posted to the app server reach its collector with their page load; without one the path is nothing special', async () => {
  const file = join(work, 'health.db')
  const store = new HealthStore(file)
  const port = await start({ health: collectorOf(store) })
  const send = (cookie: string | null) =>
    fetch(`http://127.0.0.1:${port}${HEALTH_REPORT_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(REPORT),
    })
  expect((await send(null)).status).toBe(403)
  const response = await send(cookieOf((await get(port, '/aboutUs')).headers))
  expect(response.status).toBe(202)
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  await store.close()
  expect(readStoredLoads(file).map((l) => [l.remote, l.version, l.outcome])).toEqual([
    ['mf_site', '1.0.0-abc', 'mounted'],
  ])
})

test("the app server limits each client to its collector's rate", async () => {
  const file = join(work, 'health-limited.db')
  const store = new HealthStore(file)
  const port = await start({ health: collectorOf(store, 2) })
  const report = REPORT
  const cookie = cookieOf((await get(port, '/aboutUs')).headers)!
  const statuses: number[] = []
  for (let i = 0; i < 3; i++) {
    const response = await fetch(`http://127.0.0.1:${port}${HEALTH_REPORT_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify(report),
    })
    statuses.push(response.status)
  }
  expect(statuses).toEqual([202, 202, 429])
  await store.close()
  // One page load's two reports.
  expect(readStoredLoads(file)).toMatchObject([{ reports: 2 }])
})
