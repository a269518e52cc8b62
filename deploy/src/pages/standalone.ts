import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REMOTE_ROUTES } from 'shared/routes'
import { injectStandaloneFrame, pageSettings, renderFirstFrame } from './first-frame'
import { packageOf, REMOTES_URL, resolveInside } from '../paths'
import type { RegistryDoc } from '../registry-file'
import {
  declaredFirstCalls,
  declaredHead,
  injectFirstCalls,
  staticClosure,
  type InlineScript,
} from './page-preloads'
import { injectPageHead } from './page-head'
import { injectSettings, publicOrigin, replaceLiteral } from '../settings'

/**
 * Standalone pages (ADR 0017): a remote page served without the shell, at a stable path ad links can use, from
 * the registry's current release of that remote (`<version>/standalone/index.html`, built by the remote).
 */
export const STANDALONE_PAGES: Readonly<Record<string, string>> = {
  '/standalone/promotion': 'mf_promotion',
}

/** The stable path's remote, a trailing slash tolerated; null for any other path. */
export function standaloneRemote(path: string): string | null {
  return STANDALONE_PAGES[path.replace(/(.)\/+$/, '$1')] ?? null
}

/**
 * The current release's standalone page of `remote` with the deployment's settings written in, its relative
 * asset addresses (`./assets/…`) pointing into the version folder; null when the registry names no release
 * of it or that release has no standalone page. Like a route page, it sends its screen's first calls from
 * the document when the release declares them and `firstCallScript` (the shell build's `first-call.js`,
 * whose hash every page's CSP allows) is given.
 */
export function standaloneHtml(
  remote: string,
  registry: RegistryDoc | null,
  cdnDir: string,
  settings: Record<string, unknown>,
  firstCallScript?: InlineScript | null,
): string | null {
  const version = registry?.remotes[remote]?.version
  if (!version) return null
  const pkg = packageOf(remote)
  const file = join(cdnDir, pkg, version, 'standalone', 'index.html')
  if (!existsSync(file)) return null
  const folder = `${REMOTES_URL}/${pkg}/${version}/standalone/`
  const built = readFileSync(file, 'utf8')
  // The entry's static imports start with the document, as a route page's chain does (ADR 0007), rather than
  // one round trip after another as each module is parsed.
  const entries = [...built.matchAll(/<script type="module"[^>]*\ssrc="\.\/([^"]+\.js)"/g)].map((m) => m[1])
  const chain = staticClosure(join(cdnDir, pkg, version, 'standalone'), entries).filter(
    (f) => !entries.includes(f),
  )
  const preloads = chain.map((f) => `<link rel="modulepreload" crossorigin href="./${f}">`).join('\n    ')
  const withSettings = injectSettings(
    (preloads ? replaceLiteral(built, '</head>', `  ${preloads}\n  </head>`) : built).replace(
      /(\s(?:src|href)=")\.\//g,
      (_, attr: string) => attr + folder,
    ),
    settings,
  )
  // The standalone entry shows the remote's first screen (its first route), as its first frame does.
  const route = REMOTE_ROUTES.find((r) => r.remote === remote)
  const releaseDir = join(cdnDir, pkg, version)
  const calls = route ? declaredFirstCalls(releaseDir, route.path) : []
  const parsed = pageSettings(settings)
  // The same head as the route's page: the landing's title, language, description and shared-link tags.
  const html = injectPageHead(injectFirstCalls(withSettings, calls, firstCallScript).html, {
    path: route?.path ?? null,
    head: route ? declaredHead(releaseDir, route.path) : null,
    settings: parsed,
    origin: publicOrigin(),
  })
  const frame = route && renderFirstFrame(releaseDir, route.path, parsed)
  if (!frame) return html
  return injectStandaloneFrame(
    html,
    frame,
    (href) =>
      href.startsWith(`${REMOTES_URL}/`) ? resolveInside(cdnDir, href.slice(REMOTES_URL.length + 1)) : null,
    parsed,
  )
}
