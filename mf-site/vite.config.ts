import { remoteConfig } from '../shared/config/vite-remote.ts'

export default remoteConfig({ name: 'mf_site', port: 5101 })
