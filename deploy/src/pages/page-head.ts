import type { Settings } from 'shared/contract'
import type { RouteHead } from 'shared/remote/head'
import { matchRoute, pageHeadOf } from 'shared/routes'
import { escapeAttr, replaceLiteral } from '../settings'
import { plainColour } from 'shared/host/settings'

/**
 * The icons every page names (issue #31): files served with the shell (`shell/public/`), the SVG first, a PNG
 * for browsers without SVG icons, and the home-screen icon iOS asks for.
 */
export const ICON_LINKS = [
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
  '<link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png">',
  '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
]

/** The picture a shared link of a public page shows (`shell/public/og-image.png`). */
export const SHARE_IMAGE = { path: '/og-image.png', width: 1200, height: 630 }

/**
 * The icons' and the shared-link picture's paths: kept a day (`PICTURE_CACHE`), by both servers (nginx.conf's
 * location lists them; deploy's tests compare). A returning borrower's page asks for none of them again; a new
 * icon reaches everyone within a day. Their names carry no hash: browsers and crawlers ask for them by name.
 */
export const SHELL_PICTURES: readonly string[] = [
  ...ICON_LINKS.map((link) => /href="([^"]+)"/.exec(link)![1]),
  SHARE_IMAGE.path,
]

export const PICTURE_CACHE = 'public, max-age=86400'

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;')

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeAttr(content)}">`

export interface PageHeadInput {
  /** The app path the page is for (its route's title, language and publicity); null for the shell's fallback page. */
  path: string | null
  /** The route remote's head for the page (its release's `head.json`), or null. */
  head: RouteHead | null
  settings: Settings
  /** The site's public origin (`PUBLIC_ORIGIN`): canonical and shared-link addresses. */
  origin: string
}

/**
 * The page with its head written at release (issue #31, ADR 0031): the screen's title and language as the
 * shell sets them once it runs (`pageHeadOf`), the deployment's theme colour, the icons, and, from the route
 * remote's head, the description; a public route also gets its canonical address and the Open Graph and
 * Twitter card tags a shared link shows.
 */
export function injectPageHead(html: string, input: PageHeadInput): string {
  const tags: string[] = []
  if (plainColour(input.settings.backgroundColor))
    tags.push(meta('name', 'theme-color', input.settings.backgroundColor))
  tags.push(...ICON_LINKS)
  let page = html.replace(/\s*<link rel="(?:icon|apple-touch-icon)"[^>]*>/g, '')
  if (input.path !== null) {
    const { title, lang } = pageHeadOf(input.path)
    page = page
      .replace(/<html([^>]*?)\slang="[^"]*"/, '<html$1')
      .replace(/<html/, `<html lang="${escapeAttr(lang)}"`)
    const titleTag = `<title>${escapeText(title)}</title>`
    if (/<title>[\s\S]*?<\/title>/.test(page))
      page = replaceLiteral(page, /<title>[\s\S]*?<\/title>/, titleTag)
    else tags.unshift(titleTag)
    const route = matchRoute(input.path)
    const description = input.head?.description
    if (description) tags.push(meta('name', 'description', description))
    if (route?.public && description) {
      const url = `${input.origin}${route.path}`
      const image = `${input.origin}${SHARE_IMAGE.path}`
      tags.push(
        `<link rel="canonical" href="${escapeAttr(url)}">`,
        meta('property', 'og:type', 'website'),
        meta('property', 'og:site_name', input.settings.name),
        meta('property', 'og:title', title),
        meta('property', 'og:description', description),
        meta('property', 'og:url', url),
        meta('property', 'og:image', image),
        meta('property', 'og:image:width', String(SHARE_IMAGE.width)),
        meta('property', 'og:image:height', String(SHARE_IMAGE.height)),
        meta('name', 'twitter:card', 'summary_large_image'),
        meta('name', 'twitter:title', title),
        meta('name', 'twitter:description', description),
        meta('name', 'twitter:image', image),
      )
    }
  }
  return replaceLiteral(page, '</head>', `  ${tags.join('\n    ')}\n  </head>`)
}
