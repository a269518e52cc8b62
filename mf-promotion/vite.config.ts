import { remoteConfig } from '../shared/config/vite-remote.ts'
import { FIRST_CALLS } from './src/app/first-calls.ts'
import { HEAD } from './src/app/head.ts'

export default remoteConfig({
  name: 'mf_promotion',
  port: 5106,
  firstCalls: FIRST_CALLS,
  head: HEAD,
  firstFrames: ['/promotion'],
})
