import type * as Navigation from 'shared/navigation'
import type { Opened, ServerLinkContext } from 'shared/navigation'
import { vi } from 'vitest'

/**
 * `shared/navigation` for component tests: jsdom cannot leave the page, so the guard runs as it is and only
 * the browser's location is a recording fake. Use with
 * `vi.mock('shared/navigation', () => import('shared/testing/recorded-navigation'))`.
 */
const actual = await vi.importActual<typeof Navigation>('shared/navigation')

/** Where the page sent the browser, in order. */
export const visits: { url: string; replace: boolean }[] = []

const location = {
  assign: (url: string) => void visits.push({ url, replace: false }),
  replace: (url: string) => void visits.push({ url, replace: true }),
}

export const {
  classifyServerLink,
  classifyTarget,
  // It opens nothing: the guard's own answer, for the page jsdom is on.
  documentInFrame,
  openTarget,
  leftPage,
  appendQuery,
  NATIVE_ROUTES,
  REFUSED_MESSAGE,
} = actual

export function openServerLink(raw: unknown, context: ServerLinkContext): Opened | null {
  return actual.openTarget(
    actual.classifyServerLink(
      raw,
      { appOrigin: window.location.origin, allowedHosts: context.settings.allowedHosts, dev: false },
      context.append,
    ),
    {
      location,
      navigate: context.navigate,
      toNative: (value) => context.bridge.call('to', [value]),
      refuse: context.refuse,
    },
    { replace: context.replace },
  )
}
