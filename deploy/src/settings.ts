import { HEALTH_PATH, isValidHostEntry } from 'shared/host/settings'
import { REFUSED_MESSAGE } from 'shared/navigation'

/**
 * Deploy-time settings written into the shell's index.html (#app-settings). A profile gives the base
 * (`DEPLOY_PROFILE`: `demo`, the default for `pnpm start` and the e2e servers, or `production`); environment
 * variables override it field by field.
 */
/**
 * Hosts the demo's server links point at (payUrl, contract_url, lendDetailsUrl, product links): the loan and
 * repay demo handlers link there, and e2e intercepts them, since nothing outside this machine is reachable.
 */
export const DEMO_LINK_HOSTS = [
  'pay.cashloan-demo.ph',
  'contracts.cashloan-demo.ph',
  'partners.cashloan-demo.ph',
]

export const PROFILES = {
  // The demo's logos come from a second origin, the other loopback name (ADR 0022): CSP allows it there only.
  // The public origin (PUBLIC_ORIGIN: the sitemap's addresses) is the local server's; production must set it.
  // The lender is no real one, and says so wherever the site quotes it (ADR 0038).
  demo: {
    allowedHosts: DEMO_LINK_HOSTS,
    imageHosts: [],
    versionOverrides: true,
    loopbackPictures: true,
    // The agreement pop-up's demo document is served there too (ADR 0034): CSP frames it there only.
    loopbackDocuments: true,
    publicOrigin: 'http://localhost:8080',
    lenderName: 'CashLoan Demo Lending Corp. (demo values, not a real lender)',
    lenderSecRegistrationNo: 'DEMO-0000',
    lenderCertificateOfAuthorityNo: 'DEMO-0000',
    lenderAddress: 'Demo address (demo values, not a real office)',
  },
  // Production serves product logos and complaint images from the image CDN; QA version pins are off.
  production: { allowedHosts: [], imageHosts: [], versionOverrides: false },
} satisfies Record<string, Record<string, unknown>>

export type Profile = keyof typeof PROFILES

/**
 * What a production deploy must state, and what each is for (ADR 0038). Nothing stands in for them: the
 * lender's identity has no default, the service phone and e-mail defaults are no lender's, and without
 * ALLOWED_HOSTS every server link is refused.
 */
export const REQUIRED_IN_PRODUCTION: Record<string, string> = {
  LENDER_NAME: "the lender's registered company name (site footer, About us, Privacy Policy, loan terms)",
  LENDER_SEC_REGISTRATION_NO: "the lender's SEC registration number (the same pages)",
  LENDER_CERTIFICATE_OF_AUTHORITY_NO: "the lender's Certificate of Authority number (the same pages)",
  LENDER_ADDRESS: "the lender's office address (the same pages)",
  SERVICE_PHONE: 'the customer service phone (site footer, loan details, customer service)',
  SERVICE_EMAIL: "the customer service e-mail, also the lender's address in the legal pages",
  ALLOWED_HOSTS:
    'the hosts server-provided links may open (pay.example.com,*.partner.ph); without it every continuation ' +
    `link, payUrl, agreement and product link is refused with "${REFUSED_MESSAGE}" ` +
    'Write ALLOWED_HOSTS=none to allow none on purpose.',
}

/**
 * What a production server (`pnpm start`, `pnpm nginx`) must also state, which building and releasing pages
 * do not use (ADR 0040).
 */
export const REQUIRED_TO_SERVE_IN_PRODUCTION: Record<string, string> = {
  HEALTH_TOKEN_SECRET:
    'the secret (32+ characters) nginx and the deploy server sign and check page-load tokens with; without ' +
    'it no health report could be told from a forged one',
}

/** The text settings: each variable and the page settings' field it sets. */
const STRING_SETTINGS: Record<string, string> = {
  APP_NAME: 'name',
  APP_BG_COLOR: 'backgroundColor',
  APP_FONT_COLOR: 'fontColor',
  SERVICE_PHONE: 'servicePhone',
  SERVICE_EMAIL: 'serviceEmail',
  LENDER_NAME: 'lenderName',
  LENDER_SEC_REGISTRATION_NO: 'lenderSecRegistrationNo',
  LENDER_CERTIFICATE_OF_AUTHORITY_NO: 'lenderCertificateOfAuthorityNo',
  LENDER_ADDRESS: 'lenderAddress',
  PRODUCT_SCHEME_URL: 'productSchemeUrl',
  API_BASE: 'apiBase',
  ANDROID_DOWNLOAD_URL: 'androidDownloadUrl',
  IOS_DOWNLOAD_URL: 'iosDownloadUrl',
  PUBLIC_ORIGIN: 'publicOrigin',
}

/** One error naming each of `missing` (REQUIRED_IN_PRODUCTION's variables) with what it is for. */
function missingSettings(heading: string, missing: string[]): Error {
  return new Error(
    [
      heading,
      ...missing.map(
        (variable) =>
          `  ${variable}: ${REQUIRED_IN_PRODUCTION[variable] ?? REQUIRED_TO_SERVE_IN_PRODUCTION[variable]}`,
      ),
    ].join('\n'),
  )
}

/** Throws one error naming every production setting `env` leaves unset or blank (`serve`: a server's too). */
function requireProductionSettings(env: NodeJS.ProcessEnv, serve: boolean): void {
  const required = { ...REQUIRED_IN_PRODUCTION, ...(serve ? REQUIRED_TO_SERVE_IN_PRODUCTION : {}) }
  const missing = Object.keys(required).filter((variable) => !env[variable]?.trim())
  if (missing.length === 0) return
  throw missingSettings(
    'DEPLOY_PROFILE=production needs settings that are not set (a production deploy states them; nothing ' +
      'is made up in their place):',
    missing,
  )
}

/**
 * For a production release of one remote, which writes its pages with the settings stored beside them
 * (ADR 0016): throws naming every text setting of REQUIRED_IN_PRODUCTION they lack, as pages written before
 * these were required do. Not ALLOWED_HOSTS: an empty list there may be ALLOWED_HOSTS=none.
 */
export function requireStoredProductionSettings(settings: Record<string, unknown>): void {
  const missing = Object.keys(REQUIRED_IN_PRODUCTION).filter((variable) => {
    const key = STRING_SETTINGS[variable]
    return key !== undefined && !(typeof settings[key] === 'string' && settings[key].trim())
  })
  if (missing.length === 0) return
  throw missingSettings(
    'The route pages were written without settings DEPLOY_PROFILE=production needs; write every page ' +
      'again with them (DEPLOY_PROFILE=production pnpm build), then release:',
    missing,
  )
}

/** `ALLOWED_HOSTS=none`: ops chose to allow no link host (production refuses to start without a choice). */
const NO_HOSTS = 'none'

/**
 * A comma-separated host list. A bad entry stops the deploy: the shell would drop it, and it must never
 * reach the CSP header the servers build from `imageHosts`.
 */
function hostList(variable: string, value: string): string[] {
  const hosts = value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)
  const bad = hosts.find((host) => !isValidHostEntry(host))
  if (bad !== undefined) {
    throw new Error(
      `${variable}: "${bad}" is not a host name (write pay.example.com or *.example.com, no scheme, port or path)`,
    )
  }
  return hosts
}

const flag = (value: string) => value === '1' || value === 'true'

/** Parses `value` as an absolute URL, or null. */
function absoluteUrl(value: string): URL | null {
  try {
    return new URL(value)
  } catch {
    return null
  }
}

const LOOPBACK = /^(localhost|127\.0\.0\.1)$/

const plainUrl = (url: URL) => !url.username && !url.password && isValidHostEntry(url.hostname)

/**
 * What each URL setting must be. A mistyped one refuses the start with a message naming the setting: written
 * into every page, it would make every call fail (`API_BASE`), every store link dead, or traffic go nowhere.
 */
const URL_RULES: Record<string, { rule: string; valid: (value: string) => boolean }> = {
  API_BASE: {
    rule: 'a path on this origin (/utilities) or an https URL (https://api.example.com/utilities)',
    valid: (value) => {
      if (/^\/(?![/\\])/.test(value)) return absoluteUrl(new URL(value, 'https://x.invalid').href) !== null
      const url = absoluteUrl(value)
      // Plain http only on this machine (a local API); a page served over https cannot call it anyway.
      const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && LOOPBACK.test(url.hostname))
      return !!url && secure && plainUrl(url) && !url.search && !url.hash
    },
  },
  PRODUCT_SCHEME_URL: {
    rule: "the app's own scheme URL (cashloan://app), not a web or script scheme",
    valid: (value) => {
      const url = absoluteUrl(value)
      return !!url && !/^(https?|javascript|data|file|blob|vbscript):$/i.test(url.protocol)
    },
  },
  PUBLIC_ORIGIN: {
    rule: 'the origin borrowers open the site at (https://www.example.com, no path)',
    valid: (value) => {
      const url = absoluteUrl(value)
      const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && LOOPBACK.test(url.hostname))
      return !!url && secure && plainUrl(url) && url.origin === value.replace(/\/$/, '')
    },
  },
  ANDROID_DOWNLOAD_URL: {
    rule: 'an https link (https://play.google.com/store/apps/details?id=…)',
    valid: (value) => {
      const url = absoluteUrl(value)
      return !!url && url.protocol === 'https:' && plainUrl(url)
    },
  },
  IOS_DOWNLOAD_URL: {
    rule: 'an https link (https://apps.apple.com/…)',
    valid: (value) => {
      const url = absoluteUrl(value)
      return !!url && url.protocol === 'https:' && plainUrl(url)
    },
  },
}

/**
 * An upstream nginx passes requests to (`API_UPSTREAM`, `CSP_REPORT_UPSTREAM`): `http(s)://host[:port]` with
 * an optional path, nothing nginx would read as more configuration. Throws naming the setting otherwise.
 */
export function upstreamUrl(variable: string, value: string): string {
  const url = absoluteUrl(value)
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
    throw new Error(`${variable}: "${value}" is not an upstream URL (write http://127.0.0.1:4310)`)
  }
  if (/[\s;{}'"$\\]/.test(value))
    throw new Error(`${variable}: "${value}" holds characters nginx would misread`)
  return value
}

/** The API's origin for the CSP's connect-src (`API_ORIGIN`): empty, or `https://host[:port]` exactly. */
export function apiOrigin(value: string): string {
  if (value === '') return ''
  const url = absoluteUrl(value)
  if (!url || url.protocol !== 'https:' || !plainUrl(url) || url.origin !== value.replace(/\/$/, '')) {
    throw new Error(`API_ORIGIN: "${value}" is not an origin (write https://api.example.com, no path)`)
  }
  return url.origin
}

/**
 * The site's public origin (`PUBLIC_ORIGIN`, e.g. `https://www.cashloan.ph`): the pages' canonical and
 * shared-link addresses are written with it (ADR 0031). An origin exactly, else the deploy stops.
 */
export function publicOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const value = env.PUBLIC_ORIGIN?.trim() || PROFILES.demo.publicOrigin
  const url = absoluteUrl(value)
  if (!url || !/^https?:$/.test(url.protocol) || !plainUrl(url) || url.origin !== value.replace(/\/$/, '')) {
    throw new Error(`PUBLIC_ORIGIN: "${value}" is not an origin (write https://www.example.com, no path)`)
  }
  return url.origin
}

/** What a deploy writes into the page: the profile's fields always, the others when set. */
export type DeploySettings = Record<string, unknown> & {
  allowedHosts: string[]
  imageHosts: string[]
  versionOverrides: boolean
}

/**
 * The settings `env` states. `serve`: for a server (`pnpm start`, `pnpm nginx`), whose production settings
 * include REQUIRED_TO_SERVE_IN_PRODUCTION, named in the same one message.
 */
export function settingsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  options: { serve?: boolean } = {},
): DeploySettings {
  const profile = env.DEPLOY_PROFILE ?? 'demo'
  if (!(profile in PROFILES)) {
    throw new Error(`DEPLOY_PROFILE must be one of ${Object.keys(PROFILES).join(', ')} (got "${profile}")`)
  }
  if (profile === 'production') requireProductionSettings(env, options.serve === true)
  const out: DeploySettings = { ...PROFILES[profile as Profile] }
  for (const [variable, key] of Object.entries(STRING_SETTINGS)) {
    const value = env[variable]?.trim()
    if (!value) continue
    const check = URL_RULES[variable]
    if (check && !check.valid(value)) throw new Error(`${variable}: "${value}" is not ${check.rule}`)
    out[key] = value
  }
  if (env.RUPEE_SIGN) out.rupee = flag(env.RUPEE_SIGN)
  if (env.ALLOWED_HOSTS !== undefined) {
    out.allowedHosts =
      env.ALLOWED_HOSTS.trim().toLowerCase() === NO_HOSTS ? [] : hostList('ALLOWED_HOSTS', env.ALLOWED_HOSTS)
  }
  if (env.IMAGE_HOSTS !== undefined) out.imageHosts = hostList('IMAGE_HOSTS', env.IMAGE_HOSTS)
  if (env.VERSION_OVERRIDES !== undefined) out.versionOverrides = flag(env.VERSION_OVERRIDES)
  if (env.HEALTH_ENDPOINT !== undefined) {
    const endpoint = env.HEALTH_ENDPOINT.trim()
    if (endpoint !== '' && !HEALTH_PATH.test(endpoint)) {
      throw new Error(
        `HEALTH_ENDPOINT: "${endpoint}" is not a path on this origin (write /health/reports, or nothing)`,
      )
    }
    out.healthEndpoint = endpoint
  }
  if (env.HEALTH_SAMPLE !== undefined) {
    const share = Number(env.HEALTH_SAMPLE)
    if (env.HEALTH_SAMPLE.trim() === '' || !(share >= 0 && share <= 1)) {
      throw new Error(`HEALTH_SAMPLE: "${env.HEALTH_SAMPLE}" is not a share of page loads between 0 and 1`)
    }
    out.healthSample = share
  }
  return out
}

/**
 * `env[variable]` as a whole number of `unit` from `min` up, `fallback` when unset; anything else (blank
 * included) stops the server with a message naming the setting.
 */
export function wholeNumberSetting(
  env: NodeJS.ProcessEnv,
  variable: string,
  fallback: number,
  min: number,
  unit: string,
): number {
  const raw = env[variable]
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (raw.trim() === '' || !Number.isInteger(value) || value < min) {
    throw new Error(`${variable}: "${raw}" is not a whole number of ${unit} from ${min} up`)
  }
  return value
}

/** JSON for a `<script type="application/json">` block: `<` is escaped so a value cannot close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/** The settings block of the shell's index.html. */
export const SETTINGS_BLOCK = /<script type="application\/json" id="app-settings">[\s\S]*?<\/script>/

/**
 * `html` with its first `search` replaced by `text` exactly as given: a string passed to `String.replace`
 * reads `$&`, `$'`, `` $` `` and `$1` as patterns, and page values (settings, registry, manifests) may hold them.
 */
export function replaceLiteral(html: string, search: string | RegExp, text: string): string {
  return html.replace(search, () => text)
}

/** A value for a double-quoted HTML attribute. */
export const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/** Replaces the settings block. */
export function injectSettings(html: string, settings: Record<string, unknown>): string {
  const json = scriptJson(settings)
  return replaceLiteral(
    html,
    SETTINGS_BLOCK,
    `<script type="application/json" id="app-settings">${json}</script>`,
  )
}
