import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import type { RemoteProps } from 'shared/contract'
import { DEFAULT_SETTINGS } from 'shared/host/settings'
import { createRemoteApp } from 'shared/remote'
import { firstFrameProps, REMOTE_MOUNTED_MARK, RENDERED_LOADS_ID } from 'shared/remote/first-frame'
import { emptySession, readParams } from 'shared/session'
import { DueScreen, renderedDueFrame } from 'shared/testing'
import { FRAME_HASHES_ATTR } from 'shared/remote/frame-hash'
import { matchRoute } from 'shared/routes'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { App, createAppNavigation, type AppNavigation } from '../app'
import { PlatformProvider } from '../boot/platform'
import { fakePlatform } from '../testing/fake-platform'
import { RemoteUnavailableError, type LoadedRemote } from './remote-loader'

/** A screen whose first render is the same for everyone (its first frame) and that reacts to taps. */
function AboutScreen({ query }: RemoteProps) {
  return (
    <main>
      <h1>About us</h1>
      <button
        type="button"
        onClick={(event) => (event.currentTarget.textContent = `tapped ${query.x ?? ''}`)}
      >
        Tap
      </button>
    </main>
  )
}

const remote = (fellBackFrom: string | null = null): LoadedRemote => ({
  app: { ...createRemoteApp(AboutScreen) },
  version: '1.0.0',
  fellBackFrom,
})

/**
 * The page as the release writes it for /aboutUs: the frame above the shell's empty root, with the hash routes
 * it is the screen of when the release says (ADR 0049).
 */
function writePage(path = '/aboutUs', html?: string, hashes?: string[]) {
  const route = matchRoute(path)!
  const frame = html ?? renderToString(<AboutScreen {...firstFrameProps(route, DEFAULT_SETTINGS)} />)
  const declared = hashes ? ` ${FRAME_HASHES_ATTR}="${JSON.stringify(hashes).replace(/"/g, '&quot;')}"` : ''
  document.body.innerHTML =
    `<div id="first-frame" class="first-frame" data-remote="${route.remote}" data-path="${route.path}"${declared}>` +
    `<div class="remote-slot"><div class="remote-root">${frame}</div></div></div>`
}

let navigation: AppNavigation

function renderShellAt(url: string, load: (name: string) => Promise<LoadedRemote>) {
  window.history.replaceState(null, '', url)
  navigation = createAppNavigation()
  const container = document.body.appendChild(document.createElement('div'))
  container.id = 'root'
  const platform = fakePlatform({ load })
  render(
    <PlatformProvider platform={platform}>
      <App navigation={navigation} />
    </PlatformProvider>,
    { container },
  )
  return platform
}

// single-spa-react resolves mount after React has rendered; wrapping that in act() would wait on itself.
type ActEnv = { IS_REACT_ACT_ENVIRONMENT?: boolean }
beforeAll(() => void ((globalThis as ActEnv).IS_REACT_ACT_ENVIRONMENT = false))
afterAll(() => void ((globalThis as ActEnv).IS_REACT_ACT_ENVIRONMENT = true))
afterEach(async () => {
  // The remote's own React root unmounts after single-spa's promises settle: let it, while act is off.
  cleanup()
  await new Promise((resolve) => setTimeout(resolve, 10))
  window.history.replaceState(null, '', '/')
  performance.clearMarks()
  vi.restoreAllMocks()
})

const frameElement = () => document.getElementById('first-frame')

test('the page’s first frame stays on screen instead of the skeleton, and the remote hydrates it in place', async () => {
  const warn = vi.spyOn(console, 'warn')
  writePage()
  const painted = screen.getByRole('heading', { name: 'About us' })
  let arrive: (loaded: LoadedRemote) => void = () => undefined
  renderShellAt('/aboutUs?x=1', () => new Promise((resolve) => (arrive = resolve)))
  // While the remote's code travels, the borrower reads the frame; no skeleton covers it.
  await waitFor(() => expect(document.querySelector('.remote-slot[data-remote="mf_site"]')).not.toBeNull())
  expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument()
  expect(frameElement()).not.toBeNull()

  arrive(remote())
  await waitFor(() => expect(performance.getEntriesByName(REMOTE_MOUNTED_MARK)).toHaveLength(1))
  // Hydrated, not painted again: the very element the page painted is now the remote's, and it works.
  expect(frameElement()).toBeNull()
  expect(screen.getByRole('heading', { name: 'About us' })).toBe(painted)
  expect(document.querySelector('#root .remote-root')).toContainElement(painted)
  screen.getByRole('button', { name: 'Tap' }).click()
  expect(screen.getByRole('button', { name: 'tapped 1' })).toBeInTheDocument()
  expect(warn).not.toHaveBeenCalled()
})

test('a frame that does not match the remote’s first render is replaced by a fresh render, with a warning', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  writePage('/aboutUs', '<main><h1>Stale page</h1></main>')
  renderShellAt('/aboutUs', async () => remote())
  expect(await screen.findByRole('heading', { name: 'About us' })).toBeInTheDocument()
  expect(screen.queryByRole('heading', { name: 'Stale page' })).not.toBeInTheDocument()
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('[first frame]'), expect.anything())
})

test('a frame is never shown over the retry screen when the remote fails to load', async () => {
  writePage()
  renderShellAt('/aboutUs', async () => {
    throw new RemoteUnavailableError('mf_site', [])
  })
  expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument()
  expect(frameElement()).toBeNull()
})

test('a release that fell back to an older version renders afresh: the frame is the current release’s', async () => {
  const warn = vi.spyOn(console, 'warn')
  writePage('/aboutUs', '<main><h1>About us</h1><p>Only in the new release</p></main>')
  renderShellAt('/aboutUs', async () => remote('2.0.0'))
  await waitFor(() => expect(performance.getEntriesByName(REMOTE_MOUNTED_MARK)).toHaveLength(1))
  expect(frameElement()).toBeNull()
  expect(screen.queryByText('Only in the new release')).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Tap' })).toBeInTheDocument()
  expect(warn).not.toHaveBeenCalled()
})

test('moving to another route before the remote arrives takes the frame away', async () => {
  writePage()
  renderShellAt('/aboutUs', () => new Promise<LoadedRemote>(() => undefined))
  await waitFor(() => expect(document.querySelector('.remote-slot[data-remote="mf_site"]')).not.toBeNull())
  await act(() => navigation.navigate('/repay'))
  await waitFor(() => expect(frameElement()).toBeNull())
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
})

test('a frame of another screen is not taken over, nor left on screen', async () => {
  writePage('/privacyPolicy', '<main><h1>Privacy Policy</h1></main>')
  renderShellAt('/aboutUs', async () => remote())
  await waitFor(() => expect(performance.getEntriesByName(REMOTE_MOUNTED_MARK)).toHaveLength(1))
  expect(frameElement()).toBeNull()
  expect(screen.queryByRole('heading', { name: 'Privacy Policy' })).not.toBeInTheDocument()
  expect(screen.getByRole('heading', { name: 'About us' })).toBeInTheDocument()
})

test('on a hash route its frame is not for, the frame is neither shown nor hydrated: no mismatch (issue #42)', async () => {
  const warn = vi.spyOn(console, 'warn')
  writePage('/aboutUs', '<main><h1>Register</h1></main>', ['', '/registerTemplate'])
  let arrive: (loaded: LoadedRemote) => void = () => undefined
  renderShellAt('/aboutUs#/downloadTemplate?id=7', () => new Promise((resolve) => (arrive = resolve)))
  // The skeleton, not the wrong screen, while the remote travels.
  expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument()
  expect(frameElement()).toBeNull()
  arrive(remote())
  await waitFor(() => expect(performance.getEntriesByName(REMOTE_MOUNTED_MARK)).toHaveLength(1))
  expect(screen.getByRole('heading', { name: 'About us' })).toBeInTheDocument()
  expect(screen.queryByRole('heading', { name: 'Register' })).not.toBeInTheDocument()
  expect(warn).not.toHaveBeenCalled()
})

test('on a hash route its frame was declared for, the frame is hydrated', async () => {
  const warn = vi.spyOn(console, 'warn')
  writePage('/aboutUs', undefined, ['', '/registerTemplate'])
  const painted = screen.getByRole('heading', { name: 'About us' })
  renderShellAt('/aboutUs#/registerTemplate?id=7', async () => remote())
  await waitFor(() => expect(performance.getEntriesByName(REMOTE_MOUNTED_MARK)).toHaveLength(1))
  expect(screen.getByRole('heading', { name: 'About us' })).toBe(painted)
  expect(warn).not.toHaveBeenCalled()
})

test('while the remote hydrates, the frame it took over is never covered by the skeleton', async () => {
  writePage()
  const hydrating: LoadedRemote = {
    app: {
      contract: '1.0.0',
      bootstrap: async () => undefined,
      mount: () => new Promise(() => undefined),
      unmount: async () => undefined,
      update: async () => undefined,
    },
    version: '1.0.0',
    fellBackFrom: null,
  }
  renderShellAt('/aboutUs', async () => hydrating)
  await waitFor(() => expect(frameElement()).toBeNull())
  // Anything that renders the route again meanwhile (here the address changes) keeps the screen as it is.
  await act(() => navigation.navigate('/aboutUs?x=2'))
  expect(screen.getByRole('heading', { name: 'About us' })).toBeInTheDocument()
  expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument()
})

/** `/repay`'s page as the render service sends it (ADR 0054): its frame rendered with the borrower's data. */
async function writeDataPage(version: string, session = emptySession()) {
  writePage('/repay', await renderedDueFrame('1.500,00', { version, session }))
}

const dueRemote = (): LoadedRemote => ({
  app: { ...createRemoteApp(DueScreen) },
  version: '1.0.0',
  fellBackFrom: null,
})

test("a frame rendered with the borrower's data is hydrated with that data: the screen does not call again", async () => {
  const warn = vi.spyOn(console, 'warn')
  await writeDataPage('1.0.0')
  const painted = screen.getByRole('heading', { name: 'Due ₱1.500,00' })
  const platform = renderShellAt('/repay', async () => dueRemote())
  await waitFor(() => expect(performance.getEntriesByName(REMOTE_MOUNTED_MARK)).toHaveLength(1))
  expect(screen.getByRole('heading', { name: 'Due ₱1.500,00' })).toBe(painted)
  expect(document.getElementById(RENDERED_LOADS_ID)).toBeNull()
  expect(platform.http.post).not.toHaveBeenCalled()
  expect(warn).not.toHaveBeenCalled()
})

test("data rendered for another session is not shown: the screen loads the borrower's own", async () => {
  await writeDataPage('1.0.0', readParams(new URLSearchParams({ orderId: '86' })))
  const platform = renderShellAt('/repay', async () => dueRemote())
  await waitFor(() => expect(platform.http.post).toHaveBeenCalledTimes(1))
  expect(screen.queryByRole('heading', { name: 'Due ₱1.500,00' })).not.toBeInTheDocument()
  expect(await screen.findByRole('heading', { name: 'Due ₱null' })).toBeInTheDocument()
})

test('data another version rendered is not handed to the version mounted: it loads its own', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  await writeDataPage('0.9.0')
  const platform = renderShellAt('/repay', async () => dueRemote())
  expect(await screen.findByRole('heading', { name: 'Due ₱null' })).toBeInTheDocument()
  expect(platform.http.post).toHaveBeenCalledTimes(1)
})
