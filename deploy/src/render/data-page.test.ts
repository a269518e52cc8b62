import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildFirstCall, FIRST_CALLS_FILE } from 'shared/http/first-call'
import { DEFAULT_SETTINGS } from 'shared/host/settings'
import { FIRST_FRAME_MODULE, FRAME_LOADS_ATTR } from 'shared/remote/first-frame'
import { readParams } from 'shared/session'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import {
  dataPageParts,
  fallbackRest,
  makeFirstCalls,
  renderDataScreen,
  renderedRest,
  renderServiceFromEnv,
  sendDataPage,
} from './data-page'
import { createAppServer, type RenderService } from '../serve/server'

const CALL = {
  method: 'POST',
  path: '/v3/detail',
  body: { productId: { global: 'productId' }, orderId: { global: 'orderId', required: true } },
} as const
const FIRST_CALL_JS = 'window.firstCalls()'
const PAGE =
  '<!doctype html><html><head><script type="application/json" id="app-settings">{}</script>\n' +
  `    <script type="application/json" id="first-call">${JSON.stringify([CALL])}</script><script>${FIRST_CALL_JS}</script>\n` +
  '    <script type="application/json" id="mf-preload">{"registry":{"remotes":{"mf_repay":{"version":"1.0.0",' +
  '"entry":"/remotes/mf-repay/1.0.0/mf-manifest.json","previous":null}}},"manifests":{}}</script></head><body>' +
  '<div id="first-frame" class="first-frame" data-remote="mf_repay" data-path="/repay">' +
  '<div class="remote-slot" data-remote="mf_repay"><div class="remote-root"><div><p role="status">Loading...</p></div></div></div></div>' +
  '<div id="root"></div><noscript>JS</noscript></body></html>'

let cdnDir: string
let api: Server
let apiOrigin: string
const seen: { url: string; body: string; cookie?: string; forwarded?: string; host?: string }[] = []
let delayMs = 0

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => resolve(body))
  })

beforeAll(async () => {
  api = createServer((req, res) => {
    void read(req).then((body) => {
      seen.push({
        url: req.url ?? '',
        body,
        cookie: req.headers.cookie,
        forwarded: req.headers['x-forwarded-for'] as string | undefined,
        host: req.headers['x-forwarded-host'] as string | undefined,
      })
      if (req.url?.startsWith('/utilities/moved')) {
        res.writeHead(302, { Location: '/utilities/v3/detail' })
        res.end()
        return
      }
      const amount = new URLSearchParams(body).get('orderId') === '86' ? '1.234,00' : '9,00'
      setTimeout(() => {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ code: '00', message: 'success', data: { amount } }))
      }, delayMs)
    })
  })
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  apiOrigin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
  cdnDir = mkdtempSync(join(tmpdir(), 'data-page-'))
  const release = join(cdnDir, 'mf-repay', '1.0.0')
  mkdirSync(join(release, '.server'), { recursive: true })
  writeFileSync(join(release, FIRST_CALLS_FILE), JSON.stringify({ '/repay': [CALL] }))
  // A release's renderer (shared/remote/first-frame-render.tsx bundled): the screen from the call's answer.
  writeFileSync(
    join(release, FIRST_FRAME_MODULE),
    `exports.paths = ['/repay']
exports.renderFirstFrame = () => ({ html: '<div><p role="status">Loading...</p></div>' })
exports.renderWithData = async (path, settings, page) => {
  const [answer] = Object.values(page.answers)
  if (!answer) return { skipped: 'no answer' }
  const data = JSON.parse(answer.text).data
  return { html: '<div><h1>Due ' + data.amount + ' for ' + settings.name + '</h1></div>', loads: { '_r_0_': { status: 'ready', data } } }
}
`,
  )
})

afterAll(async () => {
  await new Promise((resolve) => api.close(resolve))
  rmSync(cdnDir, { recursive: true, force: true })
})

afterEach(() => {
  seen.length = 0
  delayMs = 0
})

const HREF = 'https://loan.example/repay?sessionId=s-1&orderId=86&productId=1&from=sms'
const endpoint = { baseURL: '/utilities', appOrigin: 'https://loan.example' }

/** The fixture page's first calls for HREF, made against the test API within `ms`. */
function callFixture(ms: number, extra: Partial<Parameters<typeof makeFirstCalls>[1]> = {}) {
  const parts = dataPageParts(PAGE, '/repay', cdnDir)!
  const page = makeFirstCalls(parts.calls, {
    href: HREF,
    endpoint,
    apiUpstream: apiOrigin,
    signal: AbortSignal.timeout(ms),
    ...extra,
  })
  return { parts, page }
}

test('the page splits at its frame: the head starts no call, the fallback starts them right after the frame', () => {
  const parts = dataPageParts(PAGE, '/repay', cdnDir)!
  expect(parts).toMatchObject({ remote: 'mf_repay', path: '/repay', version: '1.0.0', calls: [CALL] })
  expect(parts.head).not.toContain('id="first-call"')
  expect(parts.head).toContain(`<script>${FIRST_CALL_JS}</script>`)
  expect(parts.head).toContain('id="mf-preload"')
  expect(parts.frame).toBe('<div><p role="status">Loading...</p></div>')
  const fallback = parts.head + fallbackRest(parts)
  expect(fallback).toContain(
    `<div id="root"></div><script type="application/json" id="first-call">${JSON.stringify([CALL])}</script><script>${FIRST_CALL_JS}</script><noscript>`,
  )
  // The static page, its first calls moved from the head to right after the frame.
  const block = `<script type="application/json" id="first-call">${JSON.stringify([CALL])}</script>`
  const script = `<script>${FIRST_CALL_JS}</script>`
  expect(fallback).toBe(
    PAGE.replace(block + script, script).replace(
      '<div id="root"></div>',
      `<div id="root"></div>${block}${script}`,
    ),
  )
})

test('no data page for a route without a frame, first calls or a release here', () => {
  expect(dataPageParts(PAGE, '/delayRepay', cdnDir)).toBeNull()
  expect(
    dataPageParts(
      PAGE.replace(/<div id="first-frame"[\s\S]*<div id="root">/, '<div id="root">'),
      '/repay',
      cdnDir,
    ),
  ).toBeNull()
  expect(
    dataPageParts(
      PAGE.replace(/<script type="application\/json" id="first-call">.*?<\/script>/, ''),
      '/repay',
      cdnDir,
    ),
  ).toBeNull()
  expect(
    dataPageParts(
      PAGE.replaceAll('/remotes/mf-repay/1.0.0/', 'https://cdn.example/mf-repay/1.0.0/'),
      '/repay',
      cdnDir,
    ),
  ).toBeNull()
})

test('a screen whose data is its address (a frame that loads, no first call) is a data page: nothing leaves its head', () => {
  const page = PAGE.replace(
    /<script type="application\/json" id="first-call">.*?<\/script><script>.*?<\/script>/,
    '',
  ).replace('data-path="/repay"', `data-path="/repaymentOfCode" ${FRAME_LOADS_ATTR}`)
  const parts = dataPageParts(page, '/repaymentOfCode', cdnDir)!
  expect(parts).toMatchObject({ remote: 'mf_repay', path: '/repaymentOfCode', calls: [], firstCalls: '' })
  expect(parts.head).toBe(page.slice(0, page.indexOf('<div id="first-frame"')))
  expect(parts.head + fallbackRest(parts)).toBe(page)
  // A frame that loads nothing is a page as written; a route declaring calls its page does not start, too.
  expect(dataPageParts(page.replace(` ${FRAME_LOADS_ATTR}`, ''), '/repaymentOfCode', cdnDir)).toBeNull()
  expect(dataPageParts(page.replace('/repaymentOfCode', '/repay'), '/repay', cdnDir)).toBeNull()
})

test("the first calls are the page's own, with the borrower's session; cookies only to the page's origin", async () => {
  const page = await callFixture(5000, { cookie: 'demo-visitor=v1', client: '203.0.113.7' }).page
  const session = readParams(new URL(HREF).searchParams)
  const key = buildFirstCall(CALL, endpoint, new URL(HREF).searchParams, session)!.key
  expect(Object.keys(page.answers)).toEqual([key])
  expect(page.query).toEqual({ from: 'sms', orderId: '86', productId: '1' })
  expect(page.session).toEqual(session)
  expect(seen).toEqual([
    {
      url: '/utilities/v3/detail?sessionId=s-1',
      body: 'productId=1&orderId=86',
      cookie: 'demo-visitor=v1',
      forwarded: '203.0.113.7',
      host: 'loan.example',
    },
  ])

  seen.length = 0
  const elsewhere = { baseURL: 'https://api.example/utilities', appOrigin: 'https://loan.example' }
  await callFixture(5000, { endpoint: elsewhere, cookie: 'demo-visitor=v1' }).page
  expect(seen[0].cookie).toBeUndefined()
})

test('a redirect is the answer, as the page would get it: the service follows none', async () => {
  const moved = { ...CALL, path: '/moved' }
  const page = await makeFirstCalls([moved], {
    href: HREF,
    endpoint,
    apiUpstream: apiOrigin,
    signal: AbortSignal.timeout(2000),
  })
  expect(Object.values(page.answers)).toEqual([{ status: 302, text: '' }])
  expect(seen.map((call) => call.url.split('?')[0])).toEqual(['/utilities/moved'])
})

test('a call that does not answer in time has no answer', async () => {
  delayMs = 500
  const { parts, page: calling } = callFixture(50)
  const page = await calling
  expect(page.answers).toEqual({})
  expect(await renderDataScreen(parts, DEFAULT_SETTINGS, page)).toEqual({ skipped: 'no answer' })
})

test("the rest of the page carries the screen rendered with the borrower's data, and that data for the screen", async () => {
  const { parts, page: calling } = callFixture(5000)
  const page = await calling
  const rendered = await renderDataScreen(parts, DEFAULT_SETTINGS, page)
  if (!('html' in rendered)) throw new Error(rendered.skipped)
  const html = parts.head + renderedRest(parts, page, rendered)
  expect(html).toContain('<div class="remote-root"><script type="application/json" id="rendered-loads">')
  expect(html).toContain(
    '<h1>Due 1.234,00 for CashLoan</h1></div></div></div></div><div id="root"></div><noscript>',
  )
  expect(html).not.toContain('id="first-call"')
  const block = /id="rendered-loads">(.*?)<\/script>/.exec(html)![1]
  expect(JSON.parse(block)).toEqual({
    version: '1.0.0',
    query: page.query,
    session: page.session,
    loads: { _r_0_: { status: 'ready', data: { amount: '1.234,00' } } },
  })
})

/** A server that sends the fixture page for /repay as the render service does. */
async function serveDataPage(budgetMs: number) {
  const warnings: string[] = []
  const server = createServer((req, res) => {
    const href = new URL(req.url ?? '/', 'https://loan.example').href
    const parts = dataPageParts(PAGE, new URL(href).pathname, cdnDir)
    if (!parts) return void res.writeHead(404).end()
    sendDataPage(req, res, parts, {
      href,
      settings: DEFAULT_SETTINGS,
      endpoint,
      apiUpstream: apiOrigin,
      budgetMs,
      headers: { 'Content-Security-Policy': "script-src 'self'", 'Cache-Control': 'no-cache' },
      log: (line) => warnings.push(line),
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    warnings,
    get: (path: string) => fetch(origin + path, { headers: { 'Accept-Encoding': 'br' } }),
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

test('the page goes out with the data in time: private, never stored, its head before the answers', async () => {
  delayMs = 300
  const service = await serveDataPage(2000)
  const response = await service.get('/repay?sessionId=s-1&orderId=86')
  expect(response.headers.get('cache-control')).toBe('private, no-store')
  expect(response.headers.get('content-encoding')).toBe('br')
  expect(response.headers.get('content-security-policy')).toBe("script-src 'self'")
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  const first = decoder.decode((await reader.read()).value)
  // The head (and its preloads) arrived on its own, before the API had answered.
  expect(first).toContain('id="mf-preload"')
  expect(first).not.toContain('first-frame')
  let rest = ''
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
    rest += decoder.decode(chunk.value)
  expect(first + rest).toContain('<h1>Due 1.234,00 for CashLoan</h1>')
  expect(service.warnings).toEqual([])
  await service.close()
})

test('an API slower than the budget gets the static page at the budget, its first calls after the frame, no query logged', async () => {
  delayMs = 1000
  const service = await serveDataPage(100)
  const asked = Date.now()
  const html = await (await service.get('/repay?sessionId=secret-session&orderId=86')).text()
  expect(Date.now() - asked).toBeLessThan(800)
  expect(html).toContain(
    '<p role="status">Loading...</p></div></div></div></div><div id="root"></div><script type="application/json" id="first-call">',
  )
  expect(html).not.toContain('rendered-loads')
  expect(service.warnings).toEqual(['[render] /repay: the static page (over 100 ms)'])
  expect(service.warnings.join()).not.toContain('secret-session')
  await service.close()
})

/** The app server over a pages folder holding the fixture page for /repay, rendering within `budgetMs`. */
async function appServer(render: RenderService) {
  const pagesDir = join(cdnDir, '.pages')
  mkdirSync(pagesDir, { recursive: true })
  writeFileSync(join(pagesDir, 'repay.html'), PAGE)
  const server = createAppServer({ cdnDir, pagesDir, render, shellDir: join(cdnDir, 'no-shell') })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    get: (path: string, method = 'GET') => fetch(origin + path, { method }),
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

test("the app server sends a data route's written page with the borrower's data, its page's headers kept", async () => {
  const app = await appServer({ budgetMs: 2000, apiUpstream: apiOrigin })
  const response = await app.get('/repay?sessionId=s-1&orderId=86')
  expect(response.status).toBe(200)
  expect(response.headers.get('cache-control')).toBe('private, no-store')
  expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
  expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow')
  expect(await response.text()).toContain('<h1>Due 1.234,00 for CashLoan</h1>')
  // The call the page's script would have made, to the API's upstream, naming the host the page was asked of.
  expect(seen).toMatchObject([
    { url: '/utilities/v3/detail?sessionId=s-1', body: 'orderId=86', host: response.url.split('/')[2] },
  ])
  const head = await app.get('/repay?sessionId=s-1&orderId=86', 'HEAD')
  expect(head.headers.get('cache-control')).toBe('private, no-store')
  expect(seen).toHaveLength(1)
  await app.close()
})

test('past its renders a minute, a client gets the static page as written, never a refusal', async () => {
  const app = await appServer({ budgetMs: 2000, apiUpstream: apiOrigin, perMinute: 2 })
  const pages = []
  for (let i = 0; i < 4; i++) pages.push(await (await app.get(`/repay?orderId=86&n=${i}`)).text())
  expect(pages.map((html) => html.includes('<h1>Due'))).toEqual([true, true, false, false])
  expect(pages[3]).toBe(PAGE)
  expect(seen).toHaveLength(2)
  await app.close()
})

test('with no render service, or a budget of 0, the page goes as written', async () => {
  for (const render of [{ budgetMs: 0, apiUpstream: apiOrigin }, undefined]) {
    const app = await appServer(render as RenderService)
    const response = await app.get('/repay?orderId=86')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(await response.text()).toBe(PAGE)
    await app.close()
  }
  expect(seen).toEqual([])
})

test('the render service is on by default in the demo, off at a budget of 0, and in production only with API_UPSTREAM', () => {
  expect(renderServiceFromEnv({})).toEqual({ budgetMs: 300, apiUpstream: null, perMinute: 120 })
  expect(renderServiceFromEnv({ RENDER_BUDGET_MS: '0' })).toBeNull()
  expect(
    renderServiceFromEnv({
      RENDER_BUDGET_MS: '500',
      RENDERED_PAGES_PER_MINUTE: '30',
      API_UPSTREAM: apiOrigin,
    }),
  ).toEqual({ budgetMs: 500, apiUpstream: apiOrigin, perMinute: 30 })
  expect(renderServiceFromEnv({ DEPLOY_PROFILE: 'production' })).toBeNull()
  expect(renderServiceFromEnv({ DEPLOY_PROFILE: 'production', API_UPSTREAM: apiOrigin })).toMatchObject({
    apiUpstream: apiOrigin,
  })
  expect(() => renderServiceFromEnv({ RENDER_BUDGET_MS: 'soon' })).toThrow('RENDER_BUDGET_MS')
  expect(() => renderServiceFromEnv({ RENDERED_PAGES_PER_MINUTE: '0' })).toThrow('RENDERED_PAGES_PER_MINUTE')
  expect(() => renderServiceFromEnv({ API_UPSTREAM: 'api.internal' })).toThrow('API_UPSTREAM')
})
