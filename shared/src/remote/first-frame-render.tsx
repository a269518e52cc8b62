import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import type { RemoteProps, Settings } from '../contract/contract'
import { matchRoute, type RemoteName } from '../routes/route-table'
import {
  firstFrameProps,
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
    renderFirstFrame(path: string, settings: Settings) {
      const route = matchRoute(path)
      if (!route || route.remote !== remote) return { skipped: `${path} is not a route of ${remote}` }
      if (!paths.includes(route.path))
        return { skipped: `${remote} declares no first frame for ${route.path}` }
      try {
        const plain = firstFrameProps(route, settings)
        const first = withParams(plain, [], '')
        const html = renderToString(<Root {...first.props} />)
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
        return { html, hashes: [...new Set(['', ...declared])] }
      } catch (error) {
        return { skipped: `${path}'s first frame failed to render: ${(error as Error).message}` }
      }
    },
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
