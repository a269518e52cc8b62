import * as v from 'valibot'
import { parseLenient, record } from '../schema/schema'
import type { Settings } from '../contract/contract'

/** Defaults; the deploy step writes the real values into the shell's index.html (#app-settings). */
export const DEFAULT_SETTINGS: Settings = {
  name: 'CashLoan',
  backgroundColor: '#0958d9',
  fontColor: '#ffffff',
  servicePhone: '+63 2 8700 1234',
  serviceEmail: 'support@cashloan-demo.ph',
  productSchemeUrl: 'cashloan://app',
  rupee: false,
  apiBase: '/utilities',
  allowedHosts: [],
  imageHosts: [],
  versionOverrides: false,
  androidDownloadUrl: 'https://play.google.com/store/search?q=CashLoan&c=apps',
  iosDownloadUrl: 'https://apps.apple.com/ph/search?term=CashLoan',
  healthEndpoint: '/health/reports',
  healthSample: 1,
}

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

/** A health endpoint: an absolute path of plain segments on this origin. */
export const HEALTH_PATH = /^\/(?!\/)[\w./-]{0,100}$/

const setting = (fallback: string) => v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)), fallback)
/** A fact only the deployment can state (the lender's identity): absent when missing or malformed, no default. */
const statement = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)))
const toggle = (fallback: boolean) => v.optional(v.boolean(), fallback)
/** An https link; anything else keeps the default (a store link must never be `javascript:` or plain http). */
const httpsLink = (fallback: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((value) => {
        try {
          const url = new URL(value)
          return url.protocol === 'https:' && !url.username && !url.password && isValidHostEntry(url.hostname)
        } catch {
          return false
        }
      }),
    ),
    fallback,
  )
const hostList = (fallback: string[]) =>
  v.optional(v.array(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.check(isValidHostEntry))), fallback)

const SettingsSchema = record({
  name: setting(DEFAULT_SETTINGS.name),
  backgroundColor: setting(DEFAULT_SETTINGS.backgroundColor),
  fontColor: setting(DEFAULT_SETTINGS.fontColor),
  servicePhone: setting(DEFAULT_SETTINGS.servicePhone),
  serviceEmail: setting(DEFAULT_SETTINGS.serviceEmail),
  productSchemeUrl: setting(DEFAULT_SETTINGS.productSchemeUrl),
  apiBase: setting(DEFAULT_SETTINGS.apiBase),
  rupee: toggle(DEFAULT_SETTINGS.rupee),
  versionOverrides: toggle(DEFAULT_SETTINGS.versionOverrides),
  allowedHosts: hostList(DEFAULT_SETTINGS.allowedHosts),
  imageHosts: hostList(DEFAULT_SETTINGS.imageHosts),
  androidDownloadUrl: httpsLink(DEFAULT_SETTINGS.androidDownloadUrl),
  iosDownloadUrl: httpsLink(DEFAULT_SETTINGS.iosDownloadUrl),
  // A path on this origin (the CSP's connect-src is 'self'), or empty to send none.
  healthEndpoint: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((path) => path === '' || HEALTH_PATH.test(path)),
    ),
    DEFAULT_SETTINGS.healthEndpoint,
  ),
  healthSample: v.optional(
    v.pipe(
      v.number(),
      v.check((share) => share >= 0 && share <= 1),
    ),
    DEFAULT_SETTINGS.healthSample,
  ),
  lenderName: statement,
  lenderSecRegistrationNo: statement,
  lenderCertificateOfAuthorityNo: statement,
  lenderAddress: statement,
})

/**
 * Deploy-time settings over the defaults; a malformed field keeps its default and an invalid host-list entry
 * is dropped (both logged), a block that is not JSON gives the defaults. The lender's identity has no default
 * (ADR 0038): a field missing or malformed (logged) is left out.
 */
export function parseSettings(text: string | null | undefined): Settings {
  const defaults = (): Settings => ({
    ...DEFAULT_SETTINGS,
    allowedHosts: [...DEFAULT_SETTINGS.allowedHosts],
    imageHosts: [...DEFAULT_SETTINGS.imageHosts],
  })
  if (!text || !text.trim()) return defaults()
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    console.warn('[settings] #app-settings is not JSON; using defaults')
    return defaults()
  }
  const parsed = parseLenient('settings', SettingsSchema, raw)
  return parsed.ok
    ? {
        ...parsed.value,
        allowedHosts: [...parsed.value.allowedHosts],
        imageHosts: [...parsed.value.imageHosts],
      }
    : defaults()
}

const PLAIN_COLOUR = /^(#[0-9a-f]{3,8}|[a-z]+|rgba?\([\d\s.,%]+\))$/i

/** A colour setting a page may carry as it is: a hex, a name or an rgb(a) colour, nothing else. */
export const plainColour = (value: string): boolean => PLAIN_COLOUR.test(value)

/**
 * The deployment's theme as the custom properties every stylesheet reads through `shared/ui/tokens.css`
 * (`--app-bg`, `--app-fg`), each only when it is a plain colour: anything else leaves the tokens' default
 * rather than an invalid property (ADR 0029). The page writes them on `<html>` at release; the shell and a
 * standalone page set them at boot with `applyTheme`.
 */
export function themeVariables(
  settings: Pick<Settings, 'backgroundColor' | 'fontColor'>,
): [string, string][] {
  const vars: [string, string][] = [
    ['--app-bg', settings.backgroundColor],
    ['--app-fg', settings.fontColor],
  ]
  return vars.filter(([, value]) => plainColour(value))
}

export function applyTheme(doc: Document, settings: Settings): void {
  for (const [name, value] of themeVariables(settings)) doc.documentElement.style.setProperty(name, value)
}

export function readSettings(doc: Document): Settings {
  return parseSettings(doc.getElementById('app-settings')?.textContent)
}

/**
 * The API base alone, for the page's first-call script (shared/src/http/first-call-boot.ts): it is inlined
 * into every data page, so it reads this one field by the same rule as `parseSettings` (a non-blank string,
 * trimmed) without the schema library. settings.test.ts checks the two agree.
 */
export function readApiBase(doc: Document): string {
  try {
    const raw: unknown = JSON.parse(doc.getElementById('app-settings')?.textContent || '{}')
    const value = raw && typeof raw === 'object' ? (raw as { apiBase?: unknown }).apiBase : undefined
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : DEFAULT_SETTINGS.apiBase
  } catch {
    return DEFAULT_SETTINGS.apiBase
  }
}
