import { runStandalone } from 'shared/host/standalone'
import { ComplaintApp } from './complaint-app'

// Standalone entry (`pnpm --filter mf-complaint dev`): the same props the shell passes, with the demo API.
runStandalone({ root: ComplaintApp, remote: 'mf_complaint' })
