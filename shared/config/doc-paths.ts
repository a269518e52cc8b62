import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/**
 * Every backticked repository path in a README or under `docs/` names something that exists (issue #27): a
 * README that names a file since moved or deleted sends a newcomer nowhere. Run by `doc-paths.test.ts`, so
 * `pnpm validate` fails on a stale name.
 */

/**
 * A path the docs may name that a clean clone does not hold: build output, installed packages, caches, and a
 * running server's state (`.health`: its token secret and report store).
 */
const GENERATED = new Set([
  'node_modules',
  'dist',
  '.vite',
  '.pages',
  '.build',
  '.nginx',
  '.server',
  '.health',
  '.tmp',
  '.tsbuild',
  '__mf__temp',
  '.__mf__temp',
  'test-results',
  'playwright-report',
  'cdn',
  'screens',
])

/** Folders not searched for READMEs. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', '.build', '.nginx', 'cdn', 'test-results'])

export interface DocPathProblem {
  /** The document, relative to the repository. */
  file: string
  line: number
  path: string
  /**
   * The path leaves the repository (`../shared/DESIGN.md`: the spec, DESIGN.md and STYLE.md sit in a folder
   * beside it, not in it), so only a checkout with that folder beside it can say whether it exists.
   */
  outside: boolean
}

/** How a file's name ends: a text that ends so names a file. */
const FILE_EXTENSION = /\.(tsx?|jsx?|mjs|cjs|json|md|css|html|ya?ml|conf|txt|png|svg|sh)$/

/**
 * Whether a backticked text reads as a path in the repository: it starts with one of the repository's own
 * folders, names a file by its extension, or is a folder (a trailing `/`). A route (`/repay`), a URL, a host, a
 * command, a glob, a module of a remote (`./app`) or of an npm package (`react-dom/client`) is not one.
 */
export function looksLikePath(text: string, topLevel: ReadonlySet<string>): boolean {
  if (!text.includes('/') || /\s/.test(text)) return false
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('/')) return false
  if (/[<>*$?={}()|,@'"\\[\]#:;]/.test(text)) return false
  if (!/^[\w.-]+(\/[\w.-]+)*\/?$/.test(text)) return false
  const first = text.replace(/^(\.\.?\/)+/, '').split('/')[0]
  return topLevel.has(first) || FILE_EXTENSION.test(text) || text.endsWith('/')
}

interface Workspace {
  root: string
  /** The repository's top-level files and folders. */
  topLevel: Set<string>
  /** Package folder → its `exports` keys without the leading `./` (e.g. `format` for `shared/format`). */
  exports: Map<string, Set<string>>
}

function workspaceOf(root: string): Workspace {
  const exports = new Map<string, Set<string>>()
  const topLevel = new Set(readdirSync(root).filter((name) => !SKIPPED_DIRS.has(name)))
  for (const name of topLevel) {
    const manifest = join(root, name, 'package.json')
    if (!existsSync(manifest)) continue
    const json = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: Record<string, unknown> }
    exports.set(name, new Set(Object.keys(json.exports ?? {}).map((key) => key.replace(/^\.\//, ''))))
  }
  return { root, topLevel, exports }
}

/**
 * Whether `path`, named in `file`, exists: from the document's folder, the repository's root, or a package's
 * folder or its `src/` (a package's README: its own package; the root README and `docs/`: any, for the files
 * every remote has, such as `src/mocks/handlers.ts`); or as a module of a workspace package (`shared/format`,
 * `shared/ui/toast` for `shared/src/ui/toast.tsx`). A build output (`dist/`, `.pages/`) is not checked.
 */
export function pathResolves(ws: Workspace, file: string, path: string): boolean {
  const trimmed = path.replace(/\/$/, '')
  if (trimmed.split('/').some((segment) => GENERATED.has(segment))) return true
  // A package's README names its own files; the root README and docs/ name the files every remote has.
  const own = relative(ws.root, file).split('/')[0]
  const packages = (ws.exports.has(own) ? [own] : [...ws.exports.keys()]).map((name) => join(ws.root, name))
  const bases = [dirname(file), ws.root, ...packages, ...packages.map((dir) => join(dir, 'src'))]
  if (bases.some((base) => existsSync(join(base, trimmed)))) return true
  const [name, ...rest] = trimmed.split('/')
  if (!ws.exports.has(name)) return false
  const module = rest.join('/')
  if (ws.exports.get(name)!.has(module)) return true
  const source = join(ws.root, name, 'src', module)
  return ['', '.ts', '.tsx'].some((ext) => existsSync(source + ext))
}

function documents(root: string): string[] {
  const found: string[] = []
  const walk = (dir: string, all: boolean) => {
    for (const entry of readdirSync(dir)) {
      if (SKIPPED_DIRS.has(entry)) continue
      const full = join(dir, entry)
      if (statSync(full).isDirectory()) walk(full, all || relative(root, full) === 'docs')
      else if (entry === 'README.md' || (all && entry.endsWith('.md'))) found.push(full)
    }
  }
  walk(root, false)
  return found.sort()
}

/**
 * The backticked paths of every README and every document under `docs/` that name nothing; a path out of the
 * repository (from its root, as the docs write them) is marked `outside`.
 */
export function docPathProblems(root: string): DocPathProblem[] {
  const ws = workspaceOf(root)
  const problems: DocPathProblem[] = []
  for (const file of documents(root)) {
    const lines = readFileSync(file, 'utf8').split('\n')
    let fenced = false
    lines.forEach((text, index) => {
      if (/^\s*```/.test(text)) fenced = !fenced
      if (fenced) return
      for (const match of text.matchAll(/`([^`\n]+)`/g)) {
        const path = match[1]
        if (looksLikePath(path, ws.topLevel) && !pathResolves(ws, file, path)) {
          const outside = relative(root, resolve(root, path)).startsWith('..')
          problems.push({ file: relative(root, file), line: index + 1, path, outside })
        }
      }
    })
  }
  return problems
}
