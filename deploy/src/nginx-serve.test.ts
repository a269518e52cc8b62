import type { ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { BROTLI_STATIC_MODULE, startNginx, waitForPort } from './nginx-serve'
import { precompressDir } from './precompress'
import { pageFileName, pagesDirOf } from './route-pages'
import { settingsFromEnv } from './settings'

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx'
const SHELL_INDEX =
  '<!doctype html><html><head><script type="application/json" id="app-settings">{}</script></head><body></body></html>'

let root: string
let nginx: ChildProcess | null = null

/** A port nobody listens on now (the kernel's pick), for nginx to take. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
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
