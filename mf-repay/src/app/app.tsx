import { createRemoteApp } from 'shared/remote'
import { RepayApp } from './repay-app'

// The exposed `./app`: single-spa lifecycles plus the contract version (shared/contract).
export const { contract, bootstrap, mount, unmount, update } = createRemoteApp(RepayApp)
