import type { RemoteProps, Settings } from '../contract/contract'
import type { Endpoint, RawResponse } from '../http/request'
import { emptySession, type SessionSnapshot } from '../session/session'
import type { LoadState } from '../ui/use-load'
import { localeFor, type RemoteRouteDef } from '../routes/route-table'

/**
 * The first frame (issue #16, ADR 0018): each remote's build ships a server renderer of its routes' first
 * frame (`FIRST_FRAME_MODULE`, in a dot folder no server sends to browsers); the release step renders it with
 * the deployment's settings into the route's page, so the screen paints from the HTML and the remote hydrates
 * it when its code arrives.
 */
export const FIRST_FRAME_MODULE = '.server/first-frame.cjs'

/** The page element holding a route's first frame, until the remote takes it over. */
export const FIRST_FRAME_ID = 'first-frame'

/**
 * Set on the element the shell hands a remote's `mount` when that element holds the route's first frame:
 * the remote hydrates it instead of rendering afresh. A remote built before first frames ignores it and
 * renders over it, as before.
 */
export const FIRST_FRAME_ATTR = 'data-first-frame'

/**
 * Moves the frame's content into the element the remote mounts into, marked so that the remote hydrates it,
 * and removes the frame. Both hold the content at the same place (the frame covers the top of the page, as
 * the remote's slot does), in one task: the borrower sees no change, and a field being typed in keeps the
 * focus (`moveKeepingFocus`).
 */
export function adoptFirstFrame(frame: HTMLElement, target: HTMLElement): void {
  const content = frame.querySelector('.remote-root')
  if (content) {
    moveKeepingFocus([...content.childNodes], target)
    target.setAttribute(FIRST_FRAME_ATTR, '')
  }
  frame.remove()
}

/**
 * Makes `nodes` the content of `into` (an element in the page). The borrower may be typing into a field among
 * them: taken out of the page, even to be put back at once, a focused element loses the focus, and every key
 * after that went to the page's body (issue #40: on a slow phone, the captcha typed right after the phone
 * number was lost). The control that had the focus gets it back, with its caret, in the same task, before the
 * browser handles another key.
 */
export function moveKeepingFocus(nodes: Node[], into: Element): void {
  const focused = into.ownerDocument.activeElement
  const moved =
    focused instanceof HTMLElement && nodes.some((node) => node.contains(focused)) ? focused : null
  const field = moved instanceof HTMLInputElement || moved instanceof HTMLTextAreaElement ? moved : null
  // Null on fields without a caret (an e-mail or number input): those get the focus alone.
  const start = field?.selectionStart ?? null
  const end = field?.selectionEnd ?? null
  const direction = field?.selectionDirection ?? undefined
  into.replaceChildren(...nodes)
  moved?.focus({ preventScroll: true })
  if (field && start !== null && end !== null) field.setSelectionRange(start, end, direction)
}

/**
 * The performance mark a page sets when the route's screen has mounted (or hydrated its first frame): taps
 * are handled from then. The load benchmark reads it as the route's interactive time.
 */
export const REMOTE_MOUNTED_MARK = 'remote-mounted'

/** What a remote's first-frame module exports. */
export interface FirstFrameRenderer {
  /** The routes the remote declared a first frame for. */
  paths: readonly string[]
  /**
   * The route's first frame as HTML, or why there is none: a route of another remote, a render that throws,
   * or one that depends on the query or the session (the page would paint something the borrower's own
   * render replaces).
   */
  renderFirstFrame(path: string, settings: Settings): RenderedFirstFrame | { skipped: string }
  /**
   * The route's screen with the borrower's data (ADR 0054): rendered as the borrower's browser will first
   * render it once its loads have answered, from the answers to the route's first calls a server made for
   * this page. Why not, when a load failed or its call was not among them, the render throws, or its data
   * does not survive JSON. Absent from renderers built before requests were rendered: the static page then.
   */
  renderWithData?(
    path: string,
    settings: Settings,
    page: DataPage,
  ): Promise<RenderedWithData | { skipped: string }>
}

/** A page request a screen is rendered for with the borrower's data (ADR 0054). */
export interface DataPage {
  /** The page's query as the screen gets it: the session parameters taken out (`pageQuery`). */
  query: Record<string, string>
  /** The session as the page's address gives it (`readParams`). */
  session: SessionSnapshot
  /** Where the calls go, as the page's own script builds them (`buildFirstCall`). */
  endpoint: Endpoint
  /** The answers to the route's first calls the server made for this page, by the request helper's key. */
  answers: Record<string, RawResponse>
}

/** A route's screen rendered with the borrower's data, and the data each of its loads rendered (by id). */
export interface RenderedWithData {
  html: string
  loads: Record<string, LoadState<unknown>>
}

/** A route's first frame as its remote renders it. */
export interface RenderedFirstFrame {
  html: string
  /**
   * The hash routes it is the screen of (ADR 0049): the empty one, and those its remote declared and the
   * renderer found to render the same. Absent from renderers built before hash routes were checked.
   */
  hashes?: readonly string[]
  /**
   * Its screen loads its data (its render reached a `useLoad`): the frame is the loading state, and the route
   * a data route even when the screen makes no first call (its data is its address, ADR 0057).
   */
  loads?: true
}

/** On a first frame's element: its screen loads its data (`RenderedFirstFrame.loads`). */
export const FRAME_LOADS_ATTR = 'data-frame-loads'

/**
 * A route a remote declares a first frame for (`remoteConfig({ firstFrames })`): its path, or its path with
 * the hash routes (`registerTemplate` of `#/registerTemplate?id=7`, route part only) whose first render is the
 * same as with no hash. A frame is never taken for a hash route it was not declared for (ADR 0049).
 */
export type FirstFrameRoute = string | { path: string; hashes: readonly string[] }

export const firstFramePath = (route: FirstFrameRoute): string =>
  typeof route === 'string' ? route : route.path

const never = <T>() => new Promise<T>(() => undefined)

/**
 * The props a route's first frame is rendered with: no query, no session, calls that never answer (a data
 * screen renders its loading state), the deployment's settings.
 */
export function firstFrameProps(route: RemoteRouteDef, settings: Settings): RemoteProps {
  return {
    screen: route.screen,
    query: {},
    hash: '',
    http: { get: never, post: never, upload: never },
    bridge: { channel: 'web', call: () => undefined, onNativeBack: () => () => undefined },
    session: emptySession(),
    settings,
    navigate: () => undefined,
    locale: localeFor(route.remote),
  }
}

type Part = 'query' | 'session' | 'globals' | 'tracking'

/** A record of `values` that notes every read of it (a key, a key test, a listing) as `part.key` / `part.*`. */
function watched<T extends object>(part: Part, values: Record<string, string>, reads: Set<string>): T {
  const note = (key: string | symbol) => void (typeof key === 'string' && reads.add(`${part}.${key}`))
  return new Proxy({ ...values } as T, {
    get: (target, key) => (note(key), Reflect.get(target, key)),
    has: (target, key) => (note(key), Reflect.has(target, key)),
    getOwnPropertyDescriptor: (target, key) => (note(key), Reflect.getOwnPropertyDescriptor(target, key)),
    ownKeys: (target) => (reads.add(`${part}.*`), Reflect.ownKeys(target)),
  })
}

/**
 * The props with a query and a session holding `value` under each of `keys` (`query.orderId`, …), noting what
 * the render reads of them. Rendered with none and with two values for every key a render reads, a first
 * frame must come out the same: the query and the session hold what only the borrower's address bar and
 * storage know, and a frame that shows them (or shows an error without them) would paint something else
 * than the borrower's own first render.
 */
export function withParams(
  props: RemoteProps,
  keys: Iterable<string>,
  value: string,
): { props: RemoteProps; reads: Set<string> } {
  const values: Record<Part, Record<string, string>> = { query: {}, session: {}, globals: {}, tracking: {} }
  for (const key of keys) {
    const [part, name] = key.split('.', 2) as [Part, string]
    // A render that lists the record gets a parameter it did not ask for by name.
    if (part in values) values[part][name === '*' ? 'probe' : name] = value
  }
  const reads = new Set<string>()
  const session: SessionSnapshot = {
    session: watched('session', values.session, reads),
    globals: watched('globals', values.globals, reads),
    tracking: watched('tracking', values.tracking, reads),
  }
  return { props: { ...props, query: watched('query', values.query, reads), session }, reads }
}

export {
  readRenderedLoads,
  RENDERED_LOADS_ID,
  renderedFor,
  renderedLoadsElement,
  renderedLoadsScript,
  takeRenderedLoads,
  type RenderedLoadsBlock,
} from './rendered-loads'
