import * as v from 'valibot'
import type { SessionSnapshot } from '../session/session'
import type { LoadState } from '../ui/use-load'

/**
 * A page whose screen was rendered with the borrower's data (ADR 0054) carries, beside its first frame, what
 * that render's loads loaded: a JSON block the hydrating screen takes instead of calling again. It says which
 * version rendered it and for which query and session, so a page the browser would render otherwise (another
 * version mounted, a session the address bar did not give the server) never hands its data to that screen.
 */
export const RENDERED_LOADS_ID = 'rendered-loads'

export interface RenderedLoadsBlock {
  /** The remote's version whose renderer rendered the screen. */
  version: string
  /** The query and session the screen was rendered with (the page's address, as the server read it). */
  query: Record<string, string>
  session: SessionSnapshot
  /** Each load's data, by its `useLoad`'s id. */
  loads: Record<string, LoadState<unknown>>
}

const strings = v.record(v.string(), v.string())

const BlockSchema = v.object({
  version: v.pipe(v.string(), v.minLength(1)),
  query: strings,
  session: v.object({ session: strings, globals: strings, tracking: strings }),
  loads: v.record(v.string(), v.object({ status: v.literal('ready'), data: v.unknown() })),
})

/** The block as the page carries it: `<` escaped, so no value can end the element early. */
export function renderedLoadsScript(block: RenderedLoadsBlock): string {
  const json = JSON.stringify(block).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${RENDERED_LOADS_ID}">${json}</script>`
}

/** The block's element among `parent`'s children, whether it reads as one or not. */
export const renderedLoadsElement = (parent: ParentNode): Element | null =>
  parent.querySelector(`:scope > script#${RENDERED_LOADS_ID}`)

/** The block among `parent`'s children; null when there is none or it is not one (a mangled page). */
export function readRenderedLoads(parent: ParentNode): RenderedLoadsBlock | null {
  const script = renderedLoadsElement(parent)
  if (!script) return null
  try {
    const parsed = v.safeParse(BlockSchema, JSON.parse(script.textContent ?? ''))
    return parsed.success ? (parsed.output as RenderedLoadsBlock) : null
  } catch {
    return null
  }
}

/** Takes the block out of `parent`: its loads, or null when it held none. */
export function takeRenderedLoads(parent: ParentNode): RenderedLoadsBlock['loads'] | null {
  const block = readRenderedLoads(parent)
  renderedLoadsElement(parent)?.remove()
  return block?.loads ?? null
}

/** The same record of strings, whatever the order of its keys. */
function sameStrings(a: Partial<Record<string, string>>, b: Partial<Record<string, string>>): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key])
}

/**
 * Whether a screen mounted with `query` and `session` renders what the block's render did: the server had only
 * the page's address, the browser also the session it kept (a reload), so they may differ.
 */
export function renderedFor(
  block: RenderedLoadsBlock,
  query: Record<string, string>,
  session: SessionSnapshot,
): boolean {
  return (
    sameStrings(block.query, query) &&
    sameStrings(block.session.session, session.session) &&
    sameStrings(block.session.globals, session.globals) &&
    sameStrings(block.session.tracking, session.tracking)
  )
}
