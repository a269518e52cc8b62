import { runStandalone } from 'shared/host/standalone'
import { LoanApp } from './loan-app'

// Standalone entry (`pnpm --filter mf-loan dev`): the same props the shell passes, with the demo API.
runStandalone({ root: LoanApp, remote: 'mf_loan' })
