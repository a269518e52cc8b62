import { act, useCallback } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { expect, test, vi } from 'vitest'
import type { RemoteProps } from '../contract/contract'
import { DEFAULT_SETTINGS } from '../host/settings'
import { buildFirstCall, type FirstCall } from '../http/first-call'
import { matchRoute } from '../routes/route-table'
import type { ApiResult } from '../schema/schema'
import { readParams } from '../session/session'
import { RenderedLoadsContext, useLoad } from '../ui/use-load'
import { firstFrameProps, type DataPage } from './first-frame'
import { createFirstFrameRenderer } from './first-frame-render'

const render = (Root: (props: RemoteProps) => React.ReactNode, path = '/aboutUs', paths = ['/aboutUs']) =>
  createFirstFrameRenderer('mf_site', Root, paths).renderFirstFrame(path, DEFAULT_SETTINGS)

test('a declared route renders its first frame with the screen, the locale and the deployment’s settings', () => {
  const result = render(({ screen, locale, settings }) => <h1>{`${screen} ${locale} ${settings.name}`}</h1>)
  expect(result).toEqual({ html: '<h1>aboutUs en CashLoan</h1>', hashes: [''] })
})

test('a data screen’s frame is its loading state: its calls never answer', () => {
  function Data({ http }: RemoteProps) {
    void http.get('/x')
    return <p role="status">Loading...</p>
  }
  expect(render(Data)).toEqual({ html: '<p role="status">Loading...</p>', hashes: [''] })
})

test('no frame for a route the remote did not declare, or of another remote', () => {
  const Root = () => <h1>x</h1>
  expect(render(Root, '/privacyPolicy')).toEqual({
    skipped: expect.stringContaining('declares no first frame'),
  })
  expect(render(Root, '/repay', ['/repay'])).toEqual({ skipped: expect.stringContaining('not a route of') })
})

test('no frame for a screen that shows its query or session, or an error when they are missing', () => {
  const shows = ({ query }: RemoteProps) => <a href={`#/next?id=${query.id ?? ''}`}>Next</a>
  expect(render(shows)).toEqual({ skipped: expect.stringContaining('query.id') })
  const needs = ({ session }: RemoteProps) =>
    session.session.sessionId ? <p>Loading</p> : <p>Link incomplete</p>
  expect(render(needs)).toEqual({ skipped: expect.stringContaining('session.sessionId') })
  const copies = ({ query }: RemoteProps) => <p data-n={Object.keys(query).length}>x</p>
  expect(render(copies)).toEqual({ skipped: expect.stringContaining('query.*') })
})

test('a screen that reads its query without showing it still gets its frame', () => {
  const reads = ({ query }: RemoteProps) => (
    <p>{query.orderId === undefined || query.orderId ? 'Loading' : 'x'}</p>
  )
  expect(render(reads)).toEqual({ html: '<p>Loading</p>', hashes: [''] })
})

/** A remote whose hash chooses its page, as the promotion's does: an unknown hash is the landing. */
function ByHash({ hash }: RemoteProps) {
  const route = hash.split('?')[0]
  return route === '/download' ? <h1>Download</h1> : <h1>Register</h1>
}

test('a frame is the screen of the empty hash only, unless its route declares more (issue #42)', () => {
  expect(render(ByHash)).toEqual({ html: '<h1>Register</h1>', hashes: [''] })
})

test('a frame is also the screen of each hash route declared for its path that renders the same', () => {
  const routes = [{ path: '/aboutUs', hashes: ['/', '/register'] }]
  const renderer = createFirstFrameRenderer('mf_site', ByHash, routes)
  expect(renderer.paths).toEqual(['/aboutUs'])
  expect(renderer.renderFirstFrame('/aboutUs', DEFAULT_SETTINGS)).toEqual({
    html: '<h1>Register</h1>',
    hashes: ['', '/', '/register'],
  })
})

test('no frame when a declared hash route renders another screen, or is not plain', () => {
  const wrong = createFirstFrameRenderer('mf_site', ByHash, [
    { path: '/aboutUs', hashes: ['/', '/download'] },
  ])
  expect(wrong.renderFirstFrame('/aboutUs', DEFAULT_SETTINGS)).toEqual({
    skipped: '/aboutUs#/download renders another screen than /aboutUs',
  })
  const odd = createFirstFrameRenderer('mf_site', ByHash, [{ path: '/aboutUs', hashes: ['"]{}'] }])
  expect(odd.renderFirstFrame('/aboutUs', DEFAULT_SETTINGS)).toEqual({
    skipped: expect.stringContaining('unusual hash route'),
  })
})

test('a screen that cannot render without a browser gets no frame, and says why', () => {
  const browserOnly = () => <p>{window.location.href}</p>
  const saved = globalThis.window
  // @ts-expect-error: the release step renders in Node, where there is no window
  delete globalThis.window
  try {
    expect(render(browserOnly)).toEqual({ skipped: expect.stringContaining('failed to render') })
  } finally {
    globalThis.window = saved
  }
})

test('no frame with a form the browser would submit before the JS arrives; method="dialog" submits nothing', () => {
  const submits = () => (
    <form aria-label="sign up">
      <input aria-label="phone" />
    </form>
  )
  expect(render(submits)).toEqual({ skipped: expect.stringContaining('method="dialog"') })
  const stays = () => (
    <form aria-label="sign up" method="dialog">
      <input aria-label="phone" />
    </form>
  )
  expect(render(stays)).toEqual({
    html: '<form aria-label="sign up" method="dialog"><input aria-label="phone"/></form>',
    hashes: [''],
  })
})

/** A data screen as the remotes write one: its load is a call through the request helper, then its data. */
function Detail({ http, session }: RemoteProps) {
  const orderId = session.globals.orderId
  const load = useCallback(
    () =>
      http
        .post<{ amount: string }>('/loan/detail', { orderId })
        .then((r): ApiResult<{ amount: string }> =>
          r.success && r.data
            ? { ok: true, data: r.data }
            : { ok: false, message: r.message, notified: true },
        ),
    [http, orderId],
  )
  const { state } = useLoad(load)
  if (state.status === 'ready') return <h1>{`Due ₱${state.data.amount}`}</h1>
  return <p role="status">{state.status === 'error' ? state.message : 'Loading...'}</p>
}

const DETAIL_CALL: FirstCall = {
  method: 'POST',
  path: '/loan/detail',
  body: { orderId: { global: 'orderId', required: true } },
}
const ENDPOINT = { baseURL: '/utilities', appOrigin: 'https://loan.example' }

/** The page request for `/repay?orderId=…`, answered as the service answers it: `text` for the route's call. */
function dataPage(text: string | null, orderId = '86'): DataPage {
  const session = readParams(new URLSearchParams({ orderId }))
  const built = buildFirstCall(DETAIL_CALL, ENDPOINT, new URLSearchParams(), session)
  if (!built) throw new Error('the call was not built')
  return {
    query: {},
    session,
    endpoint: ENDPOINT,
    answers: text === null ? {} : { [built.key]: { status: 200, text } },
  }
}

const renderData = (page: DataPage, Root: (props: RemoteProps) => React.ReactNode = Detail) => {
  const renderer = createFirstFrameRenderer('mf_repay', Root, ['/repay'])
  if (!renderer.renderWithData) throw new Error('no request-time render')
  return renderer.renderWithData('/repay', DEFAULT_SETTINGS, page)
}

test('a frame whose screen starts a load says so, the load not run: its page is a data page (ADR 0057)', () => {
  let calls = 0
  function Counted(props: RemoteProps) {
    return (
      <Detail {...props} http={{ ...props.http, post: (...args) => (calls++, props.http.post(...args)) }} />
    )
  }
  const frame = render(Counted)
  expect(frame).toEqual({ html: '<p role="status">Loading...</p>', hashes: [''], loads: true })
  expect(calls).toBe(0)
  expect(render(() => <p role="status">Loading...</p>)).not.toHaveProperty('loads')
})

test("a data screen renders with the borrower's data from the service's answers, and its loads by id", async () => {
  const answer = JSON.stringify({ code: '00', message: 'success', data: { amount: '1.234,00' } })
  const result = await renderData(dataPage(answer))
  if (!('html' in result)) throw new Error(result.skipped)
  expect(result.html).toBe('<h1>Due ₱1.234,00</h1>')
  expect(Object.values(result.loads)).toEqual([{ status: 'ready', data: { amount: '1.234,00' } }])
})

test('the hydrating screen takes the rendered loads: no call, no mismatch', async () => {
  const answer = JSON.stringify({ code: '00', message: 'success', data: { amount: '500,00' } })
  const page = dataPage(answer)
  const result = await renderData(page)
  if (!('html' in result)) throw new Error(result.skipped)
  const container = document.createElement('div')
  container.innerHTML = result.html
  document.body.append(container)
  const post = vi.fn(() => new Promise<never>(() => undefined))
  const props = {
    ...firstFrameProps(matchRoute('/repay')!, DEFAULT_SETTINGS),
    session: page.session,
    http: { get: post, post, upload: post },
  }
  const warnings = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const root = await act(async () =>
    hydrateRoot(
      container,
      <RenderedLoadsContext.Provider value={{ take: (id) => result.loads[id] }}>
        <Detail {...props} />
      </RenderedLoadsContext.Provider>,
      { onRecoverableError: (error) => console.error(error) },
    ),
  )
  expect(container.innerHTML).toBe('<h1>Due ₱500,00</h1>')
  expect(post).not.toHaveBeenCalled()
  expect(warnings).not.toHaveBeenCalled()
  act(() => root.unmount())
  container.remove()
  warnings.mockRestore()
})

test('no render with data when a load fails, its call has no answer, or the screen loads nothing', async () => {
  const refused = JSON.stringify({ code: '500', message: 'Service is busy', data: null })
  expect(await renderData(dataPage(refused))).toEqual({ skipped: expect.stringContaining('Service is busy') })
  expect(await renderData(dataPage(null))).toEqual({ skipped: expect.stringContaining('failed') })
  expect(await renderData(dataPage(null), () => <h1>Static</h1>)).toEqual({
    skipped: expect.stringContaining('loads nothing'),
  })
})

test("another order's answer is not this page's: the call's key carries its body", async () => {
  const answer = JSON.stringify({ code: '00', message: 'success', data: { amount: '9,00' } })
  const other = dataPage(answer, '87')
  expect(await renderData({ ...dataPage(null), answers: other.answers })).toEqual({
    skipped: expect.stringContaining('failed'),
  })
})
