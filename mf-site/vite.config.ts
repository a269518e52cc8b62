import { remoteConfig } from '../shared/config/vite-remote.ts'
import { FIRST_CALLS } from './src/app/first-calls.ts'

export default remoteConfig({
  name: 'mf_site',
  port: 5101,
  firstCalls: FIRST_CALLS,
  firstFrames: ['/', '/aboutUs', '/privacyPolicy', '/loanAgreement'],
})
