import type { ComponentType, FunctionComponent } from 'react'
import * as React from 'react'
import * as ReactDOMClient from 'react-dom/client'
import singleSpaReact from 'single-spa-react'
import { CONTRACT_VERSION, type RemoteApp, type RemoteProps } from '../contract/contract'
import { FIRST_FRAME_ATTR } from './first-frame'
import { hydrateFirstFrame } from './hydrate'

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
 * A remote's exposed `./app`: single-spa-react lifecycles around its root component (own React root per
 * mount, so a crash stays inside it) plus the contract version the shell checks. A mount into an element
 * that holds the route's first frame (the shell marks it with `FIRST_FRAME_ATTR`) hydrates that frame.
 */
export function createRemoteApp(Root: FunctionComponent<RemoteProps>): RemoteApp {
  let hydrate = false
  const lifecycles = singleSpaReact<RemoteProps>({
    React,
    ReactDOMClient: { ...ReactDOMClient, hydrateRoot: hydrateFirstFrame },
    // Read by mount synchronously, while `hydrate` holds this mount's answer.
    renderType: () => (hydrate ? 'hydrateRoot' : 'createRoot'),
    rootComponent: Root,
    errorBoundary: () => <p role="alert">{CRASH_MESSAGE}</p>,
  })
  const mount = (props: Parameters<typeof lifecycles.mount>[0] & { domElement?: HTMLElement }) => {
    const element = props.domElement
    hydrate = element?.hasAttribute(FIRST_FRAME_ATTR) ?? false
    element?.removeAttribute(FIRST_FRAME_ATTR)
    try {
      return lifecycles.mount(props)
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
