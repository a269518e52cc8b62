import { REMOTE_ROUTES, type RemoteName, type RemoteRouteDef, type RoutePath } from '../routes/route-table'

/**
 * A remote's page heads (issue #31, ADR 0031): its team writes its public routes' texts in its
 * `src/app/head.ts` and passes them to `remoteConfig({ …, head })`; the build ships them beside the manifest
 * (`HEAD_FILE`) and the release writes them into each route's page, with the route table's title and language.
 */
export const HEAD_FILE = 'head.json'

/** What a route's page says of it to search engines and shared links. */
export interface RouteHead {
  /** The meta description, and the shared link's description. */
  description: string
}

export type RemoteHead = Partial<Record<RoutePath, RouteHead>>

/** The head a release declares for `path` (its `head.json`, parsed), or null: none, or not of this shape. */
export function parseRouteHead(value: unknown, path: string): RouteHead | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const entry = (value as Record<string, unknown>)[path]
  if (!entry || typeof entry !== 'object') return null
  const description = (entry as Record<string, unknown>).description
  return typeof description === 'string' && description.trim() ? { description: description.trim() } : null
}

/** The public routes of `remote` its head gives no description (its test expects none). */
export function publicRoutesWithoutHead(remote: RemoteName, head: RemoteHead): string[] {
  return REMOTE_ROUTES.filter(
    (route: RemoteRouteDef) => route.remote === remote && route.public && !parseRouteHead(head, route.path),
  ).map((route) => route.path)
}
