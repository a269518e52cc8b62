import React from 'react'
import ReactDOMClient from 'react-dom/client'
import singleSpaReact from 'single-spa-react'
import type { RemoteApp, RemoteProps } from 'shared/contract'
import { CONTRACT_VERSION } from 'shared/contract'
import { setupUi } from 'shared/ui'
import { ComplaintApp } from './complaint-app'

setupUi()

const lifecycles = singleSpaReact<RemoteProps>({
  React,
  ReactDOMClient,
  renderType: 'createRoot',
  rootComponent: ComplaintApp,
  errorBoundary: () => <p role="alert">Something went wrong on this page. Please go back and try again.</p>,
})

export const contract = CONTRACT_VERSION
export const { bootstrap, mount, unmount } = lifecycles
export const update = lifecycles.update as RemoteApp['update']
