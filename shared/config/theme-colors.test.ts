import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
/** The demo deployment's theme colour (shared/src/host/settings.ts): the fallback of `var(--app-bg, …)`. */
const ACCENT = '#0958d9'

function stylesheets(dir: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry)
    if (statSync(full).isDirectory()) found.push(...stylesheets(full))
    else if (entry.endsWith('.css')) found.push(full)
  }
  return found
}

test("every app's stylesheet takes the accent from the deployment's theme (--app-bg), never the demo colour", () => {
  const packages = readdirSync(REPO).filter((name) => name === 'shell' || name.startsWith('mf-'))
  const hardCoded: string[] = []
  for (const pkg of packages) {
    for (const file of stylesheets(join(REPO, pkg, 'src'))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          // The shell defines the property itself (`--app-bg: …`); everyone else reads it with this fallback.
          const rest = line
            .replace(new RegExp(`var\\(--app-bg, ${ACCENT}\\)`, 'gi'), '')
            .replace(new RegExp(`^\\s*--app-bg: ${ACCENT};`, 'i'), '')
          if (rest.toLowerCase().includes(ACCENT)) hardCoded.push(`${relative(REPO, file)}:${index + 1}`)
        })
    }
  }
  expect(packages.length).toBeGreaterThan(5)
  expect(hardCoded).toEqual([])
})
