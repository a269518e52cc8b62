import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs'
import { get } from 'node:https'
import { join, relative, sep } from 'node:path'
import { REMOTES_URL } from 'deploy/paths'
import { listFiles, releaseRemote } from 'deploy/release'
import { REMOTE_ROUTES } from 'shared/routes'
import { run } from './common.ts'
import { CHANGE } from './one-line-change.ts'
import {
  brotli,
  MONOLITH_DIST,
  MONOLITH_RELEASE_DIST,
  NGINX_RELEASE_PREFIX,
  NGINX_RENDERED_RELEASE_PREFIX,
  PERF_DIR,
  readRegistryFile,
  RELEASE_DIR,
  ROOT_DIR,
  serveRenderService,
  serveSwitchable,
  serveWithNginx,
  type FederatedBuild,
  type Served,
} from './serve-builds.ts'

/**
 * The release profile's two states (issue #26, item 3): the deployment as measured cold and warm ("before"),
 * and the same deployment after a release of mf-loan built with a one-line change (one-line-change.ts), with
 * the monolith rebuilt with the same change ("after"). Each configuration serves both states at one origin and
 * switches between a borrower's first visit and the measured load, so the visit's HTTP cache applies:
 *
 * - the Node server (federated and monolithic): one HTTP/2 server over two deploy handlers (serveSwitchable);
 * - nginx: deploy/nginx.conf with the CDN folder at a symbolic link that points at the CDN before or after the
 *   release (nginx resolves the path on every request and has no open_file_cache), as a release on a real
 *   server leaves new files beside the old ones and rewrites the registry and the remote's pages;
 * - rendered: a second such nginx over the same link, with the render service over it (ADR 0055), which reads
 *   each page, and the release it names, through the link.
 *
 * The release is made by the project's own release code (`releaseRemote`: the version folder, its compressed
 * copies, the registry, the remote's route pages) into a copy of the benchmark's CDN, never into deploy/cdn.
 */

export type ReleaseState = 'before' | 'after'

export interface SizedFile {
  /** The address the browser fetches it at. */
  path: string
  /** As the servers send it: its brotli copy (or, without one, brotli 11 as the Node server makes it). */
  bytes: number
  /**
   * A released file with the same bytes at the same place in the previous version's folder: downloaded again
   * only because a release is a new folder (its address changed, not its content).
   */
  unchanged?: boolean
}

export interface ReleaseInfo {
  pkg: string
  remote: string
  /** The change, relative to the repository. */
  change: { file: string; from: string; to: string }
  before: string
  after: string
  /** Every file of the released version starts with this: `/remotes/mf-loan/<version>/`. */
  prefix: string
  /** The released version's own files (those a browser may fetch: no build stats, no dot folders). */
  files: SizedFile[]
  bytes: number
  /** The monolith's files whose name or content the change altered (its page, index.html, left out). */
  monolith: { changed: SizedFile[]; bytes: number; before: string[] }
}

const CHANGED_ROOT = join(RELEASE_DIR, 'root')
const AFTER_CDN = join(RELEASE_DIR, 'cdn')
/** The CDN folder nginx serves in the release profile: a link to the CDN before or after the release. */
const LIVE_CDN = join(RELEASE_DIR, 'live')

/**
 * Builds mf-loan and the monolith with the change (tsx perf/one-line-change.ts): mf-loan into a workspace
 * root of its own (its `dist` and `package.json`, what `releaseRemote` reads), the monolith beside the one the
 * other profiles measure.
 */
export async function buildChanged(): Promise<void> {
  const tsx = join(PERF_DIR, '..', 'node_modules', '.bin', 'tsx')
  const script = join(PERF_DIR, 'one-line-change.ts')
  const pkgDir = join(CHANGED_ROOT, CHANGE.pkg)
  rmSync(RELEASE_DIR, { recursive: true, force: true })
  mkdirSync(pkgDir, { recursive: true })
  cpSync(join(ROOT_DIR, CHANGE.pkg, 'package.json'), join(pkgDir, 'package.json'))
  console.log(`\n› ${CHANGE.pkg} with the one-line change (${relative(ROOT_DIR, CHANGE.file)})`)
  await run(tsx, [script, CHANGE.pkg, join(pkgDir, 'dist')], join(ROOT_DIR, CHANGE.pkg))
  console.log('› the monolith with the same change')
  await run(tsx, [script, 'monolith', MONOLITH_RELEASE_DIST], join(PERF_DIR, '..'))
}

/** A file's size as the servers send it (text: brotli; the release wrote `.br` copies, the monolith has none). */
function sentBytes(file: string): number {
  if (existsSync(`${file}.br`)) return statSync(`${file}.br`).size
  return /\.(js|mjs|css|html|json|svg|map)$/.test(file)
    ? brotli(readFileSync(file)).length
    : statSync(file).size
}

/** A folder's files a browser may fetch: no compressed copies, no dot folders, no build stats. */
function servedFiles(dir: string): string[] {
  return listFiles(dir).filter((file) => {
    const rel = relative(dir, file)
    return (
      !/\.(br|gz)$/.test(rel) &&
      !rel.split(sep).some((part) => part.startsWith('.')) &&
      !/mf-stats\.json$/.test(rel)
    )
  })
}

/** The monolith's files the rebuild changed (a new name, or the same name with other bytes). */
function monolithChanges(): ReleaseInfo['monolith'] {
  const before = new Map(servedFiles(MONOLITH_DIST).map((f) => [relative(MONOLITH_DIST, f), f]))
  const changed: SizedFile[] = []
  for (const file of servedFiles(MONOLITH_RELEASE_DIST)) {
    const rel = relative(MONOLITH_RELEASE_DIST, file)
    if (rel === 'index.html') continue
    const old = before.get(rel)
    if (old && readFileSync(old).equals(readFileSync(file))) continue
    changed.push({ path: `/${rel.split(sep).join('/')}`, bytes: sentBytes(file) })
  }
  return {
    changed,
    bytes: changed.reduce((sum, f) => sum + f.bytes, 0),
    before: [...before.keys()].map((rel) => `/${rel.split(sep).join('/')}`),
  }
}

/**
 * Copies the benchmark's CDN (with the route pages nginx's start wrote, timestamps kept) and releases the
 * changed mf-loan into the copy with `releaseRemote`, as `pnpm release` would on the server.
 */
export function releaseIntoCopy(federated: FederatedBuild): { info: ReleaseInfo; after: FederatedBuild } {
  rmSync(AFTER_CDN, { recursive: true, force: true })
  cpSync(federated.cdnDir, AFTER_CDN, { recursive: true, preserveTimestamps: true })
  const after: FederatedBuild = {
    shellDir: federated.shellDir,
    cdnDir: AFTER_CDN,
    registryFile: join(AFTER_CDN, 'registry.json'),
  }
  const result = releaseRemote(CHANGE.pkg, {
    rootDir: CHANGED_ROOT,
    cdnDir: after.cdnDir,
    registryFile: after.registryFile,
    shellDir: after.shellDir,
  })
  const before = readRegistryFile(federated.registryFile)[CHANGE.remote]?.version
  if (!before) throw new Error(`${CHANGE.remote} is not released in the benchmark's copy of the CDN`)
  if (!result.changed || result.version === before) {
    throw new Error(
      `the release of ${CHANGE.pkg} with the change did not make a new version (${result.version})`,
    )
  }
  const versionDir = join(after.cdnDir, CHANGE.pkg, result.version)
  const prefix = `${REMOTES_URL}/${CHANGE.pkg}/${result.version}/`
  const beforeDir = join(federated.cdnDir, CHANGE.pkg, before)
  const files = servedFiles(versionDir).map((file) => {
    const old = join(beforeDir, relative(versionDir, file))
    return {
      path: prefix + relative(versionDir, file).split(sep).join('/'),
      bytes: sentBytes(file),
      unchanged: existsSync(old) && readFileSync(old).equals(readFileSync(file)),
    }
  })
  const info: ReleaseInfo = {
    pkg: CHANGE.pkg,
    remote: CHANGE.remote,
    change: { file: relative(ROOT_DIR, CHANGE.file), from: CHANGE.from, to: CHANGE.to },
    before,
    after: result.version,
    prefix,
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    monolith: monolithChanges(),
  }
  return { info, after }
}

/** Points `link` at `target`, atomically (a new link renamed over the old one). */
function pointLink(link: string, target: string): void {
  const temp = `${link}.${process.pid}.tmp`
  rmSync(temp, { force: true })
  symlinkSync(target, temp)
  renameSync(temp, link)
}

/** A configuration of the release profile: one origin, switched between the two states. */
export interface ReleaseServer extends Served {
  use(state: ReleaseState): void
}

export interface ReleaseServers {
  federated: ReleaseServer
  monolithic: ReleaseServer
  nginx: ReleaseServer
  rendered: ReleaseServer
  brotli: boolean
  close(): Promise<void>
}

/** GETs a path of a benchmark server (self-signed certificate) and resolves with the body. */
function fetchText(origin: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(new URL(path, origin), { rejectUnauthorized: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
      res.on('error', reject)
    }).on('error', reject)
  })
}

/**
 * The four configurations over both states. `apiUpstream`: the demo API nginx proxies to (the other
 * profiles' Node server; the API is the same in both states). Each is checked once in each state: the
 * registry it serves names the right mf-loan version, and so does the page of mf-loan's first route.
 */
export async function serveRelease(
  federated: FederatedBuild,
  after: FederatedBuild,
  info: ReleaseInfo,
  apiUpstream: string,
  nginxPort: number,
  renderedPort: number,
  renderPort: number,
): Promise<ReleaseServers> {
  const node = await serveSwitchable<ReleaseState>({ before: federated, after }, 'before')
  const monolith = await serveSwitchable<ReleaseState>(
    {
      before: { ...federated, shellDir: MONOLITH_DIST, remoteChain: false },
      after: { ...after, shellDir: MONOLITH_RELEASE_DIST, remoteChain: false },
    },
    'before',
  )
  rmSync(LIVE_CDN, { force: true })
  pointLink(LIVE_CDN, federated.cdnDir)
  const live: FederatedBuild = {
    shellDir: federated.shellDir,
    cdnDir: LIVE_CDN,
    registryFile: join(LIVE_CDN, 'registry.json'),
  }
  const nginx = await serveWithNginx(live, apiUpstream, nginxPort, NGINX_RELEASE_PREFIX)
  const renderService = await serveRenderService(live, renderPort)
  const rendered = await serveWithNginx(
    live,
    apiUpstream,
    renderedPort,
    NGINX_RENDERED_RELEASE_PREFIX,
    renderService.origin,
    nginx.settings,
  )
  const use = (state: ReleaseState) =>
    pointLink(LIVE_CDN, state === 'after' ? after.cdnDir : federated.cdnDir)
  const servers: ReleaseServers = {
    federated: node,
    monolithic: monolith,
    nginx: { ...nginx, use },
    rendered: { ...rendered, use },
    brotli: nginx.brotli,
    close: async () => {
      await Promise.all([
        node.close(),
        monolith.close(),
        nginx.close(),
        rendered.close(),
        renderService.close(),
      ])
    },
  }
  const route = REMOTE_ROUTES.find((r) => r.remote === info.remote)
  try {
    for (const state of ['after', 'before'] as const) {
      const version = state === 'after' ? info.after : info.before
      for (const server of [servers.federated, servers.nginx, servers.rendered]) {
        server.use(state)
        const registry = JSON.parse(await fetchText(server.origin, '/registry.json')) as {
          remotes: Record<string, { version?: string }>
        }
        const page = route ? await fetchText(server.origin, route.path) : ''
        if (registry.remotes[info.remote]?.version !== version || (route && !page.includes(version))) {
          throw new Error(
            `${server.origin} does not serve ${info.remote} ${version} ${state} the release (registry: ${registry.remotes[info.remote]?.version})`,
          )
        }
      }
    }
  } catch (error) {
    await servers.close()
    throw error
  }
  return servers
}
