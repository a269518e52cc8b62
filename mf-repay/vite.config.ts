import { remoteConfig } from '../shared/config/vite-remote.ts'
import { FIRST_CALLS } from './src/app/first-calls.ts'

export default remoteConfig({
  name: 'mf_repay',
  port: 5104,
  firstCalls: FIRST_CALLS,
  firstFrames: ['/repay', '/delayRepay', '/repaymentOfCode', '/paymentInstructions', '/legacyRepay'],
})
