import { remoteConfig } from '../shared/config/vite-remote.ts'

export default remoteConfig({ name: 'mf_complaint', port: 5103 })
