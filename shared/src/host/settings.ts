import type { Settings } from '../contract/contract'

/** Defaults; the deploy step writes the real values into the shell's index.html (#app-settings). */
export const DEFAULT_SETTINGS: Settings = {
  name: 'CashLoan',
  backgroundColor: '#1677ff',
  fontColor: '#ffffff',
  servicePhone: '+63 2 8700 1234',
  serviceEmail: 'support@cashloan.ph',
  productSchemeUrl: 'cashloan://app',
  rupee: false,
  apiBase: '/utilities',
  allowedHosts: [],
}

const STRING_KEYS = [
  'name',
  'backgroundColor',
  'fontColor',
  'servicePhone',
  'serviceEmail',
  'productSchemeUrl',
  'apiBase',
] as const

/** Deploy-time settings over the defaults; a malformed block or field keeps the default. */
export function parseSettings(text: string | null | undefined): Settings {
  const settings: Settings = { ...DEFAULT_SETTINGS, allowedHosts: [...DEFAULT_SETTINGS.allowedHosts] }
  if (!text || !text.trim()) return settings
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    console.warn('[settings] #app-settings is not JSON; using defaults')
    return settings
  }
  if (!raw || typeof raw !== 'object') return settings
  const r = raw as Record<string, unknown>
  for (const key of STRING_KEYS) {
    const value = r[key]
    if (typeof value === 'string' && value.trim() !== '') settings[key] = value.trim()
  }
  if (typeof r.rupee === 'boolean') settings.rupee = r.rupee
  if (Array.isArray(r.allowedHosts)) {
    settings.allowedHosts = r.allowedHosts.filter((h): h is string => typeof h === 'string' && h !== '')
  }
  return settings
}

export function readSettings(doc: Document): Settings {
  return parseSettings(doc.getElementById('app-settings')?.textContent)
}
