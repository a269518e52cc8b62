/** Deploy-time settings, from the environment, written into the shell's index.html (#app-settings). */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const map: Record<string, string> = {
    APP_NAME: 'name',
    APP_BG_COLOR: 'backgroundColor',
    APP_FONT_COLOR: 'fontColor',
    SERVICE_PHONE: 'servicePhone',
    SERVICE_EMAIL: 'serviceEmail',
    PRODUCT_SCHEME_URL: 'productSchemeUrl',
    API_BASE: 'apiBase',
  }
  for (const [variable, key] of Object.entries(map)) if (env[variable]) out[key] = env[variable]
  if (env.RUPEE_SIGN) out.rupee = env.RUPEE_SIGN === '1' || env.RUPEE_SIGN === 'true'
  if (env.ALLOWED_HOSTS)
    out.allowedHosts = env.ALLOWED_HOSTS.split(',')
      .map((h) => h.trim())
      .filter(Boolean)
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
