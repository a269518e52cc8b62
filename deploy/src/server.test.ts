import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TOO_LARGE_ENVELOPE } from 'shared/config/demo-api'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { DEPLOY_DIR } from './paths'
import { createAppServer, type ServerOptions } from './server'

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
  if (server) {
    server.closeAllConnections()
    await new Promise((resolve) => server!.close(resolve))
    server = null
  }
  rmSync(work, { recursive: true, force: true })
})

async function start(options: ServerOptions = {}): Promise<number> {
  server = createAppServer({ shellDir, cdnDir, registryFile, ...options })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
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
  expect(statusOf(foreign.answer)).toBe(200)
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
    import { createAppServer, guardProcess } from './src/server.ts'
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

test("pages allow images from the deploy's image hosts, over HTTPS only", async () => {
  const port = await start({ settings: { imageHosts: ['img.cashloan.ph', '*.cdn.example.com'] } })
  for (const path of ['/', '/complaint', `${SITE}/remoteEntry.js`]) {
    const csp = (await get(port, path)).headers.get('content-security-policy')
    expect(csp, path).toContain(
      "img-src 'self' data: blob: https://img.cashloan.ph https://*.cdn.example.com;",
    )
  }
})
