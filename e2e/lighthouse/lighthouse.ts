import { spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { startDeploy, stop, waitFor } from '../tests/own-server.ts'
import {
  LIGHTHOUSE_PORT,
  lighthouseCheck,
  lighthouseParallel,
  lighthousePaths,
  REPORTS_DIR,
} from './lighthouse-config.ts'
import { scoreTable, type ManifestEntry } from './score-table.ts'

/**
 * `pnpm lighthouse` (#31, item 6; ADRs 0030, 0043): Lighthouse CI over every page of the built release, served
 * by `pnpm start` (SKIP_BUILD=1: run `pnpm build` first). Collects, writes the reports (REPORTS_DIR), prints
 * the table of scores, then asserts: the exit code is the assertions'. `--release` (`pnpm lighthouse:release`)
 * is the release check, performance included, whose table docs/lighthouse.md keeps.
 *
 * The gate collects its pages with `lighthouseParallel` collectors side by side, each over its share of the
 * pages in a folder of its own (lhci keeps its results in the working directory's `.lighthouseci`); their
 * results are then put together here, and uploaded and asserted as one collection.
 */
if (process.argv.includes('--release')) process.env.LIGHTHOUSE_CHECK = 'release'
const CHECK = lighthouseCheck()
const E2E_DIR = fileURLToPath(new URL('..', import.meta.url))
const DOC = join(E2E_DIR, '..', 'docs', 'lighthouse.md')
const LHCI = createRequire(import.meta.url).resolve('@lhci/cli/src/cli.js')

const RC = join(E2E_DIR, 'lighthouserc.cjs')
const TSX = import.meta.resolve('tsx')

/**
 * Runs one lhci command with the repo's configuration (loaded through tsx) in `cwd`, whose `.lighthouseci`
 * holds what it collects; `env` is added to this process's. Resolves with its exit code.
 */
function lhci(command: string, cwd = E2E_DIR, env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, LHCI, command, `--config=${RC}`], {
      cwd,
      stdio: 'inherit',
      // puppeteer-core is lhci's dependency: it must never fetch a browser (Debian's Chromium is used).
      env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1', ...env },
    })
    child.on('error', reject)
    child.on('exit', (code) => resolve(code ?? 1))
  })
}

const START = '<!-- lighthouse table: written by pnpm lighthouse -->'
const END = '<!-- end of lighthouse table -->'

/**
 * Collects every page: the pages dealt round to `lighthouseParallel` collectors (LIGHTHOUSE_ROUTES names each
 * one's share), each in a scratch folder, whose results are then moved into `.lighthouseci` here.
 */
async function collect(): Promise<void> {
  const paths = lighthousePaths()
  const collectors = Math.min(lighthouseParallel(CHECK), paths.length)
  const shares = Array.from({ length: collectors }, (_, i) => paths.filter((_, at) => at % collectors === i))
  const folders = shares.map(() => mkdtempSync(join(tmpdir(), 'lighthouse-')))
  try {
    const codes = await Promise.all(
      shares.map((share, i) => lhci('collect', folders[i], { LIGHTHOUSE_ROUTES: share.join(',') })),
    )
    if (codes.some((code) => code !== 0))
      throw new Error(`lhci collect failed (exit codes ${codes.join(', ')})`)
    const results = join(E2E_DIR, '.lighthouseci')
    mkdirSync(results, { recursive: true })
    for (const folder of folders) {
      const own = join(folder, '.lighthouseci')
      // lhci names a run's report by the millisecond it was saved: two collectors may save in the same one.
      for (const name of readdirSync(own).filter((file) => /^lhr-\d+\.json$/.test(file))) {
        let at = Number(name.slice(4, -5))
        while (existsSync(join(results, `lhr-${at}.json`))) at++
        for (const ext of ['json', 'html']) {
          cpSync(join(own, name.replace(/json$/, ext)), join(results, `lhr-${at}.${ext}`))
        }
      }
    }
  } finally {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  }
}

async function main() {
  rmSync(join(E2E_DIR, '.lighthouseci'), { recursive: true, force: true })
  const started = Date.now()
  const server = startDeploy('start', { PORT: String(LIGHTHOUSE_PORT) })
  try {
    await waitFor(`http://localhost:${LIGHTHOUSE_PORT}/registry.json`, server)
    await collect()
  } finally {
    await stop(server)
  }
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
