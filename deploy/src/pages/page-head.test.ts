import { DEFAULT_SETTINGS } from 'shared/host/settings'
import { expect, test } from 'vitest'
import { ICON_LINKS, injectPageHead } from './page-head'

const SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><link rel="icon" href="data:," />' +
  '<title>CashLoan</title></head><body><div id="root"></div></body></html>'
const ORIGIN = 'https://www.cashloan.example'
const settings = { ...DEFAULT_SETTINGS, backgroundColor: '#123456', name: 'PesoNow' }
const about = { description: 'Who we are & how to reach us.' }

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&')

/** The page's head elements as the browser would read them (one attribute per element, double quotes). */
function headOf(html: string) {
  const attrs = (tag: string) =>
    Object.fromEntries([...tag.matchAll(/\s([\w:-]+)="([^"]*)"/g)].map((m) => [m[1], decode(m[2])]))
  const tags = (name: string) =>
    [...html.matchAll(new RegExp(`<${name}\\b(?:[^>"]|"[^"]*")*>`, 'g'))].map((m) => attrs(m[0]))
  const metas = tags('meta')
  const links = tags('link')
  const content = (key: string) => metas.find((m) => m.name === key)?.content ?? null
  return {
    lang: attrs(/<html[^>]*>/.exec(html)![0]).lang ?? '',
    title: decode(/<title>([\s\S]*?)<\/title>/.exec(html)![1]),
    description: content('description'),
    themeColor: content('theme-color'),
    canonical: links.find((l) => l.rel === 'canonical')?.href ?? null,
    og: Object.fromEntries(
      metas
        .filter((m) => m.property?.startsWith('og:') || m.name?.startsWith('twitter:'))
        .map((m) => [m.property ?? m.name, m.content]),
    ),
    icons: links
      .filter((l) => l.rel === 'icon' || l.rel === 'apple-touch-icon')
      .map((l) => `${l.rel} ${l.href}`),
  }
}

test("a public route's page carries its title, language, description, canonical address and shared-link tags", () => {
  const head = headOf(injectPageHead(SHELL, { path: '/aboutUs', head: about, settings, origin: ORIGIN }))
  expect(head).toMatchObject({
    lang: 'en',
    title: 'About us',
    description: 'Who we are & how to reach us.',
    themeColor: '#123456',
    canonical: `${ORIGIN}/aboutUs`,
  })
  expect(head.og).toEqual({
    'og:type': 'website',
    'og:site_name': 'PesoNow',
    'og:title': 'About us',
    'og:description': 'Who we are & how to reach us.',
    'og:url': `${ORIGIN}/aboutUs`,
    'og:image': `${ORIGIN}/og-image.png`,
    'og:image:width': '1200',
    'og:image:height': '630',
    'twitter:card': 'summary_large_image',
    'twitter:title': 'About us',
    'twitter:description': 'Who we are & how to reach us.',
    'twitter:image': `${ORIGIN}/og-image.png`,
  })
  // The real icons replace the empty one, once each.
  expect(head.icons).toEqual([
    'icon /favicon.svg',
    'icon /favicon-32.png',
    'apple-touch-icon /apple-touch-icon.png',
  ])
})

test('the promotion landing is in Chinese (zh-CN) with its own title', () => {
  const head = headOf(
    injectPageHead(SHELL, { path: '/promotion', head: { description: '注册' }, settings, origin: ORIGIN }),
  )
  expect(head).toMatchObject({ lang: 'zh-CN', title: '注册', canonical: `${ORIGIN}/promotion` })
})

test("a borrower's screen gets its title, language, theme colour and icons, and nothing for search engines", () => {
  const head = headOf(injectPageHead(SHELL, { path: '/loanDetails', head: null, settings, origin: ORIGIN }))
  expect(head).toMatchObject({ lang: 'en', title: 'Order Details', description: null, canonical: null })
  expect(head.og).toEqual({})
  expect(head.themeColor).toBe('#123456')
  expect(head.icons).toHaveLength(ICON_LINKS.length)
})

test('the fallback page (no path) keeps its title and language; a theme colour that is not a plain colour is left out', () => {
  const odd = { ...settings, backgroundColor: 'url(x)' }
  const head = headOf(injectPageHead(SHELL, { path: null, head: null, settings: odd, origin: ORIGIN }))
  expect(head).toMatchObject({ lang: 'en', title: 'CashLoan', themeColor: null })
  expect(head.icons).toHaveLength(3)
})

test('a page without a lang attribute gets one, and the texts cannot break out of their elements', () => {
  const html = injectPageHead(SHELL.replace(' lang="en"', ''), {
    path: '/',
    head: { description: '"><script>alert(1)</script>' },
    settings,
    origin: ORIGIN,
  })
  expect(html).toContain('<html lang="en">')
  expect(html).not.toContain('"><script>')
  expect(headOf(html).description).toBe('"><script>alert(1)</script>')
})
