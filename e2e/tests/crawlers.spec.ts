import { expect, test } from '@playwright/test'
import { appPagePaths, publicPaths } from 'deploy/route-pages'
import { PROFILES } from 'deploy/settings'
import { STANDALONE_PAGES } from 'deploy/standalone'

// What crawlers see (#31, item 2): private pages say noindex, unknown paths are 404s, robots.txt and the
// sitemap are served; the same from nginx as from the Node server.
const NODE_SERVER = `http://localhost:${process.env.E2E_PORT ?? 4310}`

const PAGES = [...appPagePaths(), ...Object.keys(STANDALONE_PAGES)]

/** Every page, as asked with the slashes both servers tolerate, and what is no page. */
const EXPECTED_STATUS: Record<string, number> = {
  ...Object.fromEntries(PAGES.map((path) => [path, 200])),
  ...Object.fromEntries(PAGES.map((path) => [`${path}/`.replace(/^\/\/$/, '/'), 200])),
  '//complaint': 200,
  '/complaint//': 200,
  '/complaint?orderId=86': 200,
  '/robots.txt': 200,
  '/sitemap.xml': 200,
  '/registry.json': 200,
  // Wrong ones: unknown paths, case, extra segments, the shell's file by name, files that do not exist.
  '/no-such-route': 404,
  '/no-such-route/': 404,
  '/Complaint': 404,
  '/aboutus': 404,
  '/complaint/extra': 404,
  '/testPreview/extra': 404,
  '/standalone': 404,
  '/standalone/': 404,
  '/standalone/complaint': 404,
  '/index.html': 404,
  '/robots': 404,
  '/sitemap': 404,
  '/no-such-file.js': 404,
  '/assets/no-such-file.js': 404,
  '/remotes/': 404,
  '/remotes/mf-site/0.0.0/mf-manifest.json': 404,
  '/.vite/manifest.json': 404,
  '/.pages/settings.json': 404,
}

test('every route and a list of wrong paths: the same status from nginx as from the Node server', async ({
  request,
  baseURL,
}) => {
  const got: Record<string, number[]> = {}
  for (const path of Object.keys(EXPECTED_STATUS)) {
    // Full addresses: a path of `//x` alone would name the host x.
    const here = await request.get(`${baseURL}${path}`, { maxRedirects: 0 })
    const node = await request.get(`${NODE_SERVER}${path}`, { maxRedirects: 0 })
    got[path] = [here.status(), node.status()]
  }
  const expected = Object.fromEntries(Object.entries(EXPECTED_STATUS).map(([path, s]) => [path, [s, s]]))
  expect(got).toEqual(expected)
})

test('an unknown path is a 404 with the shell page, never cached, not indexed', async ({ request }) => {
  for (const path of ['/no-such-route', '/complaint/extra']) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(404)
    expect(response.headers()['content-type'], path).toContain('text/html')
    expect(response.headers()['cache-control'], path).toBe('no-cache')
    expect(response.headers()['x-robots-tag'], path).toBe('noindex, nofollow')
    expect(response.headers()['content-security-policy'], path).toContain("script-src 'self'")
    expect(await response.text(), path).toContain('<div id="root">')
  }
})

test('in-app pages say noindex, nofollow; public pages (the route table) say nothing', async ({
  request,
  baseURL,
}) => {
  // Which pages are public is the route table's (deploy's route-pages tests hold the list).
  const publicOnes = publicPaths()
  const tags: Record<string, string | null> = {}
  for (const path of PAGES) {
    // As borrowers open them: in-app routes with the session and an order on the address.
    const query = publicOnes.includes(path) ? '' : '?sessionId=s-1&productId=1&orderId=86'
    for (const asked of [path + query, `/${path}/${query}`]) {
      tags[asked] = (await request.get(`${baseURL}${asked}`)).headers()['x-robots-tag'] ?? null
    }
  }
  const expected = Object.fromEntries(
    Object.keys(tags).map((asked) => {
      const path = `/${asked.split('?')[0].split('/').filter(Boolean).join('/')}`
      return [asked, publicOnes.includes(path) ? null : 'noindex, nofollow']
    }),
  )
  expect(tags).toEqual(expected)
})

test('robots.txt names the sitemap, which lists the public pages at PUBLIC_ORIGIN', async ({ request }) => {
  const origin = PROFILES.demo.publicOrigin
  const robots = await request.get('/robots.txt')
  expect(robots.status()).toBe(200)
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8')
  expect(robots.headers()['cache-control']).toBe('no-cache')
  expect(robots.headers()['x-robots-tag']).toBeUndefined()
  expect(await robots.text()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`)
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.status()).toBe(200)
  expect(sitemap.headers()['content-type']).toBe('text/xml')
  const xml = await sitemap.text()
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
  const locations = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])
  expect(locations).toEqual(publicPaths().map((path) => `${origin}${path}`))
})
