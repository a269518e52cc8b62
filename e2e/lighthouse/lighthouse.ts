import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { lighthouseCheck, REPORTS_DIR } from './lighthouse-config.ts'
import { scoreTable, type ManifestEntry } from './score-table.ts'

/**
 * `pnpm lighthouse` (#31, item 6; ADRs 0030, 0043): Lighthouse CI over every page of the built release, served
 * by `pnpm start` (SKIP_BUILD=1: run `pnpm build` first). Collects, writes the reports (REPORTS_DIR), prints
 * the table of scores, then asserts: the exit code is the assertions'. `--release` (`pnpm lighthouse:release`)
 * is the release check, performance included, whose table docs/lighthouse.md keeps.
 */
if (process.argv.includes('--release')) process.env.LIGHTHOUSE_CHECK = 'release'
const CHECK = lighthouseCheck()
const E2E_DIR = fileURLToPath(new URL('..', import.meta.url))
const DOC = join(E2E_DIR, '..', 'docs', 'lighthouse.md')
const LHCI = createRequire(import.meta.url).resolve('@lhci/cli/src/cli.js')

/** Runs one lhci command with the repo's configuration (loaded through tsx); resolves with its exit code. */
function lhci(command: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', LHCI, command, '--config=lighthouserc.cjs'], {
      cwd: E2E_DIR,
      stdio: 'inherit',
      // puppeteer-core is lhci's dependency: it must never fetch a browser (Debian's Chromium is used).
      env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1' },
    })
    child.on('error', reject)
    child.on('exit', (code) => resolve(code ?? 1))
  })
}

const START = '<!-- lighthouse table: written by pnpm lighthouse -->'
const END = '<!-- end of lighthouse table -->'

async function main() {
  rmSync(join(E2E_DIR, '.lighthouseci'), { recursive: true, force: true })
  const started = Date.now()
  if ((await lhci('collect')) !== 0) throw new Error('lhci collect failed')
  if ((await lhci('upload')) !== 0) throw new Error('lhci upload failed')
  const manifest = join(E2E_DIR, REPORTS_DIR, 'manifest.json')
  const entries = JSON.parse(readFileSync(manifest, 'utf8')) as ManifestEntry[]
  const table = scoreTable(entries, (path) => readFileSync(path, 'utf8'), CHECK)
  const seconds = Math.round((Date.now() - started) / 1000)
  const note =
    CHECK === 'release'
      ? ''
      : ' (the gate: performance is collected and asserted by `pnpm lighthouse:release`)'
  console.log(`\n${table}\n\nCollected in ${seconds} s${note}`)
  // The document keeps the release check's figures (five runs a page); the gate's single run only prints its own.
  if (CHECK === 'release' && existsSync(DOC)) {
    const doc = readFileSync(DOC, 'utf8')
    const at = doc.indexOf(START)
    const end = doc.indexOf(END)
    if (at >= 0 && end > at) {
      const text = `${doc.slice(0, at + START.length)}\n\n${table}\n\n${doc.slice(end)}`
      // Laid out as `pnpm format:check` wants it (the table's columns padded).
      const options = await resolveConfig(DOC)
      writeFileSync(DOC, await format(text, { ...options, filepath: DOC }))
    }
  }
  process.exitCode = await lhci('assert')
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
