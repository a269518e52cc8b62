import { existsSync, readdirSync } from 'node:fs'
import { dirname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

export const DEPLOY_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const ROOT_DIR = resolve(DEPLOY_DIR, '..')
/** The local CDN: `cdn/<remote>/<version>/` plus `cdn/registry.json`. */
export const CDN_DIR = process.env.CDN_DIR ? resolve(process.env.CDN_DIR) : join(DEPLOY_DIR, 'cdn')
export const REGISTRY_FILE = join(CDN_DIR, 'registry.json')
export const SHELL_DIST = join(ROOT_DIR, 'shell', 'dist')
/** URL prefix the CDN is served under. */
export const REMOTES_URL = '/remotes'

/** Every remote package in the workspace (`mf-*` folders with a vite config). */
export function remotePackages(): string[] {
  return readdirSync(ROOT_DIR)
    .filter((name) => name.startsWith('mf-') && existsSync(join(ROOT_DIR, name, 'vite.config.ts')))
    .sort()
}

/** Federation name for a package: `mf-site` → `mf_site`. */
export function federationName(pkg: string): string {
  return pkg.replace(/-/g, '_')
}

export function packageOf(name: string): string {
  return name.replace(/_/g, '-')
}

/** `rel` resolved inside `root`, or null when it climbs out of it. */
export function resolveInside(root: string, rel: string): string | null {
  const base = resolve(root)
  const full = resolve(base, rel)
  return full === base || full.startsWith(base + sep) ? full : null
}
