import { isDeepStrictEqual } from 'node:util'
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import type { RemoteProps, Settings } from '../contract/contract'
import { createHttp } from '../http/http'
import { callQuery } from '../session/session'
import { matchRoute, type RemoteName } from '../routes/route-table'
import type { ApiResult } from '../schema/schema'
import { PageOriginContext } from '../ui/server-image'
import { RenderedLoadsContext, type LoadState, type RenderedLoads } from '../ui/use-load'
import {
  firstFrameProps,
  type DataPage,
  type RenderedWithData,
  firstFramePath,
  withParams,
  type FirstFrameRenderer,
  type FirstFrameRoute,
} from './first-frame'
import { PLAIN_HASH_ROUTE } from './frame-hash'

/**
 * The server side of a remote's first frame (ADR 0018), bundled into its `.server/first-frame.cjs` by the
 * remote build (shared/config/first-frame.ts): renders `Root` as its lifecycles would mount it, for the
 * routes the remote declares (`paths`: those whose first render its team knows to be the same for every
 * borrower, such as static pages and loading states), and checks it (`withParams`). A frame is the screen
 * of the empty hash, and of each hash route the remote declares for its path once rendered the same with it
 * (ADR 0049); a declared one that renders otherwise gives the route no frame.
 */
export function createFirstFrameRenderer(
  remote: RemoteName,
  Root: ComponentType<RemoteProps>,
  routes: readonly FirstFrameRoute[],
): FirstFrameRenderer {
  const paths = routes.map(firstFramePath)
  const hashesOf = (path: string) =>
    routes.flatMap((route) => (typeof route !== 'string' && route.path === path ? route.hashes : []))
  return {
    paths,
    renderWithData: (path, settings, page) => renderWithData(remote, Root, paths, path, settings, page),
    renderFirstFrame(path: string, settings: Settings) {
      const route = matchRoute(path)
      if (!route || route.remote !== remote) return { skipped: `${path} is not a route of ${remote}` }
      if (!paths.includes(route.path))
        return { skipped: `${remote} declares no first frame for ${route.path}` }
      try {
        const plain = firstFrameProps(route, settings)
        const first = withParams(plain, [], '')
        // The loads the screen starts, counted, not run: its frame is their loading state all the same.
        let loads = 0
        const counted: RenderedLoads = { take: () => undefined, start: () => void loads++ }
        const html = renderToString(
          <RenderedLoadsContext.Provider value={counted}>
            <Root {...first.props} />
          </RenderedLoadsContext.Provider>,
        )
        const keys = new Set(first.reads)
        for (const value of ['1', '2']) {
          const probe = withParams(plain, keys, value)
          if (renderToString(<Root {...probe.props} />) !== html) {
            return { skipped: `${path}'s first frame shows ${[...keys].join(', ')}` }
          }
          probe.reads.forEach((key) => keys.add(key))
        }
        const submits = nativelySubmittingForm(html)
        if (submits) {
          return {
            skipped: `${path}'s first frame has a form that the browser would submit before the JS arrives (${submits}): give it method="dialog"`,
          }
        }
        const declared = hashesOf(route.path)
        for (const hash of declared) {
          if (!PLAIN_HASH_ROUTE.test(hash))
            return { skipped: `${path} declares an unusual hash route "${hash}"` }
          if (renderToString(<Root {...plain} hash={hash} />) !== html) {
            return { skipped: `${path}#${hash} renders another screen than ${path}` }
          }
        }
        return { html, hashes: [...new Set(['', ...declared])], ...(loads > 0 && { loads: true as const }) }
      } catch (error) {
        return { skipped: `${path}'s first frame failed to render: ${(error as Error).message}` }
      }
    },
  }
}

/**
 * The request helper of a render on the server: it answers a call from the answers the service got for this
 * page (by the helper's own key, so a call the screen builds otherwise finds none), never from the network,
 * and shows no toast. A call it has no answer for fails, and with it the render.
 */
function answeringHttp(page: DataPage): RemoteProps['http'] {
  return createHttp({
    ...page.endpoint,
    query: () => callQuery(page.session),
    notifier: { loading: () => () => undefined, error: () => undefined },
    firstCall: (key) =>
      key in page.answers
        ? Promise.resolve(page.answers[key])
        : Promise.reject(new Error('no answer on the server')),
  })
}

/**
 * The screen of `path` with the borrower's data (ADR 0054): a first render starts the screen's loads, whose
 * calls the service's answers answer; a second renders what they loaded, as the borrower's browser renders it
 * once hydrated with those loads. Only a screen whose every load succeeded is rendered: a failure shows what
 * the screen shows for it, and the static page lets the borrower's own call try again.
 */
async function renderWithData(
  remote: RemoteName,
  Root: ComponentType<RemoteProps>,
  paths: readonly string[],
  path: string,
  settings: Settings,
  page: DataPage,
): Promise<RenderedWithData | { skipped: string }> {
  const route = matchRoute(path)
  if (!route || route.remote !== remote) return { skipped: `${path} is not a route of ${remote}` }
  if (!paths.includes(route.path)) return { skipped: `${remote} declares no first frame for ${route.path}` }
  const props: RemoteProps = {
    ...firstFrameProps(route, settings),
    query: page.query,
    session: page.session,
    http: answeringHttp(page),
  }
  const render = (loads: RenderedLoads) =>
    renderToString(
      <PageOriginContext.Provider value={new URL(page.endpoint.appOrigin).origin}>
        <RenderedLoadsContext.Provider value={loads}>
          <Root {...props} />
        </RenderedLoadsContext.Provider>
      </PageOriginContext.Provider>,
    )
  try {
    const started = new Map<string, Promise<ApiResult<unknown>>>()
    render({ take: () => undefined, start: (id, load) => void started.set(id, load()) })
    if (started.size === 0) return { skipped: `${path} loads nothing` }
    const loads: Record<string, LoadState<unknown>> = {}
    for (const [id, loading] of started) {
      const result = await loading
      if (!result.ok) return { skipped: `a load of ${path} failed: ${result.message}` }
      loads[id] = { status: 'ready', data: result.data }
    }
    // The page carries them as JSON: data that would come back otherwise would render otherwise.
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(loads)), loads)) {
      return { skipped: `${path}'s data does not survive JSON` }
    }
    const html = render({ take: (id) => loads[id] })
    return { html, loads }
  } catch (error) {
    return { skipped: `${path} failed to render with its data: ${(error as Error).message}` }
  }
}

/**
 * A `<form>` in a frame that the browser itself would submit when tapped (or Enter is pressed) before the
 * screen has hydrated: a navigation that reloads the page and loses the link's parameters and what was typed.
 * `method="dialog"` submits nothing outside a dialog, and the screen's own handler takes over once hydrated.
 */
function nativelySubmittingForm(html: string): string | null {
  for (const [tag] of html.matchAll(/<form\b[^>]*>/gi)) {
    if (!/\smethod="dialog"/i.test(tag)) return tag
  }
  return null
}
