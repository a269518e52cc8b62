import { remoteConfig } from '../shared/config/vite-remote.ts'
import { FIRST_CALLS } from './src/app/first-calls.ts'

export default remoteConfig({
  name: 'mf_complaint',
  port: 5103,
  firstCalls: FIRST_CALLS,
  firstFrames: ['/complaint', '/complainPageNext', '/complaintList', '/complainDetails', '/customerService'],
})
