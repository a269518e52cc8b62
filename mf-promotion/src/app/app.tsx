import { createRemoteApp } from 'shared/remote'
import { PromotionApp } from './promotion-app'

// The exposed `./app`: single-spa lifecycles plus the contract version (shared/contract).
export const { contract, bootstrap, mount, unmount, update } = createRemoteApp(PromotionApp)
