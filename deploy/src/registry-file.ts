import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { parseRegistry, type Registry, type RegistryEntry, type RemotePointer } from 'shared/registry'
import { readBuilt } from './built-file'

export type RegistryDoc = Registry
export type { RegistryEntry }
export type Pointer = RemotePointer

/**
 * A registry file that is not a registry at all (not JSON, not an object, `remotes` not an object). The
 * release tools refuse to write over it: rebuilding it from what they could read would drop every other
 * remote's pointer (ADR 0011).
 */
export class RegistryFileError extends Error {
  constructor(file: string, reason: string) {
    super(
      `${file} is not a valid registry (${reason}). Nothing was changed: writing a new one would drop the ` +
        `other remotes' pointers. Pages meanwhile use the registry baked into the shell build. Fix the file ` +
        `or restore it from a backup, then run the command again.`,
    )
    this.name = 'RegistryFileError'
  }
}

type Raw = { raw: Record<string, unknown> } | { problem: string }

/** The file's JSON when it has a registry's shape; its entries are checked one by one later (parseRegistry). */
function rawRegistry(text: string): Raw {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    return { problem: `not JSON: ${error instanceof Error ? error.message : String(error)}` }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { problem: 'not a JSON object' }
  const remotes = (raw as Record<string, unknown>).remotes
  if (remotes !== undefined && (!remotes || typeof remotes !== 'object' || Array.isArray(remotes))) {
    return { problem: '"remotes" is not an object' }
  }
  return { raw: raw as Record<string, unknown> }
}

function readRaw(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {}
  const read = rawRegistry(readFileSync(file, 'utf8'))
  if ('problem' in read) throw new RegistryFileError(file, read.problem)
  return read.raw
}

/**
 * The registry for the release tools: empty when the file does not exist yet, its well-formed entries when
 * some are not (each dropped one is reported), and a RegistryFileError when the file is not a registry.
 */
export function readRegistry(file: string): RegistryDoc {
  return parseRegistry(readRaw(file))
}

/**
 * Points one remote's entry at `entry` and leaves everything else in the file as it was, malformed entries
 * of other remotes included: a release of one remote never repairs, drops or rewrites another's pointer.
 * Written to a temp file and renamed, so a reader never sees half a registry.
 */
export function setRegistryEntry(file: string, remote: string, entry: RegistryEntry): void {
  const raw = readRaw(file)
  const remotes = { ...((raw.remotes as Record<string, unknown> | undefined) ?? {}), [remote]: entry }
  mkdirSync(dirname(file), { recursive: true })
  // A dot name: the servers never serve dot files, and nothing lists it (the CDN root is not served at all).
  const temp = join(dirname(file), `.${process.pid}.registry.tmp`)
  writeFileSync(temp, `${JSON.stringify({ ...raw, remotes }, null, 2)}\n`)
  renameSync(temp, file)
}

/**
 * The registry a page carries inline: null when the file is missing or is not a registry, so the shell
 * falls back to its own copy; otherwise its well-formed entries. Read again only when the file changes, so
 * a broken file is reported once, not on every page.
 */
export function readPageRegistry(file: string): RegistryDoc | null {
  return readBuilt(file, (text) => {
    const read = rawRegistry(text)
    if ('raw' in read) return parseRegistry(read.raw)
    console.warn(`[registry] ${file} is ${read.problem}; pages carry no registry (the shell uses its own)`)
    return null
  })
}
