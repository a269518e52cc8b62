import { remoteConfig } from '../shared/config/vite-remote.ts'
import { FIRST_CALLS } from './src/app/first-calls.ts'
import { HEAD } from './src/app/head.ts'
import { hashRoutesOf } from './src/components/promo-route.ts'

export default remoteConfig({
  name: 'mf_promotion',
  port: 5106,
  firstCalls: FIRST_CALLS,
  head: HEAD,
  // Also served without the shell for ad links (ADR 0017): its page is the landing's.
  standaloneRoute: '/promotion',
  // The download and agreement pages are hash routes of the same path: the landing's frame is not theirs.
  firstFrames: [{ path: '/promotion', hashes: hashRoutesOf('register') }],
})
