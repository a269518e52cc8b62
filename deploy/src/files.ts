import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { basename, dirname, join } from 'node:path'

/** Every file under `dir` (recursively), sorted; none when it does not exist. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) out.push(...listFiles(full))
    else out.push(full)
  }
  return out.sort()
}

let temps = 0

export interface WriteOptions {
  /**
   * Flushed to disk before it replaces the old file: for a file a power cut must not leave empty (the
   * registry). Pages and compressed copies skip it: the next release writes them again, and a release writes
   * hundreds of them.
   */
  durable?: boolean
}

/**
 * Writes `data` as `file` so that a reader (nginx, the Node server, another release) finds the old content or
 * the new, never half of one, and a write that fails leaves the old content and no temp file behind. The bytes
 * go to a dot file beside it (the same file system, so the rename is atomic; neither server sends a dot name)
 * that is then renamed over it.
 */
export function writeAtomically(file: string, data: string | Uint8Array, options: WriteOptions = {}): void {
  mkdirSync(dirname(file), { recursive: true })
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${++temps}.tmp`)
  try {
    const fd = openSync(temp, 'w')
    try {
      writeFileSync(fd, data)
      if (options.durable) fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(temp, file)
  } catch (error) {
    rmSync(temp, { force: true })
    throw error
  }
}
