// Settings parsing lives in shared/host so standalone remotes read them the same way.
export { DEFAULT_SETTINGS, parseSettings, readSettings } from 'shared/host/settings'
