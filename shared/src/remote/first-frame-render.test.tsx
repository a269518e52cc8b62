import type { RemoteProps } from '../contract/contract'
import { DEFAULT_SETTINGS } from '../host/settings'
import { expect, test } from 'vitest'
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
