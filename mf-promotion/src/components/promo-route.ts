import type { PromoParams } from '../api/promotion'

/** The remote's pages, chosen by the hash route (DESIGN.md §2). */
export type PromoPage = 'register' | 'download' | 'agreement'

const PAGES: Record<string, PromoPage> = {
  '': 'register',
  '/': 'register',
  '/registerTemplate': 'register',
  '/downloadTemplate': 'download',
  '/agreementTemplate': 'agreement',
}

/** The hash routes (route part) that show `page`: the landing's first frame is theirs too (ADR 0049). */
export const hashRoutesOf = (page: PromoPage): string[] =>
  Object.keys(PAGES).filter((route) => PAGES[route] === page)

const HASHES: Record<PromoPage, string> = {
  register: '/registerTemplate',
  download: '/downloadTemplate',
  agreement: '/agreementTemplate',
}

const PARAM_KEYS = ['id', 'app_from', 'user_from', 'utm_tag', 'invite_code', 'links_id', 'down_id'] as const

/**
 * The page and its parameters from the route's query and hash. Links made for the old hash-router page put the
 * parameters after the hash route (`#/registerTemplate?id=…`): those are read too, and win.
 */
export function readPromoLocation(
  query: Record<string, string>,
  hash: string,
): { page: PromoPage; params: PromoParams } {
  const [route = '', hashQuery = ''] = hash.split('?', 2)
  const inHash = new URLSearchParams(hashQuery)
  const read = (key: string) => (inHash.get(key) ?? query[key] ?? '').trim()
  const params = Object.fromEntries(PARAM_KEYS.map((key) => [key, read(key)])) as unknown as PromoParams
  return { page: PAGES[route] ?? 'register', params }
}

/**
 * The in-app address of another page of this remote (query and hash only, so it stays on whatever path the
 * page is served at: `/promotion` in the shell, the standalone entry's own). It carries what the spec says
 * both pages carry: app_from, user_from, utm_tag, id and links_id or down_id.
 */
export function promoHref(page: PromoPage, params: PromoParams): string {
  const carried = new URLSearchParams()
  for (const key of ['app_from', 'user_from', 'utm_tag', 'id'] as const) {
    if (params[key]) carried.set(key, params[key])
  }
  if (params.links_id) carried.set('links_id', params.links_id)
  else if (params.down_id) carried.set('down_id', params.down_id)
  const search = carried.toString()
  return `${search ? `?${search}` : ''}#${HASHES[page]}`
}

/** A link's parameters when it carries none. */
export const NO_PARAMS: PromoParams = readPromoLocation({}, '').params
