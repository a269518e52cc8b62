import { existsSync, readFileSync, statSync } from 'node:fs'

const builtFiles = new Map<string, { version: string; value: unknown }>()

/**
 * A file's content through `parse`, read again only when the file changes (a rebuild, or a release renaming
 * a new registry into place), so a page request costs a `stat` per file, not a read and a parse; null when
 * the file is missing.
 */
export function readBuilt<T>(file: string, parse: (text: string) => T): T | null {
  if (!existsSync(file)) return null
  const { ino, mtimeMs, size } = statSync(file)
  const version = `${ino}:${mtimeMs}:${size}`
  const cached = builtFiles.get(file)
  if (cached?.version === version) return cached.value as T
  const value = parse(readFileSync(file, 'utf8'))
  builtFiles.set(file, { version, value })
  return value
}
