import type { Settings } from 'shared/contract'
import { classifyServerLink } from 'shared/navigation'
import { warnUnknown } from 'shared/schema'
import type { ClientType, TemplateConfig } from '../../api/promotion'

/** What the download button opens, and the hosts the navigation guard may open it on. */
export interface DownloadTarget {
  link: string
  settings: { allowedHosts: readonly string[] }
}

const TEMPLATE_KEY = { android: 'androidUrl', ios: 'iosUrl' } as const
const STORE_SETTING = { android: 'androidDownloadUrl', ios: 'iosDownloadUrl' } as const

function hostOf(link: string): string[] {
  try {
    return [new URL(link).hostname]
  } catch {
    return []
  }
}

/**
 * The app for the visitor's platform. The template's link when the navigation guard would open it as a web
 * page (an https link on a host the deployment allows); anything else (missing, another key, a native or
 * `market:` link, an unlisted host) gives the deployment's store link, so a registrant always has a download.
 * The store link is the deployment's own, not server data: it is opened through the same guard with its own
 * host added to the allowed ones, for this link only. A template link passed over is logged once.
 */
export function downloadTarget(
  config: TemplateConfig,
  settings: Pick<Settings, 'allowedHosts' | 'androidDownloadUrl' | 'iosDownloadUrl'>,
  client: ClientType,
  appOrigin: string,
): DownloadTarget {
  const key = TEMPLATE_KEY[client]
  const fromTemplate = config[key]
  if (fromTemplate) {
    const target = classifyServerLink(fromTemplate, { appOrigin, allowedHosts: settings.allowedHosts })
    if (target.kind === 'web') return { link: fromTemplate, settings }
    warnUnknown(`template ${key}`, fromTemplate)
  }
  const store = settings[STORE_SETTING[client]]
  return { link: store, settings: { allowedHosts: [...settings.allowedHosts, ...hostOf(store)] } }
}
