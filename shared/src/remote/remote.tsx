import type { FunctionComponent } from 'react'
import * as React from 'react'
import * as ReactDOMClient from 'react-dom/client'
import singleSpaReact from 'single-spa-react'
import { CONTRACT_VERSION, type RemoteApp, type RemoteProps } from '../contract/contract'

export const CRASH_MESSAGE = 'Something went wrong on this page. Please go back and try again.'

/**
 * A remote's exposed `./app`: single-spa-react lifecycles around its root component (own React root per
 * mount, so a crash stays inside it) plus the contract version the shell checks.
 */
export function createRemoteApp(Root: FunctionComponent<RemoteProps>): RemoteApp {
  const lifecycles = singleSpaReact<RemoteProps>({
    React,
    ReactDOMClient,
    renderType: 'createRoot',
    rootComponent: Root,
    errorBoundary: () => <p role="alert">{CRASH_MESSAGE}</p>,
  })
  return {
    contract: CONTRACT_VERSION,
    bootstrap: lifecycles.bootstrap as RemoteApp['bootstrap'],
    mount: lifecycles.mount as RemoteApp['mount'],
    unmount: lifecycles.unmount as RemoteApp['unmount'],
    update: lifecycles.update as RemoteApp['update'],
  }
}
