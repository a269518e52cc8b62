import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { matchRoute } from '../../shell/src/routes/route-table'
import { REMOTES_URL } from './paths'
import type { RegistryDoc } from './registry-file'
import { scriptJson } from './settings'

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
  /** The registry and the route remote's manifest, so the shell fetches neither. */
  inline: { registry: RegistryDoc; manifests: Record<string, unknown> }
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/**
 * What an app route needs before it can paint, read from the current registry and the route remote's
 * `mf-manifest.json` on every request (so a release or rollback shows on the next load): the remote entry and
 * the exposed module's chunks as modulepreloads, its CSS as a preload, and the registry and manifest
 * inlined. Remotes stay independently deployable: nothing here is baked into the shell build.
 */
export function routePreload(pathname: string, registry: RegistryDoc, cdnDir: string): RoutePreload {
  const inline: RoutePreload['inline'] = { registry, manifests: {} }
  const route = matchRoute(pathname)
  const pointer = route ? registry.remotes[route.remote] : undefined
  if (!route || !pointer || !pointer.entry.startsWith(`${REMOTES_URL}/`)) return { tags: [], inline }
  const file = join(cdnDir, pointer.entry.slice(REMOTES_URL.length + 1))
  if (!existsSync(file)) return { tags: [], inline }
  let manifest: Manifest
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest
  } catch {
    return { tags: [], inline }
  }
  inline.manifests[pointer.entry] = manifest
  const base = pointer.entry.replace(/mf-manifest\.json$/, '')
  const entry = manifest.metaData?.remoteEntry
  const app = manifest.exposes?.find((expose) => expose.path === './app')
  const scripts = [
    ...(entry?.name ? [`${entry.path ? entry.path.replace(/\/?$/, '/') : ''}${entry.name}`] : []),
    ...(app?.assets?.js?.sync ?? []),
    ...(app?.assets?.js?.async ?? []),
  ]
  const tags = [
    ...[...new Set(scripts)].map(
      (s) => `<link rel="modulepreload" crossorigin href="${escapeAttr(base + s)}">`,
    ),
    // A preload, never a stylesheet link: a hung remote must not block the shell's own first paint.
    ...(app?.assets?.css?.sync ?? []).map(
      (s) => `<link rel="preload" as="style" crossorigin href="${escapeAttr(base + s)}">`,
    ),
  ]
  return { tags, inline }
}

/** Adds the preload tags and the inline data block to the shell's index.html. */
export function injectPreload(html: string, preload: RoutePreload): string {
  const json = scriptJson(preload.inline)
  const block = `<script type="application/json" id="mf-preload">${json}</script>`
  return html.replace('</head>', `    ${[...preload.tags, block].join('\n    ')}\n  </head>`)
}
