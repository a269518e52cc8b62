import { createHash } from 'node:crypto'
import { join, posix } from 'node:path'
import { FIRST_CALLS_FILE, type FirstCall } from 'shared/http/first-call'
import { parseFirstCalls } from 'shared/http/first-call-schema'
import { HEAD_FILE, parseRouteHead, type RouteHead } from 'shared/remote/head'
import { matchRoute, SHELL_FEDERATION_MODULE, SHELL_LAZY_SCREENS } from 'shared/routes'
import type { Settings } from 'shared/contract'
import { readBuilt } from '../built-file'
import { renderFirstFrame, type FirstFrame } from './first-frame'
import { packageOf, REMOTES_URL, resolveInside } from '../paths'
import type { RegistryDoc } from '../registry-file'
import { escapeAttr, replaceLiteral, scriptJson, SETTINGS_BLOCK } from '../settings'

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] }
  css?: { sync?: string[] }
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } }
  exposes?: { path?: string; assets?: ManifestAssets }[]
}

export interface RoutePreload {
  /** `<link>` tags that start the route's whole chain in the first wave. */
  tags: string[]
  /**
   * The route remote's registry entry and manifest, so the shell fetches neither for the first screen. Only
   * that remote's entry: a page then depends on its own remote alone, and a release or rollback rewrites
   * exactly that remote's pages (ADR 0016); other remotes come from /registry.json when the borrower goes
   * there. No registry when the file is missing or unreadable or has no entry for the route's remote: the
   * shell then falls back on its own.
   */
  inline: { registry: RegistryDoc | null; manifests: Record<string, unknown> }
  /** The reads the route's screen makes as it mounts (the remote's `first-calls.json`): the page sends them. */
  firstCalls: FirstCall[]
  /** The route's first frame from the remote's release (ADR 0018), when it renders one. */
  firstFrame?: FirstFrame | null
  /** The route's head texts from the remote's release (its `head.json`, ADR 0031), when it declares them. */
  head?: RouteHead | null
}

/** `import … from "./x.js"`, `export … from "./x.js"` and `import "./x.js"`; never `import("./x.js")`. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*(["'])(\.{1,2}\/[^"'\s]+?\.js)\1/g

function staticImports(dir: string, file: string): string[] {
  return (
    readBuilt(join(dir, file), (text) =>
      [...text.matchAll(STATIC_IMPORT)]
        .map((match) => posix.normalize(posix.join(posix.dirname(file), match[2])))
        .filter((target) => !target.startsWith('../')),
    ) ?? []
  )
}

/**
 * The files the browser will fetch once it runs `roots`: the roots and everything they import statically,
 * read from the built files themselves. Chunks reached only through `import()` (such as a remote's fallback
 * copies of React, used only when the shell provides none) are left out.
 */
export function staticClosure(dir: string, roots: string[]): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    staticImports(dir, file).forEach(visit)
  }
  roots.forEach(visit)
  return [...seen]
}

/** The first calls the release in `releaseDir` declares for the route `path` (its `first-calls.json`). */
export function declaredFirstCalls(releaseDir: string, path: string): FirstCall[] {
  return parseFirstCalls(readJson<Record<string, unknown>>(join(releaseDir, FIRST_CALLS_FILE))?.[path])
}

/** The head the release in `releaseDir` declares for the route `path` (its `head.json`), or null. */
export function declaredHead(releaseDir: string, path: string): RouteHead | null {
  return parseRouteHead(readJson<unknown>(join(releaseDir, HEAD_FILE)), path)
}

/** A JSON file's content, or null when it is missing or malformed (the page is then served without preloads). */
function readJson<T>(file: string): T | null {
  return readBuilt(file, (text) => {
    try {
      return JSON.parse(text) as T
    } catch {
      return null
    }
  })
}

const modulePreload = (href: string) => `<link rel="modulepreload" crossorigin href="${escapeAttr(href)}">`
// A preload, never a stylesheet link: a hung remote must not block the shell's own first paint.
const stylePreload = (href: string) =>
  `<link rel="preload" as="style" crossorigin href="${escapeAttr(href)}">`

interface ViteManifestChunk {
  file: string
  imports?: string[]
  css?: string[]
}

/**
 * A lazily loaded module of the shell itself (the test page's screen, the federation runtime): its chunk, the
 * chunks it imports and its CSS, read from the shell build's `.vite/manifest.json`, minus what index.html
 * already loads.
 */
function shellModulePreload(source: string, shellDir: string, indexHtml: string): string[] {
  const manifest = readJson<Record<string, ViteManifestChunk>>(join(shellDir, '.vite', 'manifest.json'))
  if (!manifest) return []
  const key = Object.keys(manifest).find((k) => k === source || k.endsWith(`/${source}`))
  if (!key) return []
  const scripts = new Set<string>()
  const styles = new Set<string>()
  const visit = (name: string) => {
    const chunk = manifest[name]
    if (!chunk || scripts.has(chunk.file)) return
    scripts.add(chunk.file)
    chunk.css?.forEach((css) => styles.add(css))
    chunk.imports?.forEach(visit)
  }
  visit(key)
  const fresh = (f: string) => !indexHtml.includes(`/${f}"`)
  return [
    ...[...scripts].filter(fresh).map((f) => modulePreload(`/${f}`)),
    ...[...styles].filter(fresh).map((f) => stylePreload(`/${f}`)),
  ]
}

export interface RoutePreloadInput {
  registry: RegistryDoc | null
  cdnDir: string
  /** The shell build, for the shell's own lazily loaded chunks (a lazy screen, the federation runtime). */
  shellDir?: string
  /** The page as served, so nothing it already loads is preloaded twice. */
  indexHtml?: string
  /**
   * Preload the route remote's chain and inline its manifest (default). The monolithic benchmark build has
   * no remotes: it gets the same first calls and, as the fair baseline, its own chunk for the route's screens
   * (the remote's `src/app/app.tsx` compiled into it: `monolithAppModule`) preloaded from its manifest.
   */
  remoteChain?: boolean
  /** The page's settings: the route's first frame is rendered with them. None, no first frame. */
  settings?: Settings
}

/** The module the monolithic benchmark build imports for a remote's screens (e2e/perf/monolith/main.tsx). */
export const monolithAppModule = (remote: string) => `${packageOf(remote)}/src/app/app.tsx`

/**
 * A registry entry's manifest address (`/remotes/<remote>/<version>/mf-manifest.json`) relative to the CDN
 * folder; null for an entry elsewhere (another CDN: nothing here to read) or one that climbs out of the CDN.
 */
function entryInCdn(cdnDir: string, entry: string): string | null {
  const relative = entry.startsWith(`${REMOTES_URL}/`) ? entry.slice(REMOTES_URL.length + 1) : ''
  return relative && resolveInside(cdnDir, relative) ? relative : null
}

/** The release folder of a registry entry in the CDN folder (`entryInCdn`), or null. */
export function releaseDirOf(cdnDir: string, entry: string): string | null {
  const relative = entryInCdn(cdnDir, entry)
  return relative ? join(cdnDir, posix.dirname(relative)) : null
}

/**
 * What an app route needs before it can paint, read from the current registry and the route remote's
 * `mf-manifest.json` (when its page is written, or on every request where no page is): the remote entry
 * and the exposed module's chunks with everything they import statically, as modulepreloads, its CSS as a
 * preload, the shell's federation runtime chunk (loaded only for a remote), and the registry and manifest
 * inlined. Remotes stay independently deployable: nothing here is baked into the shell build. A shell route
 * with a lazily loaded screen preloads that screen's chunks.
 */
export function routePreload(pathname: string, input: RoutePreloadInput): RoutePreload {
  const { registry, cdnDir } = input
  const route = matchRoute(pathname)
  const pointer = route ? registry?.remotes[route.remote] : undefined
  const inline: RoutePreload['inline'] = {
    registry: route && pointer ? { remotes: { [route.remote]: pointer } } : null,
    manifests: {},
  }
  const shellModule = (source: string | undefined) =>
    source && input.shellDir ? shellModulePreload(source, input.shellDir, input.indexHtml ?? '') : []
  if (!route)
    return { tags: shellModule(SHELL_LAZY_SCREENS[pathname]), inline, firstCalls: [], firstFrame: null }
  const relative = pointer ? entryInCdn(cdnDir, pointer.entry) : null
  if (!pointer || !relative) return { tags: [], inline, firstCalls: [], firstFrame: null }
  const releaseDir = join(cdnDir, posix.dirname(relative))
  const firstCalls = declaredFirstCalls(releaseDir, route.path)
  const head = declaredHead(releaseDir, route.path)
  const manifest = readJson<Manifest>(join(cdnDir, relative))
  const base = pointer.entry.replace(/mf-manifest\.json$/, '')
  const app = manifest?.exposes?.find((expose) => expose.path === './app')
  const css = app?.assets?.css?.sync ?? []
  const frame = manifest && input.settings ? renderFirstFrame(releaseDir, route.path, input.settings) : null
  const firstFrame: FirstFrame | null = frame && {
    remote: route.remote,
    path: route.path,
    html: frame.html,
    ...(frame.hashes && { hashes: frame.hashes }),
    ...(frame.loads && { loads: true as const }),
    styles: css.map((s) => ({ href: base + s, file: join(releaseDir, s) })),
  }
  if (input.remoteChain === false) {
    return { tags: shellModule(monolithAppModule(route.remote)), inline, firstCalls, firstFrame, head }
  }
  if (!manifest) return { tags: [], inline, firstCalls, firstFrame: null, head }
  inline.manifests[pointer.entry] = manifest
  const entry = manifest.metaData?.remoteEntry
  const roots = [
    ...(entry?.name ? [`${entry.path ? entry.path.replace(/\/?$/, '/') : ''}${entry.name}`] : []),
    ...(app?.assets?.js?.sync ?? []),
  ]
  const scripts = staticClosure(releaseDir, roots)
  const tags = [
    // The shell loads the federation runtime only for a remote: it starts in the same wave as the remote.
    ...shellModule(SHELL_FEDERATION_MODULE),
    ...scripts.map((s) => modulePreload(base + s)),
    ...css.map((s) => stylePreload(base + s)),
  ]
  return { tags, inline, firstCalls, firstFrame, head }
}

/** The CSP source that allows exactly this inline script. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`
}

/** A script the server may write inline into a page, with the CSP source that allows it. */
export interface InlineScript {
  script: string
  hash: string
}

/** A built classic script (the shell's `first-call.js`) and its hash, or null when the build has none. */
export function readInlineScript(file: string): InlineScript | null {
  return readBuilt(file, (script) => ({ script, hash: scriptHash(script) }))
}

/**
 * Adds the preload tags and the inline data block to the shell's index.html and, when the route has first
 * calls and the shell build has `first-call.js` (`firstCallScript`), the calls and that script
 * (`injectFirstCalls`). `scriptHashes` are what the response's CSP must allow for the scripts it inlined.
 */
export function injectPreload(
  html: string,
  preload: RoutePreload,
  firstCallScript?: InlineScript | null,
): { html: string; scriptHashes: string[] } {
  const json = scriptJson(preload.inline)
  const block = `<script type="application/json" id="mf-preload">${json}</script>`
  const page = replaceLiteral(html, '</head>', `    ${[...preload.tags, block].join('\n    ')}\n  </head>`)
  return injectFirstCalls(page, preload.firstCalls, firstCallScript)
}

/**
 * Writes a page's first calls and the shell build's `first-call.js` that sends them (a route page's, and a
 * standalone page's: ADR 0017) right after the settings block, ahead of every stylesheet: an inline script
 * waits for the stylesheets above it. The page as it is without calls or script.
 */
export function injectFirstCalls(
  page: string,
  firstCalls: FirstCall[],
  firstCallScript?: InlineScript | null,
): { html: string; scriptHashes: string[] } {
  // A script that contains `</script` cannot be inlined as it is (and its CSP hash must match it exactly).
  if (firstCalls.length === 0 || !firstCallScript || /<\/script/i.test(firstCallScript.script)) {
    return { html: page, scriptHashes: [] }
  }
  const calls =
    `<script type="application/json" id="first-call">${scriptJson(firstCalls)}</script>` +
    `<script>${firstCallScript.script}</script>`
  return {
    html: SETTINGS_BLOCK.test(page)
      ? page.replace(SETTINGS_BLOCK, (settings) => `${settings}\n    ${calls}`)
      : replaceLiteral(page, '</head>', `    ${calls}\n  </head>`),
    scriptHashes: [firstCallScript.hash],
  }
}
