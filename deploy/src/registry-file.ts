import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

export interface Pointer {
  version: string
  entry: string
}

export interface RegistryEntry extends Pointer {
  previous: Pointer | null
  available: string[]
}

export interface RegistryDoc {
  remotes: Record<string, RegistryEntry>
}

export function readRegistry(file: string): RegistryDoc {
  if (!existsSync(file)) return { remotes: {} }
  const doc = JSON.parse(readFileSync(file, 'utf8')) as RegistryDoc
  return { remotes: doc.remotes ?? {} }
}

/** Written to a temp file and renamed, so a reader never sees half a registry. */
export function writeRegistry(file: string, doc: RegistryDoc): void {
  mkdirSync(dirname(file), { recursive: true })
  const temp = `${file}.${process.pid}.tmp`
  writeFileSync(temp, `${JSON.stringify(doc, null, 2)}\n`)
  renameSync(temp, file)
}
