import type { IncomingMessage } from 'node:http'

/**
 * Reads a small POST body (a report) of at most `maxBytes`: `done(text)` with the body, or `done(null)` when it
 * was larger, whether it said so in Content-Length or only sent more. Past the limit nothing more is kept.
 * A request that errors destroys `onError`'s response.
 */
export function readCappedBody(
  req: IncomingMessage,
  maxBytes: number,
  done: (body: string | null) => void,
  onError: () => void,
): void {
  if (Number(req.headers['content-length']) > maxBytes) {
    req.resume()
    done(null)
    return
  }
  const chunks: Buffer[] = []
  let size = 0
  req.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size <= maxBytes) chunks.push(chunk)
    else chunks.length = 0
  })
  req.on('error', onError)
  req.on('end', () => done(size > maxBytes ? null : Buffer.concat(chunks).toString('utf8')))
}

/** A request's media type, lower-cased, without parameters. */
export function mediaType(req: IncomingMessage): string {
  return String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase()
}
