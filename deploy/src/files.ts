import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

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
