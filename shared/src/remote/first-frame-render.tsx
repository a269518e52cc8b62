import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import type { RemoteProps, Settings } from '../contract/contract'
import { matchRoute, type RemoteName } from '../routes/route-table'
import { firstFrameProps, withParams, type FirstFrameRenderer } from './first-frame'

/**
 * The server side of a remote's first frame (ADR 0018), bundled into its `.server/first-frame.cjs` by the
 * remote build (shared/config/first-frame.ts): renders `Root` as its lifecycles would mount it, for the
 * routes the remote declares (`paths`: those whose first render its team knows to be the same for every
 * borrower, such as static pages and loading states), and checks it (`withParams`).
 */
export function createFirstFrameRenderer(
  remote: RemoteName,
  Root: ComponentType<RemoteProps>,
  paths: readonly string[],
): FirstFrameRenderer {
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
        return { html }
      } catch (error) {
        return { skipped: `${path}'s first frame failed to render: ${(error as Error).message}` }
      }
    },
  }
}
