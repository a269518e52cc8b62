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
  demo: { allowedHosts: DEMO_LINK_HOSTS, imageHosts: [], versionOverrides: true },
  // Production serves product logos and complaint images from the image CDN; QA version pins are off.
  production: { allowedHosts: [], imageHosts: [], versionOverrides: false },
} satisfies Record<string, Record<string, unknown>>

export type Profile = keyof typeof PROFILES

const list = (value: string) =>
  value
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean)

const flag = (value: string) => value === '1' || value === 'true'

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): Record<string, unknown> {
  const profile = env.DEPLOY_PROFILE ?? 'demo'
  if (!(profile in PROFILES)) {
    throw new Error(`DEPLOY_PROFILE must be one of ${Object.keys(PROFILES).join(', ')} (got "${profile}")`)
  }
  const out: Record<string, unknown> = { ...PROFILES[profile as Profile] }
  const strings: Record<string, string> = {
    APP_NAME: 'name',
    APP_BG_COLOR: 'backgroundColor',
    APP_FONT_COLOR: 'fontColor',
    SERVICE_PHONE: 'servicePhone',
    SERVICE_EMAIL: 'serviceEmail',
    PRODUCT_SCHEME_URL: 'productSchemeUrl',
    API_BASE: 'apiBase',
  }
  for (const [variable, key] of Object.entries(strings)) if (env[variable]) out[key] = env[variable]
  if (env.RUPEE_SIGN) out.rupee = flag(env.RUPEE_SIGN)
  if (env.ALLOWED_HOSTS !== undefined) out.allowedHosts = list(env.ALLOWED_HOSTS)
  if (env.IMAGE_HOSTS !== undefined) out.imageHosts = list(env.IMAGE_HOSTS)
  if (env.VERSION_OVERRIDES !== undefined) out.versionOverrides = flag(env.VERSION_OVERRIDES)
  return out
}

/** JSON for a `<script type="application/json">` block: `<` is escaped so a value cannot close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/** The settings block of the shell's index.html. */
export const SETTINGS_BLOCK = /<script type="application\/json" id="app-settings">[\s\S]*?<\/script>/

/** Replaces the settings block. */
export function injectSettings(html: string, settings: Record<string, unknown>): string {
  const json = scriptJson(settings)
  return html.replace(SETTINGS_BLOCK, `<script type="application/json" id="app-settings">${json}</script>`)
}
