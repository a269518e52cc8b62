import { runStandalone } from 'shared/host/standalone'
import { RepayApp } from './repay-app'

// Standalone entry (`pnpm --filter mf-repay dev`): the same props the shell passes, with the demo API.
runStandalone({ root: RepayApp, remote: 'mf_repay' })
