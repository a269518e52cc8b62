import { runStandalone } from 'shared/host/standalone'
import { BindcardApp } from './bindcard-app'

// Standalone entry (`pnpm --filter mf-bindcard dev`): the same props the shell passes, with the demo API.
runStandalone({ root: BindcardApp, remote: 'mf_bindcard' })
