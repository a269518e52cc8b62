import type { ComponentType, FunctionComponent } from 'react'
import * as React from 'react'
import * as ReactDOMClient from 'react-dom/client'
import singleSpaReact from 'single-spa-react'
import { CONTRACT_VERSION, type RemoteApp, type RemoteProps } from '../contract/contract'
import { RenderedLoadsContext, type LoadState, type RenderedLoads } from '../ui/use-load'
import { FIRST_FRAME_ATTR, moveKeepingFocus } from './first-frame'
import { hydrateFirstFrame } from './hydrate'
import { takeRenderedLoads } from './rendered-loads'

export const CRASH_MESSAGE = 'Something went wrong on this page. Please go back and try again.'

const roots = new WeakMap<RemoteApp['mount'], ComponentType<RemoteProps>>()

/**
 * The root component a remote's lifecycles mount: its first-frame renderer (ADR 0018) renders the same,
 * so what the page paints is what the remote then hydrates.
 */
export function rootComponentOf(app: Pick<RemoteApp, 'mount'>): ComponentType<RemoteProps> {
  const root = roots.get(app.mount)
  if (!root) throw new Error('not the lifecycles of createRemoteApp')
  return root
}

/**
 * The element a first frame is hydrated in: a plain one of its own, around the frame's content, inside the
 * element the host handed over. The shell's slot is an element the shell's own React renders. While the
 * screen hydrates, the shell's React finds each key and tap on the frame waiting for the screen's root, looks
 * that root's container up as its own element, so cannot hydrate the screen at once, and stops the event
 * (issue #40: the captcha typed while the landing hydrated never reached the screen). In a container no React
 * renders, React hydrates the screen at once on such an event and hands the event to it.
 */
function frameContainer(element: HTMLElement): HTMLElement {
  const container = element.ownerDocument.createElement('div')
  const frame = [...element.childNodes]
  element.append(container)
  moveKeepingFocus(frame, container)
  return container
}

/**
 * A remote's exposed `./app`: single-spa-react lifecycles around its root component (own React root per
 * mount, so a crash stays inside it) plus the contract version the shell checks. A mount into an element
 * that holds the route's first frame (the shell marks it with `FIRST_FRAME_ATTR`) hydrates that frame.
 */
export function createRemoteApp(Root: FunctionComponent<RemoteProps>): RemoteApp {
  let hydrate = false
  // The data the page's frame was rendered with (ADR 0054), for the mount that hydrates it; none after it.
  let pageLoads: Record<string, LoadState<unknown>> | null = null
  const rendered: RenderedLoads = { take: (id) => pageLoads?.[id] }
  const WithPageLoads = (props: RemoteProps) => (
    <RenderedLoadsContext.Provider value={rendered}>
      <Root {...props} />
    </RenderedLoadsContext.Provider>
  )
  const lifecycles = singleSpaReact<RemoteProps>({
    React,
    ReactDOMClient: { ...ReactDOMClient, hydrateRoot: hydrateFirstFrame },
    // Read by mount synchronously, while `hydrate` holds this mount's answer.
    renderType: () => (hydrate ? 'hydrateRoot' : 'createRoot'),
    rootComponent: WithPageLoads,
    errorBoundary: () => <p role="alert">{CRASH_MESSAGE}</p>,
  })
  const mount = (props: Parameters<typeof lifecycles.mount>[0] & { domElement?: HTMLElement }) => {
    const element = props.domElement
    hydrate = element?.hasAttribute(FIRST_FRAME_ATTR) ?? false
    element?.removeAttribute(FIRST_FRAME_ATTR)
    pageLoads = hydrate && element ? takeRenderedLoads(element) : null
    try {
      const mounted = lifecycles.mount(
        hydrate && element ? { ...props, domElement: frameContainer(element) } : props,
      )
      const forget = () => void (pageLoads = null)
      return mounted.then(forget, (error: unknown) => {
        forget()
        throw error
      })
    } finally {
      hydrate = false
    }
  }
  const app: RemoteApp = {
    contract: CONTRACT_VERSION,
    bootstrap: lifecycles.bootstrap as RemoteApp['bootstrap'],
    mount: mount as RemoteApp['mount'],
    unmount: lifecycles.unmount as RemoteApp['unmount'],
    update: lifecycles.update as RemoteApp['update'],
  }
  roots.set(app.mount, Root)
  return app
}
