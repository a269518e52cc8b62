import { createRemoteApp } from 'shared/remote'
import { BindcardApp } from './bindcard-app'

// The exposed `./app`: single-spa lifecycles plus the contract version (shared/contract).
export const { contract, bootstrap, mount, unmount, update } = createRemoteApp(BindcardApp)
