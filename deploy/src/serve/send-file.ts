import { createReadStream, readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname } from 'node:path'
import { pipeline } from 'node:stream'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'

/** Sending a file as nginx does: its type, the encoding the client accepts, the release's compressed copy. */

export const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  // robots.txt and sitemap.xml, as nginx's mime.types and charset_types send them.
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'text/xml',
}

/** Response headers: a header sent more than once (two cookies) is a list. */
export type Headers = Record<string, string | string[]>

export function send(res: ServerResponse, status: number, headers: Headers, body: string | Buffer) {
  res.writeHead(status, headers)
  res.end(body)
}

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map'])

type Encoding = 'br' | 'gzip'

/** The copy the release writes beside a file in each encoding (ADR 0019, deploy/src/release/precompress.ts). */
const COPY_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' }

/**
 * The encoding to send for an `Accept-Encoding` header, as nginx's brotli_static and gzip_static choose:
 * brotli when it is listed with a q above 0, else gzip the same way, else none. Names are case-insensitive;
 * `*` and other codings are not taken (the plain body is always acceptable unless `identity;q=0`, which
 * neither server honours).
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Set<string>()
  for (const item of String(header ?? '').split(',')) {
    const [name, ...params] = item.split(';').map((part) => part.trim().toLowerCase())
    const q = params.map((param) => /^q=([0-9.]+)$/.exec(param)?.[1]).find((value) => value !== undefined)
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name)
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null
}

/** The release's compressed copy of `file`, when there is one at least as new as the file. */
function copyOf(file: string, encoding: Encoding): { path: string; size: number } | null {
  const path = file + COPY_SUFFIX[encoding]
  try {
    const copy = statSync(path)
    return copy.isFile() && copy.mtimeMs >= statSync(file).mtimeMs ? { path, size: copy.size } : null
  } catch {
    return null
  }
}

/** Compressed bodies of files without copies (the registry, a dev build): at most this many bytes kept. */
const COMPRESSED_CACHE_BYTES = 32 * 1024 * 1024

export interface CompressedCache {
  bodies: Map<string, Buffer>
  bytes: number
}

/**
 * A file without a copy compressed here, once per modification time (the registry changes at every release:
 * the oldest bodies are dropped past COMPRESSED_CACHE_BYTES).
 */
function compressed(cache: CompressedCache, file: string, encoding: Encoding): Buffer {
  const key = `${encoding}:${file}:${statSync(file).mtimeMs}`
  let body = cache.bodies.get(key)
  if (!body) {
    const raw = readFileSync(file)
    body =
      encoding === 'br'
        ? brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })
        : gzipSync(raw, { level: 9 })
    cache.bodies.set(key, body)
    cache.bytes += body.length
    for (const [old, oldBody] of cache.bodies) {
      if (cache.bytes <= COMPRESSED_CACHE_BYTES) break
      cache.bodies.delete(old)
      cache.bytes -= oldBody.length
    }
  }
  return body
}

/** Streams `file`; a file that goes away mid-read (a rebuild) or a client that leaves ends this answer only. */
function stream(res: ServerResponse, file: string) {
  pipeline(createReadStream(file), res, (error) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') console.error('[server]', file, error.message)
  })
}

/**
 * Sends `file` as nginx does: in the encoding the client accepts, from the release's compressed copy when
 * there is one, else compressed here once; `Vary: Accept-Encoding` on every text file.
 */
export function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  headers: Headers,
  cache: CompressedCache,
) {
  const type = TYPES[extname(file)] ?? 'application/octet-stream'
  const text = COMPRESSIBLE.has(extname(file))
  const head = { ...headers, 'Content-Type': type, ...(text ? { Vary: 'Accept-Encoding' } : {}) }
  const encoding = text ? acceptedEncoding(req.headers['accept-encoding']) : null
  if (encoding) {
    const copy = copyOf(file, encoding)
    const body = copy ? null : compressed(cache, file, encoding)
    res.writeHead(200, {
      ...head,
      'Content-Encoding': encoding,
      'Content-Length': String(copy ? copy.size : body!.length),
    })
    if (req.method === 'HEAD') res.end()
    else if (copy) stream(res, copy.path)
    else res.end(body)
    return
  }
  res.writeHead(200, { ...head, 'Content-Length': String(statSync(file).size) })
  if (req.method === 'HEAD') res.end()
  else stream(res, file)
}
