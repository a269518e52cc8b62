import { remoteConfig } from '../shared/config/vite-remote.ts'
import { FIRST_CALLS } from './src/app/first-calls.ts'

export default remoteConfig({
  name: 'mf_loan',
  port: 5102,
  firstCalls: FIRST_CALLS,
  firstFrames: [
    '/loanDetails',
    '/order',
    '/loanConfirm',
    '/loanConfirmNew',
    '/confirmByPeriod',
    '/jointLoginFailure',
  ],
})
