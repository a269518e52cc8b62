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
  imageHosts: [],
  versionOverrides: false,
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

/**
 * A host-list entry: a lower-case DNS name (`pay.example.com`) or a wildcard over a domain of at least two
 * labels (`*.example.com`). Anything else (a scheme, a path, a port, `*`, `*.com`, spaces) would widen what a
 * list allows in ways nobody meant, so it is dropped with a console note.
 */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const HOST_ENTRY = new RegExp(`^(?:\\*\\.)?${LABEL}(?:\\.${LABEL})+$|^localhost$`)

export function isValidHostEntry(entry: string): boolean {
  return entry.length <= 253 && HOST_ENTRY.test(entry)
}

function hostList(name: string, value: unknown): string[] | null {
  if (!Array.isArray(value)) return null
  const out: string[] = []
  for (const item of value) {
    const entry = typeof item === 'string' ? item.trim().toLowerCase() : ''
    if (isValidHostEntry(entry)) out.push(entry)
    else console.warn(`[settings] ${name}: ignoring invalid host ${JSON.stringify(item)}`)
  }
  return out
}

/** Deploy-time settings over the defaults; a malformed block or field keeps the default. */
export function parseSettings(text: string | null | undefined): Settings {
  const settings: Settings = {
    ...DEFAULT_SETTINGS,
    allowedHosts: [...DEFAULT_SETTINGS.allowedHosts],
    imageHosts: [...DEFAULT_SETTINGS.imageHosts],
  }
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
  if (typeof r.versionOverrides === 'boolean') settings.versionOverrides = r.versionOverrides
  settings.allowedHosts = hostList('allowedHosts', r.allowedHosts) ?? settings.allowedHosts
  settings.imageHosts = hostList('imageHosts', r.imageHosts) ?? settings.imageHosts
  return settings
}

export function readSettings(doc: Document): Settings {
  return parseSettings(doc.getElementById('app-settings')?.textContent)
}
