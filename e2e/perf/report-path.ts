import { existsSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { REPORT_PATH_BUDGET } from './budgets.ts'
import { run } from './common.ts'
import { brotli, BUILD_DIR, ROOT_DIR } from './serve-builds.ts'

/**
 * What the field health report path (issue #32, ADR 0033) adds to the shell, for `pnpm bench:size`: its share
 * of the page's entry (the front, `shared/src/health/deferred.ts`, and whatever else of `shared/src/health/`
 * lands there) and the lazy chunk(s) the reporter comes in, brotli at quality 11; and whether any of it is
 * requested before the first paint (statically imported or preloaded: checked here from the build's manifest,
 * and per route by bench-size from the page and the browser's timings).
 */

/** The report path's own modules, and Web Vitals: whatever of them is in the entry counts as its share. */
const REPORT_PATH_SOURCES = ['shared/src/health/', 'node_modules/.pnpm/web-vitals@']
/** The module the page imports lazily after its first paint; its chunk and what only it imports are the rest. */
export const REPORTER_MODULE = 'shared/src/health/reporter.ts'

/** The shell built again with hidden source maps, to attribute the entry's bytes to their modules. */
const MAPPED_BUILD = join(BUILD_DIR, 'shell-sourcemaps')
const SHELL_DIR = join(ROOT_DIR, 'shell')

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}
type Manifest = Record<string, ManifestChunk>

export interface ReportPathSize {
  /** The entry and the report path's modules in it (raw bytes each), and its share: brotli with minus without. */
  entry: { file: string; modules: { source: string; raw: number }[]; raw: number; br: number }
  /** The reporter's chunk and those only it imports (brotli each). */
  chunks: { file: string; raw: number; br: number }[]
  /** Entry share + chunks, brotli. */
  total: number
  limit: number
  /** The most the entry's share may be (it is on the way to the first paint). */
  entryLimit: number
  /** The entry imports the reporter statically (or bundles it): it would come before the first paint. */
  inEntry: boolean
  /** The page itself names the reporter's files (a modulepreload): none expected. */
  preloadedByPage: string[]
  /** False when the source-mapped build differs from the measured one (sources changed since `pnpm build`). */
  sameAsMeasured: boolean
  pass: boolean
}

const readManifest = (dir: string): Manifest =>
  JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest

/** The manifest keys `roots` import statically, themselves included. */
function staticClosure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    manifest[key].imports?.forEach(visit)
  }
  roots.forEach(visit)
  return seen
}

/**
 * The reporter's files in the build in `shellDir` (its manifest): its chunk and those only it imports (not the
 * entry, which it imports too); `inEntry` when the entry imports the reporter statically, so that it is fetched
 * with the entry, before the first paint (or has no chunk of its own: bundled into the entry).
 */
export function reporterFiles(shellDir: string): { entry: string; files: string[]; inEntry: boolean } {
  const manifest = readManifest(shellDir)
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
  if (!entryKey) throw new Error(`the shell's manifest (${shellDir}) has no entry`)
  const entryClosure = staticClosure(manifest, [entryKey])
  const reporterKey = Object.keys(manifest).find((k) => manifest[k].src?.endsWith(REPORTER_MODULE))
  if (!reporterKey) return { entry: manifest[entryKey].file, files: [], inEntry: true }
  return {
    entry: manifest[entryKey].file,
    files: [...staticClosure(manifest, [reporterKey])]
      .filter((k) => !entryClosure.has(k))
      .map((k) => manifest[k].file),
    inEntry: entryClosure.has(reporterKey),
  }
}

/**
 * Brotli 11 is chaotic at the scale of a few bytes: renaming one hashed chunk inside a 300 KiB entry moves its
 * compressed size by up to ±90 bytes. So a size here is the median over 15 copies of the file with every hashed
 * file name in it renamed (the same renamings for every file measured), which is stable to a few bytes.
 */
export function stableBrotliSize(code: string): number {
  const names = [...new Set([...code.matchAll(/-([\w-]{8})\.(?:js|css)\b/g)].map((m) => m[1]))]
  let seed = 1
  const rename = () => {
    let out = ''
    for (let i = 0; i < 8; i += 1) {
      seed = (seed * 16807) % 2147483647
      out += 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'[seed % 64]
    }
    return out
  }
  const sizes: number[] = []
  for (let i = 0; i < 15; i += 1) {
    let copy = code
    for (const name of names) copy = copy.split(name).join(rename())
    sizes.push(brotli(copy).length)
  }
  return sizes.sort((a, b) => a - b)[7]
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/**
 * For each line of the generated file, its segments as [generated column, source index] (source map v3
 * `mappings`: base64 VLQ, fields relative to the previous segment; only the first two are needed here).
 */
export function decodeMappings(mappings: string): [number, number][][] {
  let source = 0
  return mappings.split(';').map((line) => {
    let column = 0
    const segments: [number, number][] = []
    for (const segment of line.split(',')) {
      if (!segment) continue
      const fields: number[] = []
      let value = 0
      let shift = 0
      for (const char of segment) {
        const digit = BASE64.indexOf(char)
        value += (digit & 31) << shift
        if (digit & 32) shift += 5
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
          value = 0
          shift = 0
        }
      }
      column += fields[0]
      if (fields.length > 1) source += fields[1]
      segments.push([column, fields.length > 1 ? source : -1])
    }
    return segments
  })
}

/** `code` without the characters the source map attributes to a source `own` accepts, and those removed by source. */
function withoutSources(
  code: string,
  map: { sources: string[]; mappings: string },
  own: (source: string) => boolean,
): { rest: string; removed: Map<string, number> } {
  const lines = code.split('\n')
  const removed = new Map<string, number>()
  const kept: string[] = []
  decodeMappings(map.mappings).forEach((segments, index) => {
    const line = lines[index] ?? ''
    let out = ''
    let from = 0
    let owner = -1
    for (const [column, source] of [...segments, [line.length, -1] as [number, number]]) {
      const piece = line.slice(from, column)
      const name = owner >= 0 ? map.sources[owner] : null
      if (name !== null && own(name)) removed.set(name, (removed.get(name) ?? 0) + piece.length)
      else out += piece
      from = column
      owner = source
    }
    kept.push(out)
  })
  return { rest: kept.join('\n'), removed }
}

/**
 * Builds the shell's sources again with hidden source maps (into e2e/perf/.build, about 10 s) and measures the
 * report path in that build. `measuredShellDir` is the build bench-size serves: the two should be the same
 * bytes, and `sameAsMeasured` says whether they are. `pages` are the route pages as served, checked for a
 * reference to the reporter's files.
 */
export async function measureReportPath(measuredShellDir: string, pages: string[]): Promise<ReportPathSize> {
  console.log('\n› vite build shell (hidden source maps, to attribute the entry to its modules)')
  rmSync(MAPPED_BUILD, { recursive: true, force: true })
  await run(
    join(SHELL_DIR, 'node_modules', '.bin', 'vite'),
    ['build', '--outDir', MAPPED_BUILD, '--emptyOutDir', '--sourcemap', 'hidden', '--logLevel', 'warn'],
    SHELL_DIR,
  )
  try {
    const { entry: entryFile, files: reporter, inEntry } = reporterFiles(MAPPED_BUILD)
    const code = readFileSync(join(MAPPED_BUILD, entryFile), 'utf8')
    const map = JSON.parse(readFileSync(join(MAPPED_BUILD, `${entryFile}.map`), 'utf8')) as {
      sources: string[]
      mappings: string
    }
    // A map's sources are relative to the map's folder.
    const sourcePath = (source: string) =>
      relative(ROOT_DIR, join(dirname(join(MAPPED_BUILD, entryFile)), source))
    const { rest, removed } = withoutSources(code, map, (source) =>
      REPORT_PATH_SOURCES.some((dir) => sourcePath(source).startsWith(dir)),
    )
    const entryBr = stableBrotliSize(code) - stableBrotliSize(rest)
    const chunks = reporter.map((file) => {
      const body = readFileSync(join(MAPPED_BUILD, file), 'utf8')
      return { file, raw: Buffer.byteLength(body), br: stableBrotliSize(body) }
    })
    const total = entryBr + chunks.reduce((s, c) => s + c.br, 0)

    const measured = (file: string) => join(measuredShellDir, file)
    const sameAsMeasured = [entryFile, ...reporter].every(
      (file) =>
        existsSync(measured(file)) &&
        readFileSync(measured(file)).equals(readFileSync(join(MAPPED_BUILD, file))),
    )
    const preloadedByPage = reporter.filter((file) => pages.some((page) => page.includes(file)))
    return {
      entry: {
        file: entryFile,
        modules: [...removed]
          .map(([source, raw]) => ({ source: sourcePath(source), raw }))
          .sort((a, b) => b.raw - a.raw),
        raw: [...removed.values()].reduce((s, n) => s + n, 0),
        br: entryBr,
      },
      chunks,
      total,
      limit: REPORT_PATH_BUDGET.bytes,
      entryLimit: REPORT_PATH_BUDGET.entryBytes,
      inEntry,
      preloadedByPage,
      sameAsMeasured,
      pass:
        total <= REPORT_PATH_BUDGET.bytes &&
        entryBr <= REPORT_PATH_BUDGET.entryBytes &&
        !inEntry &&
        reporter.length > 0 &&
        preloadedByPage.length === 0,
    }
  } finally {
    rmSync(MAPPED_BUILD, { recursive: true, force: true })
  }
}
