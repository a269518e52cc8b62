import { runStandalone } from 'shared/host/standalone'
import { PromotionApp } from './promotion-app'

// Standalone entry (`pnpm --filter mf-promotion dev`): the same props the shell passes, with the demo API.
runStandalone({ root: PromotionApp, remote: 'mf_promotion' })
