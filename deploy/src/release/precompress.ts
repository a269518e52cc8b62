import { createHash } from 'node:crypto'
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs'
import { extname, relative, sep } from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { listFiles, writeAtomically } from '../files'

/**
 * Compressed copies written next to the files nginx serves (ADR 0019): `<file>.br` (brotli quality 11) and
 * `<file>.gz` (gzip level 9), the Node server's encodings, so nginx sends the same bytes with `brotli_static`
 * and `gzip_static` instead of compressing on every request at a lower level.
 */
export const PRECOMPRESSED_TYPES: ReadonlySet<string> = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.map',
])

export const ENCODINGS = {
  '.br': (raw: Buffer) => brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  '.gz': (raw: Buffer) => gzipSync(raw, { level: 9 }),
} as const

const SUFFIXES = Object.keys(ENCODINGS)

/**
 * Compressed bodies by content: every remote carries the same vendor chunks (react-dom, axios…) byte for byte,
 * and brotli 11 is what a release spends its time on.
 */
const byContent = new Map<string, Buffer>()

/** Writes (or rewrites) both compressed copies of `file`. */
export function precompressFile(file: string): void {
  const raw = readFileSync(file)
  const digest = createHash('sha256').update(raw).digest('hex')
  for (const [suffix, compress] of Object.entries(ENCODINGS)) {
    const key = suffix + digest
    const body = byContent.get(key) ?? compress(raw)
    byContent.set(key, body)
    writeAtomically(file + suffix, body)
  }
}

/**
 * The files under `dir` that get compressed copies: text types, outside dot folders (build metadata, a
 * release copy in progress: never served).
 */
function compressible(dir: string): string[] {
  return listFiles(dir).filter(
    (file) =>
      PRECOMPRESSED_TYPES.has(extname(file)) &&
      !relative(dir, file)
        .split(sep)
        .some((part) => part.startsWith('.')),
  )
}

/**
 * Gives every compressible file under `dir` its compressed copies, skipping a file whose copies are at
 * least as new as it (a folder compressed before, such as an immutable release folder); returns the files
 * compressed.
 */
export function precompressDir(dir: string): string[] {
  const done: string[] = []
  for (const file of compressible(dir)) {
    const changed = statSync(file).mtimeMs
    const fresh = SUFFIXES.every((s) => existsSync(file + s) && statSync(file + s).mtimeMs >= changed)
    if (fresh) continue
    precompressFile(file)
    done.push(file)
  }
  return done
}

/**
 * Rewrites files in `dir` with `write` (the route pages of a release or rollback) and then their compressed
 * copies. The copies go first, so that nginx never sends a new page's old copy: while the pages are being
 * written, it compresses them itself (`gzip on`).
 */
export function rewriteCompressed<T>(dir: string, write: () => T): T {
  for (const file of listFiles(dir)) {
    if (SUFFIXES.includes(extname(file)) && PRECOMPRESSED_TYPES.has(extname(file.slice(0, -3)))) {
      rmSync(file, { force: true })
    }
  }
  const result = write()
  precompressDir(dir)
  return result
}
