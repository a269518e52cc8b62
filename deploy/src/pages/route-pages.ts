import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { FIRST_CALL_SCRIPT } from 'shared/http/first-call'
import { FIRST_FRAME_ID, FRAME_LOADS_ATTR } from 'shared/remote/first-frame'
import { matchRoute, REMOTE_ROUTES, SHELL_LAZY_SCREENS, type RemoteRouteDef } from 'shared/routes'
import { readBuilt } from '../built-file'
import { writeAtomically } from '../files'
import { injectFirstFrame, pageSettings } from './first-frame'
import { injectPreload, readInlineScript, routePreload, scriptHash, type InlineScript } from './page-preloads'
import { readPageRegistry, type RegistryDoc } from '../registry-file'
import canarySide from '../nginx/canary-side.js'
import { ROBOTS_NOINDEX } from '../security-headers'
import { injectSettings, publicOrigin, requireStoredProductionSettings, settingsFromEnv } from '../settings'
import { injectPageHead } from './page-head'
import { STANDALONE_PAGES, standaloneHtml } from './standalone'

/**
 * Route pages (ADR 0016): each app route's page as the servers send it (settings, preloads, the route
 * remote's registry entry and manifest, first calls), written by the release step so that nginx or any CDN
 * serves it as a static file and the Node server serves the same file. They live in the CDN folder, in a dot
 * folder neither server serves under /remotes.
 */
export const PAGES_DIR_NAME = '.pages'

/** The settings the pages were written with: a release of one remote rewrites its pages with the same. */
const SETTINGS_FILE = 'settings.json'

export const pagesDirOf = (cdnDir: string) => join(cdnDir, PAGES_DIR_NAME)

/**
 * Where the pages of each remote's canary side are (ADR 0058): a dot folder inside the pages folder, which no
 * server sends by its path; both pick a page there for a borrower on the canary side of its remote.
 */
export const canaryPagesDirOf = (pagesDir: string) => join(pagesDir, canarySide.PAGES_DIR)

/** The registry with every remote on its control side: what every page but a canary side's is written from. */
export function controlRegistry(registry: RegistryDoc | null): RegistryDoc | null {
  return registry && canarySide.borrowerRegistry(registry, null)
}

/** The registry with `remote` on its canary side and every other on its control side; null without a canary. */
export function canaryRegistry(registry: RegistryDoc | null, remote: string): RegistryDoc | null {
  const entry = registry?.remotes[remote]
  if (!registry || !entry?.canary) return null
  return { remotes: { ...controlRegistry(registry)!.remotes, [remote]: canarySide.canaryEntry(entry) } }
}

/**
 * The page file of an app path, relative to the pages folder, as nginx's `try_files $uri.html` finds it:
 * `/` is `index.html`, `/loanDetails` is `loanDetails.html`.
 */
export function pageFileName(pathname: string): string {
  return pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`
}

/**
 * A data route's page (ADR 0054): an in-app route (it carries the borrower's session) whose page holds the
 * route's first frame and starts first calls, or whose frame's screen loads its data from the address alone
 * (ADR 0057); the render service may send it with the borrower's data. A public route's page stays static for
 * everyone (the landing ad traffic reaches, the marketing site).
 */
export function isDataRoutePage(html: string, path: string): boolean {
  return dataRouteOf(html, path) !== null
}

/** The opening tag of a page's first frame. */
const FRAME_TAG = new RegExp(`<div id="${FIRST_FRAME_ID}"[^>]*>`)

/** The route of a data route's page (`isDataRoutePage`), else null. */
export function dataRouteOf(html: string, path: string): RemoteRouteDef | null {
  const route = matchRoute(path)
  const frame = FRAME_TAG.exec(html)?.[0]
  const isData =
    !!route &&
    !route.public &&
    !!frame &&
    (html.includes('<script type="application/json" id="first-call">') ||
      frame.includes(` ${FRAME_LOADS_ATTR}`))
  return isData ? route : null
}

/**
 * The file beside a data route's page that says it is one (`repay.data` beside `repay.html`): nginx asks the
 * render service for such a page and sends the page itself when the service does not answer (ADR 0055).
 */
export const dataMarkerOf = (pageFile: string) => pageFile.replace(/\.html$/, '.data')

/** Every path that gets a page: each route of the route table (the root is the site's) and the shell's own screens. */
export function appPagePaths(remote?: string): string[] {
  const routes = REMOTE_ROUTES.filter((route) => !remote || route.remote === remote).map((r) => r.path)
  if (remote) return routes
  return [...routes, ...Object.keys(SHELL_LAZY_SCREENS)]
}

/** `pathname` without its trailing slashes (`/` stays): the path both servers serve a route's page for. */
const withoutTrailingSlash = (pathname: string) => pathname.replace(/(.)\/+$/, '$1')

/**
 * Whether `pathname` (a trailing slash tolerated) gets a page: a route, a shell screen or a standalone page.
 * Any other extension-less path is answered 404 with the shell's page, which shows the not-found screen (both
 * servers: nginx finds no page file for it).
 */
export function isPagePath(pathname: string): boolean {
  const path = withoutTrailingSlash(pathname)
  return appPagePaths().includes(path) || Object.hasOwn(STANDALONE_PAGES, path)
}

/**
 * The paths anyone may open and search engines may index: the route table's public routes, and a standalone
 * page whose remote serves public routes only (the promotion landing for ad traffic). Every other page is sent
 * with `X-Robots-Tag: noindex, nofollow` (ROBOTS_NOINDEX) by both servers; these are the sitemap's.
 */
export function publicPaths(): string[] {
  const routes = REMOTE_ROUTES.filter((route) => route.public).map((route) => route.path)
  const standalone = Object.entries(STANDALONE_PAGES)
    .filter(([, remote]) => REMOTE_ROUTES.every((route) => route.remote !== remote || route.public))
    .map(([path]) => path)
  return [...routes, ...standalone]
}

/** Whether the page at `pathname` (a trailing slash tolerated) is public (`publicPaths`). */
export function isPublicPath(pathname: string): boolean {
  return publicPaths().includes(withoutTrailingSlash(pathname))
}

/** The `X-Robots-Tag` a page at `pathname` is sent with: none on a public page, ROBOTS_NOINDEX otherwise. */
export function robotsHeaders(pathname: string): Record<string, string> {
  return isPublicPath(pathname) ? {} : { 'X-Robots-Tag': ROBOTS_NOINDEX }
}

/** The files for crawlers the release writes beside the pages, served at the site's root by both servers. */
export const CRAWLER_FILES = ['robots.txt', 'sitemap.xml'] as const

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * robots.txt and sitemap.xml for the site at `publicOrigin` (the deploy setting `PUBLIC_ORIGIN`): the sitemap
 * lists the public paths only, robots.txt names it. In-app routes are not disallowed there: a crawler that
 * may not fetch a page never sees its `X-Robots-Tag: noindex`, and could still index its address.
 */
export function crawlerFiles(publicOrigin: string): Record<(typeof CRAWLER_FILES)[number], string> {
  const origin = publicOrigin.replace(/\/+$/, '')
  const urls = publicPaths().map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`)
  return {
    'robots.txt': `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`,
    'sitemap.xml': [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n'),
  }
}

export interface PageInput {
  shellDir: string
  cdnDir: string
  registryFile: string
  settings: Record<string, unknown>
  /** Preload the route remote's chain (default); the monolithic benchmark build has no remotes. */
  remoteChain?: boolean
  /** The site's public origin for canonical and shared-link addresses; default `PUBLIC_ORIGIN`. */
  origin?: string
  /**
   * The registry the page is written from: a side's (`canaryRegistry`). Default: the file's, each remote on
   * its control side.
   */
  registry?: RegistryDoc | null
}

/**
 * The page for `pathname`, from the shell build's index.html, the current registry and the route remote's
 * current release; null when the shell is not built. Its CSP is every page's (`pageScriptHashes`).
 */
export function renderPage(pathname: string, input: PageInput): string | null {
  // Read again only when the build changes: the Node server renders a page on request where none is written.
  const index = readBuilt(join(input.shellDir, 'index.html'), (text) => text)
  if (index === null) return null
  const html = injectSettings(index, input.settings)
  const settings = pageSettings(input.settings)
  const preload = routePreload(pathname, {
    registry:
      input.registry !== undefined ? input.registry : controlRegistry(readPageRegistry(input.registryFile)),
    cdnDir: input.cdnDir,
    shellDir: input.shellDir,
    indexHtml: html,
    remoteChain: input.remoteChain,
    settings,
  })
  const script = preload.firstCalls.length > 0 ? firstCallScript(input.shellDir) : null
  const preloaded = injectPreload(html, preload, script).html
  const page = preload.firstFrame
    ? injectFirstFrame(preloaded, preload.firstFrame, input.shellDir, settings)
    : preloaded
  const origin = input.origin ?? publicOrigin()
  return injectPageHead(page, { path: pathname, head: preload.head ?? null, settings, origin })
}

/** The shell build's `first-call.js`, which route pages and standalone pages inline; null without one. */
export function firstCallScript(shellDir: string): InlineScript | null {
  return readInlineScript(join(shellDir, FIRST_CALL_SCRIPT))
}

/** A classic inline `<script>` (no `src`, not a JSON data block) and its text. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/json")[^>]*>([\s\S]*?)<\/script>/g

/**
 * The CSP script sources for every page of this shell build: the first-call script's hash, which any page
 * may inline, and those of the scripts the shell's index.html carries inline (the entry watchdog, which the
 * standalone page carries too). One policy for all pages, so that nginx, which cannot vary it per file,
 * sends the same as the Node server.
 */
export function pageScriptHashes(shellDir: string): string[] {
  const script = firstCallScript(shellDir)
  const index = readBuilt(join(shellDir, 'index.html'), (html) => html)
  const inline = [...(index ?? '').matchAll(INLINE_SCRIPT)].map((match) => scriptHash(match[1]))
  return [...new Set([...(script ? [script.hash] : []), ...inline])]
}

/** The settings stored with the pages, or null when none are (or they are unreadable). */
function storedSettings(pagesDir: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(readFileSync(join(pagesDir, SETTINGS_FILE), 'utf8'))
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

/**
 * The settings a release of one remote writes its pages with: those stored with the pages, else the
 * environment's. Read by `pnpm release` before it builds, so that a production release that would write pages
 * without the settings production needs stops at once, naming each (ADR 0038). A rollback does not ask: it
 * must work whatever the pages were written with.
 */
export function releaseSettings(
  cdnDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, unknown> {
  const stored = storedSettings(pagesDirOf(cdnDir))
  if (!stored) return settingsFromEnv(env)
  if (env.DEPLOY_PROFILE === 'production') requireStoredProductionSettings(stored)
  return stored
}

export interface WritePagesOptions {
  cdnDir: string
  registryFile: string
  shellDir: string
  /**
   * The deploy settings to write into the pages. Default: the ones the pages were last written with (a
   * release of one remote changes nothing else), else the environment's.
   */
  settings?: Record<string, unknown>
  /** Only this remote's routes (its release or rollback); default: every page (a shell release). */
  remote?: string
}

/** A page a write would leave: its html, or null where no page may be (a standalone page without a release). */
export interface PlannedPage {
  path: string
  /** The remote whose registry entry the page depends on; null for a shell screen. */
  remote: string | null
  file: string
  html: string | null
  /** A page of its remote's canary side (in `canaryPagesDirOf`), null where the remote has no canary. */
  canary?: true
}

/**
 * Every page `writeRoutePages` would write for these options, rendered from the registry, the releases and the
 * shell build as they are now, and the settings it would write them with; null when the shell is not built.
 */
export function plannedRoutePages(
  options: WritePagesOptions,
): { settings: Record<string, unknown>; pages: PlannedPage[] } | null {
  if (!existsSync(join(options.shellDir, 'index.html'))) return null
  const pagesDir = pagesDirOf(options.cdnDir)
  const settings = options.settings ?? storedSettings(pagesDir) ?? settingsFromEnv()
  const registry = readPageRegistry(options.registryFile)
  const control = controlRegistry(registry)
  const pages: PlannedPage[] = []
  // Each page of a remote has a canary side's beside it while the remote's canary runs, none otherwise (ADR
  // 0058): one a previous canary left is removed.
  const canaryPage = (path: string, remote: string, html: (view: RegistryDoc) => string | null) => {
    const view = canaryRegistry(registry, remote)
    const file = join(canaryPagesDirOf(pagesDir), pageFileName(path))
    pages.push({ path, remote, file, html: view && html(view), canary: true })
  }
  for (const path of appPagePaths(options.remote)) {
    const html = renderPage(path, { ...options, settings, registry: control })
    if (html === null) continue
    const remote = REMOTE_ROUTES.find((route) => route.path === path)?.remote ?? null
    pages.push({ path, remote, file: join(pagesDir, pageFileName(path)), html })
    if (remote) canaryPage(path, remote, (view) => renderPage(path, { ...options, settings, registry: view }))
  }
  // Standalone pages (ADR 0017) belong to their remote's release too. One whose remote has no release with
  // such a page is removed, so no server keeps sending an old one.
  const script = firstCallScript(options.shellDir)
  for (const [path, remote] of Object.entries(STANDALONE_PAGES)) {
    if (options.remote && options.remote !== remote) continue
    const html = standaloneHtml(remote, control, options.cdnDir, settings, script)
    pages.push({ path, remote, file: join(pagesDir, pageFileName(path)), html })
    canaryPage(path, remote, (view) => standaloneHtml(remote, view, options.cdnDir, settings, script))
  }
  return { settings, pages }
}

/**
 * Writes the route pages into the CDN folder's pages folder, each atomically, and returns the paths written.
 * Nothing when the shell is not built: the servers then send its index.html as they find it. A release,
 * rollback or shell release goes through `publishPages` (deploy/src/release/release.ts), which adds the lock and the
 * compressed copies.
 */
export function writeRoutePages(options: WritePagesOptions): string[] {
  const plan = plannedRoutePages(options)
  if (!plan) return []
  const pagesDir = pagesDirOf(options.cdnDir)
  mkdirSync(pagesDir, { recursive: true })
  if (!options.remote) {
    writeAtomically(join(pagesDir, SETTINGS_FILE), `${JSON.stringify(plan.settings)}\n`)
    // Without a public origin (a production deploy that sets none) no sitemap is better than a wrong one.
    const origin = typeof plan.settings.publicOrigin === 'string' ? plan.settings.publicOrigin : null
    const files = origin ? crawlerFiles(origin) : null
    for (const name of CRAWLER_FILES) {
      if (files) writeAtomically(join(pagesDir, name), files[name])
      else rmSync(join(pagesDir, name), { force: true })
    }
  }
  const written: string[] = []
  for (const page of plan.pages) {
    if (page.html === null) {
      rmSync(page.file, { force: true })
      markDataPage(page)
      continue
    }
    writeAtomically(page.file, page.html)
    markDataPage(page)
    written.push(page.path)
  }
  return written
}

/**
 * Puts the page's data marker as its html says (`isDataRoutePage`): written beside a data route's page, gone
 * beside any other page and where no page is. Whether it had to change.
 */
export function markDataPage(page: PlannedPage): boolean {
  const marker = dataMarkerOf(page.file)
  const wanted = page.html !== null && isDataRoutePage(page.html, page.path)
  if (wanted === existsSync(marker)) return false
  if (wanted) writeAtomically(marker, '')
  else rmSync(marker, { force: true })
  return true
}

/** The registry entries a route page carries (its `#mf-preload` block), as written; null when it carries none. */
export function carriedRemotes(html: string): Record<string, unknown> | null {
  const block = /<script type="application\/json" id="mf-preload">([\s\S]*?)<\/script>/.exec(html)
  if (!block) return null
  try {
    const remotes = (JSON.parse(block[1]) as { registry?: { remotes?: unknown } } | null)?.registry?.remotes
    return remotes && typeof remotes === 'object' && !Array.isArray(remotes)
      ? (remotes as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}
