import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { RemoteApp, RemoteProps } from 'shared/contract'
import { startFirstCalls, takeFirstCall } from 'shared/http/first-call'
import { createRemoteApp, CRASH_MESSAGE } from 'shared/remote'
import type { SessionSnapshot } from 'shared/session'
import { forMalformedValues } from 'shared/testing/fuzz'
import { UiProvider } from 'shared/ui'
import { useEffect, useState } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { App, createAppNavigation, type AppNavigation } from './app'
import { PlatformProvider } from './boot/platform'
import { RemoteNotReleasedError, RemoteUnavailableError, type LoadedRemote } from './remote/remote-loader'
import { MOUNT_TIMEOUT_MS } from './remote/remote-route'
import { fakePlatform } from './testing/fake-platform'

let navigation: AppNavigation | null = null

function renderAppAt(url: string, platform = fakePlatform()) {
  window.history.replaceState(null, '', url)
  navigation = createAppNavigation()
  render(
    <UiProvider locale="en">
      <PlatformProvider platform={platform}>
        <App navigation={navigation} />
      </PlatformProvider>
    </UiProvider>,
  )
  return platform
}

afterEach(() => {
  vi.useRealTimers()
  navigation = null
  window.history.replaceState(null, '', '/')
  vi.restoreAllMocks()
})

const currentUrl = () => window.location.pathname + window.location.search + window.location.hash

/** A remote whose screens render their name and query into the parcel's element. */
function fakeRemote(version = '1.0.0'): LoadedRemote & { seen: RemoteProps[] } {
  const seen: RemoteProps[] = []
  const paint = async (props: RemoteProps & { domElement?: HTMLElement }) => {
    seen.push(props)
    if (props.domElement) {
      props.domElement.textContent = `screen ${props.screen} order ${props.query.orderId ?? '-'} (${props.locale})`
    }
  }
  const app: RemoteApp = {
    contract: '1.0.0',
    bootstrap: async () => undefined,
    mount: paint,
    update: paint,
    unmount: async (props: RemoteProps & { domElement?: HTMLElement }) => {
      if (props.domElement) props.domElement.textContent = ''
    },
  }
  return { app, version, fellBackFrom: null, seen }
}

test('an unknown path shows the not-found page with a way home', async () => {
  renderAppAt('/no-such-page')
  expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/')
  expect(document.title).toBe('Page not found')
})

test('/testPreview is the shell’s own developer page', async () => {
  const platform = renderAppAt('/testPreview')
  expect(await screen.findByRole('heading', { name: 'Test preview' })).toBeInTheDocument()
  expect(document.title).toBe('Test preview')
  expect(platform.loader.load).not.toHaveBeenCalled()
})

test('session parameters on an in-app URL are stored and taken off the address bar', async () => {
  const platform = renderAppAt('/testPreview?sessionId=s-9&deviceId=d-1&orderId=5#tools')
  await screen.findByRole('heading', { name: 'Test preview' })
  expect(platform.session.get().session).toEqual({ sessionId: 's-9', deviceId: 'd-1' })
  expect(currentUrl()).toBe('/testPreview?orderId=5#tools')
})

test('an address without session parameters is left alone', async () => {
  const platform = renderAppAt('/testPreview?orderId=5')
  await screen.findByRole('heading', { name: 'Test preview' })
  expect(currentUrl()).toBe('/testPreview?orderId=5')
  expect(platform.session.get().session).toEqual({})
})

test('a remote route shows a loading placeholder while its remote loads', async () => {
  const platform = renderAppAt('/repay?orderId=5')
  expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument()
  expect(platform.loader.load).toHaveBeenCalledWith('mf_repay')
  expect(document.title).toBe('Repayment')
})

test('the page language follows the screen as the borrower moves (zh-CN on the promotion landing)', async () => {
  renderAppAt('/promotion')
  await waitFor(() => expect(document.documentElement.lang).toBe('zh-CN'))
  expect(document.title).toBe('注册')
  await act(() => navigation!.navigate('/repay?orderId=5'))
  expect(document.documentElement.lang).toBe('en')
  expect(document.title).toBe('Repayment')
  await act(() => navigation!.navigate('/promotion'))
  expect(document.documentElement.lang).toBe('zh-CN')
  await act(() => navigation!.navigate('/no-such-page'))
  expect(document.documentElement.lang).toBe('en')
})

test('a remote route mounts its remote with the screen, query and locale', async () => {
  const remote = fakeRemote()
  const platform = fakePlatform({ load: async () => remote })
  renderAppAt('/repay?orderId=5', platform)
  expect(await screen.findByText('screen repay order 5 (en)')).toBeInTheDocument()
  // The skeleton goes once single-spa reports the parcel mounted.
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument())
  expect(remote.seen[0]).toMatchObject({ screen: 'repay', query: { orderId: '5' }, hash: '', locale: 'en' })
  expect(platform.loader.load).toHaveBeenCalledWith('mf_repay')
})

test('moving between two screens of one remote updates it without loading it again', async () => {
  const remote = fakeRemote()
  const platform = fakePlatform({ load: async () => remote })
  renderAppAt('/repay?orderId=5', platform)
  await screen.findByText('screen repay order 5 (en)')
  await act(() => navigation!.navigate('/delayRepay?orderId=7'))
  expect(await screen.findByText('screen delayRepay order 7 (en)')).toBeInTheDocument()
  expect(platform.loader.load).toHaveBeenCalledTimes(1)
})

test('a remote that cannot be loaded shows the retry screen; Try again loads it again', async () => {
  const remote = fakeRemote()
  const load = vi
    .fn<(name: string) => Promise<LoadedRemote>>()
    .mockRejectedValueOnce(new RemoteUnavailableError('mf_repay', []))
    .mockResolvedValueOnce(remote)
  renderAppAt('/repay?orderId=5', fakePlatform({ load }))

  expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument()
  expect(screen.getByText('Repayment: Please check your connection and try again.')).toBeInTheDocument()

  await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByText('screen repay order 5 (en)')).toBeInTheDocument()
  expect(load).toHaveBeenCalledTimes(2)
})

test('a failed remote does not affect other routes', async () => {
  const load = vi.fn(async (name: string) => {
    if (name === 'mf_repay') throw new RemoteUnavailableError(name, [])
    return fakeRemote()
  })
  renderAppAt('/repay', fakePlatform({ load }))
  await screen.findByRole('heading', { name: 'This page could not be loaded' })
  await act(() => navigation!.navigate('/complaint?orderId=3'))
  expect(await screen.findByText('screen complaint order 3 (en)')).toBeInTheDocument()
})

test('promotion pages get the Chinese locale', async () => {
  const remote = fakeRemote()
  renderAppAt('/promotion#/downloadTemplate', fakePlatform({ load: async () => remote }))
  expect(await screen.findByText('screen promotion order - (zh)')).toBeInTheDocument()
  expect(remote.seen[0]).toMatchObject({ hash: '/downloadTemplate', locale: 'zh' })
})

test('calls the page started for its landing screen are dropped once the borrower moves to another screen', async () => {
  const remote = fakeRemote()
  renderAppAt('/repay?orderId=5', fakePlatform({ load: async () => remote }))
  await screen.findByText('screen repay order 5 (en)')
  const snapshot: SessionSnapshot = { session: {}, globals: {}, tracking: {} }
  const fetch = vi.spyOn(window, 'fetch').mockResolvedValue(new Response('{}'))
  const endpoint = { baseURL: '/utilities', appOrigin: window.location.origin }
  const calls = [
    { method: 'GET' as const, path: '/a' },
    { method: 'GET' as const, path: '/b' },
  ]
  const [first, second] = startFirstCalls(window, calls, endpoint, snapshot)
  expect(fetch).toHaveBeenCalledTimes(2)
  // Still on the landing screen: its call is there to take.
  expect(takeFirstCall(window, first)).not.toBeNull()
  await act(() => navigation!.navigate('/delayRepay?orderId=7'))
  await screen.findByText('screen delayRepay order 7 (en)')
  expect(takeFirstCall(window, second)).toBeNull()
})

test('a route whose remote is in no registry says the page is not available yet, not "check your connection"', async () => {
  const load = vi.fn(async (name: string) => {
    throw new RemoteNotReleasedError(name, [])
  })
  renderAppAt('/repay', fakePlatform({ load }))
  expect(await screen.findByRole('heading', { name: 'This page is not available yet' })).toBeInTheDocument()
  expect(screen.queryByText(/check your connection/)).not.toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/')
})

/** A remote whose mount only finishes when the test says so. */
function remoteThatHangsMounting() {
  let finish = () => undefined as void
  const unmount = vi.fn(async () => undefined)
  const app: RemoteApp = {
    contract: '1.0.0',
    bootstrap: async () => undefined,
    mount: (props: RemoteProps & { domElement?: HTMLElement }) =>
      new Promise<void>((resolve) => {
        finish = () => {
          if (props.domElement) props.domElement.textContent = 'mounted late'
          resolve()
        }
      }),
    update: async () => undefined,
    unmount,
  }
  return { loaded: { app, version: '1.0.0', fellBackFrom: null }, finish: () => finish(), unmount }
}

test('a remote that never finishes mounting gets the retry screen after 10 s; a late mount neither flips it back nor leaks', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  // single-spa warns about the slow mount on its own.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const hanging = remoteThatHangsMounting()
  renderAppAt('/aboutUs', fakePlatform({ load: async () => hanging.loaded }))
  expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument()

  await act(() => vi.advanceTimersByTimeAsync(MOUNT_TIMEOUT_MS - 1000))
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
  await act(() => vi.advanceTimersByTimeAsync(1000))
  expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument()
  expect(console.error).toHaveBeenCalledWith('[remotes] mf_site did not finish mounting within 10000 ms')

  await act(async () => hanging.finish())
  // The parcel the route gave up on is unmounted once its mount completes, and the screen stays.
  await waitFor(() => expect(hanging.unmount).toHaveBeenCalledTimes(1))
  expect(screen.getByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument()
  expect(screen.queryByText('mounted late')).not.toBeInTheDocument()
})

test('Try again after a mount timeout mounts the remote when it behaves', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const hanging = remoteThatHangsMounting()
  const remote = fakeRemote()
  let deliver = () => undefined as void
  const load = vi
    .fn<(name: string) => Promise<LoadedRemote>>()
    .mockResolvedValueOnce(hanging.loaded)
    .mockReturnValueOnce(new Promise((resolve) => (deliver = () => resolve(remote))))
  renderAppAt('/aboutUs', fakePlatform({ load }))
  await screen.findByRole('status', { name: 'Loading' })
  await act(() => vi.advanceTimersByTimeAsync(MOUNT_TIMEOUT_MS))
  await userEvent.click(await screen.findByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument()
  // The first parcel finishing now is not taken for the new one: the borrower still sees it loading.
  await act(async () => hanging.finish())
  await waitFor(() => expect(hanging.unmount).toHaveBeenCalledTimes(1))
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
  await act(async () => deliver())
  expect(await screen.findByText('screen aboutUs order - (en)')).toBeInTheDocument()
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument())
  // The new parcel is not given up on later.
  await act(() => vi.advanceTimersByTimeAsync(MOUNT_TIMEOUT_MS * 2))
  expect(screen.getByText('screen aboutUs order - (en)')).toBeInTheDocument()
})

test('a remote that mounts in time is never given up on', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  const remote = fakeRemote()
  renderAppAt('/aboutUs', fakePlatform({ load: async () => remote }))
  await screen.findByText('screen aboutUs order - (en)')
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument())
  await act(() => vi.advanceTimersByTimeAsync(MOUNT_TIMEOUT_MS * 2))
  expect(screen.getByText('screen aboutUs order - (en)')).toBeInTheDocument()
  expect(screen.queryByRole('heading', { name: 'This page could not be loaded' })).not.toBeInTheDocument()
})

test('an in-app link with ?orderId=87 and utm_* updates the stored globals, and the remote sees them', async () => {
  const remote = fakeRemote()
  const platform = fakePlatform({ load: async () => remote })
  renderAppAt('/loanDetails?orderId=86', platform)
  await screen.findByText('screen loanDetails order 86 (en)')
  await act(() => navigation!.navigate('/order?orderId=87&utm_campaign=spring'))
  expect(await screen.findByText('screen loanDetails order 87 (en)')).toBeInTheDocument()
  expect(platform.session.get().globals.orderId).toBe('87')
  expect(platform.session.get().tracking).toEqual({ utm_campaign: 'spring' })
  expect(remote.seen.at(-1)?.session.globals.orderId).toBe('87')
  // Globals and tracking stay in the address bar; only session keys leave it.
  expect(currentUrl()).toBe('/order?orderId=87&utm_campaign=spring')
})

test('a link that gives a parameter empty clears the stored value', async () => {
  const platform = renderAppAt('/testPreview?deviceName=Pixel&sessionId=s-1&orderId=86')
  await screen.findByRole('heading', { name: 'Test preview' })
  expect(platform.session.get()).toMatchObject({
    session: { deviceName: 'Pixel', sessionId: 's-1' },
    globals: { orderId: '86' },
  })
  await act(() => navigation!.navigate('/testPreview?deviceName=&sessionId=s-1&orderId='))
  await waitFor(() => expect(platform.session.get().session).toEqual({ sessionId: 's-1' }))
  expect(platform.session.get().globals).toEqual({})
  expect(currentUrl()).toBe('/testPreview?orderId=')
})

test('clearing a field on the test page and following a link clears the stored value', async () => {
  const user = userEvent.setup()
  const remote = fakeRemote()
  const platform = fakePlatform({ load: async () => remote })
  // What an earlier link from the test page stored.
  platform.session.set({ deviceName: 'Pixel', orderId: '151' })
  renderAppAt('/testPreview', platform)
  const deviceName = await screen.findByLabelText('Device name')
  expect(deviceName).toHaveValue('Pixel')
  await user.clear(deviceName)
  await user.clear(screen.getByLabelText('Order id'))
  await user.click(screen.getByRole('link', { name: 'About us' }))
  await screen.findByText(/^screen aboutUs/)
  expect(platform.session.get().session.deviceName).toBeUndefined()
  expect(platform.session.get().globals.orderId).toBeUndefined()
  expect(remote.seen.at(-1)?.session.globals).toEqual({ productId: '1' })
})

/**
 * A remote with no parser at its API boundary (the worst a release could bring): it renders whatever the
 * server sent and crashes on most of it.
 */
function NaiveScreen({ http }: RemoteProps) {
  const [data, setData] = useState<unknown>(undefined)
  useEffect(() => {
    void http.post('/v3/naive', {}).then((result) => setData(result.data))
  }, [http])
  if (data === undefined) return <p>naive loading</p>
  const { items } = data as { items: { name: string }[] }
  return (
    <ul>
      {items.map((item) => (
        <li key={item.name}>{item.name.toUpperCase()}</li>
      ))}
    </ul>
  )
}

test(
  'whatever garbage a remote gets (50 malformed answers), navigating to another route still works',
  { timeout: 120_000 },
  async () => {
    // The naive remote's crash is logged by React and single-spa: expected here, it is what the test survives.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const naive: LoadedRemote = { app: createRemoteApp(NaiveScreen), version: '1.0.0', fellBackFrom: null }
    let crashes = 0
    await forMalformedValues('shell: navigation after garbage', async (garbage) => {
      const platform = fakePlatform({ load: async (name) => (name === 'mf_repay' ? naive : fakeRemote()) })
      const answer = { success: true, code: '00', message: '', data: garbage, raw: garbage }
      vi.mocked(platform.http.post).mockResolvedValue(answer)
      renderAppAt('/repay?orderId=5', platform)
      await waitFor(() => expect(platform.http.post).toHaveBeenCalled())
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
      if (screen.queryByText(CRASH_MESSAGE)) crashes++
      await act(() => navigation!.navigate('/complaint?orderId=3'))
      expect(await screen.findByText('screen complaint order 3 (en)')).toBeInTheDocument()
      cleanup()
    })
    // The garbage reached the remote and broke it: the shell survived real crashes, not only quiet answers.
    expect(crashes).toBeGreaterThan(0)
  },
)

test('field health: a mounted remote is reported with the loader’s records and its mount time', async () => {
  const remote = { ...fakeRemote('1.9.0'), fellBackFrom: '2.0.0' }
  const records = [
    { remote: 'mf_repay', version: '1.9.0', stage: 'ready' as const, ok: true, durationMs: 40, at: 1 },
  ]
  const platform = fakePlatform({ load: async () => remote, records: () => records })
  renderAppAt('/repay?orderId=5', platform)
  await screen.findByText('screen repay order 5 (en)')
  await waitFor(() => expect(platform.reporter.mounted).toHaveBeenCalledTimes(1))
  expect(platform.reporter.mounted).toHaveBeenCalledWith(
    'mf_repay',
    '1.9.0',
    '2.0.0',
    records,
    expect.any(Number),
  )
})

test.each([
  [
    'unavailable',
    new RemoteUnavailableError('mf_repay', [
      { remote: 'mf_repay', version: '2.0.0', stage: 'entry', ok: false, durationMs: 5, at: 1 },
    ]),
    false,
  ],
  ['not released', new RemoteNotReleasedError('mf_repay', []), true],
])('field health: a remote %s is reported with its failed load’s records', async (_, error, notReleased) => {
  const platform = fakePlatform({ load: () => Promise.reject(error) })
  renderAppAt('/repay', platform)
  await waitFor(() => expect(platform.reporter.failed).toHaveBeenCalledTimes(1))
  expect(platform.reporter.failed).toHaveBeenCalledWith('mf_repay', notReleased, error.records, error.message)
})

test('field health: a mount that times out is reported', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const hanging = remoteThatHangsMounting()
  const platform = fakePlatform({ load: async () => hanging.loaded })
  renderAppAt('/aboutUs', platform)
  await screen.findByRole('status', { name: 'Loading' })
  await act(() => vi.advanceTimersByTimeAsync(MOUNT_TIMEOUT_MS))
  await screen.findByRole('heading', { name: 'This page could not be loaded' })
  expect(platform.reporter.remote).toHaveBeenCalledWith(
    expect.objectContaining({ remote: 'mf_site', version: '1.0.0', outcome: 'mount-timeout' }),
  )
})
