import { runStandalone } from 'shared/host/standalone'
import { COMPLAINT_SCREENS, ComplaintApp } from './complaint-app'

// Standalone entry (`pnpm --filter mf-complaint dev`): the same props the shell passes, with the demo API.
runStandalone({
  root: ComplaintApp,
  screens: COMPLAINT_SCREENS,
  routes: {
    '/complaint': 'complaint',
    '/complainPageNext': 'complainPageNext',
    '/complaintList': 'complaintList',
    '/complainDetails': 'complainDetails',
    '/customerService': 'customerService',
  },
})
