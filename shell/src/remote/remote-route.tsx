import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { mountRootParcel, type ParcelConfig } from 'single-spa'
import Parcel from 'single-spa-react/parcel'
import type { Bridge } from 'shared/bridge'
import type { RemoteProps } from 'shared/contract'
import { reloadPage } from 'shared/navigation'
import { usePlatform } from '../boot/platform'
import { localeFor, type RemoteRouteDef } from 'shared/routes'
import { queryRecord } from 'shared/session'
import { NotAvailableScreen, RetryScreen } from '../components/retry-screen'
import { RouteSkeleton } from '../components/route-skeleton'
import { withTimeout } from 'shared/schedule'
import { adoptFirstFrame, REMOTE_MOUNTED_MARK } from 'shared/remote/first-frame'
import { frameFitsHash } from 'shared/remote/frame-hash'
import { findFirstFrame, frameFitsSession, keepLoadsOf } from './first-frame'
import { RemoteNotReleasedError, RemoteUnavailableError, type LoadedRemote } from './remote-loader'

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; loaded: LoadedRemote; config: ParcelConfig }
  | { status: 'failed'; reason: string }
  | { status: 'unreleased' }

/**
 * A parcel that has not finished mounting (bootstrap + mount) after this long gets the retry screen, like a
 * remote whose download hangs: a screen that never paints is no better than one that never arrives.
 */
export const MOUNT_TIMEOUT_MS = 10_000

/**
 * Loads the route's remote and mounts it as a single-spa parcel; other routes are unaffected by a failure.
 * Rendered with `key={remote}`, so one instance only ever loads one remote.
 */
export function RemoteRoute({ route }: { route: RemoteRouteDef }) {
  const { loader, http, bridge, session, settings, reporter } = usePlatform()
  const location = useLocation()
  const routerNavigate = useNavigate()
  const [state, setState] = useState<LoadState>({ status: 'loading' })
  const [mounted, setMounted] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const snapshot = useSyncExternalStore(session.subscribe, session.get)
  // The page's first frame of the landing route, shown instead of the skeleton until the remote takes it.
  const [frame] = useState(() => findFirstFrame(document, route.remote, route.path))
  const [frameAdopted, setFrameAdopted] = useState(false)
  // The parcel whose mount the route waits for; one given up on (timed out) or replaced reports to nobody.
  const awaitedMount = useRef<{ config: ParcelConfig; mounted: () => void } | null>(null)
  const mountStarted = useRef(0)

  useEffect(() => {
    let live = true
    loader.load(route.remote).then(
      (loaded) => {
        // single-spa keeps state on the config object; never hand it the frozen module namespace.
        if (live) setState({ status: 'ready', loaded, config: { ...loaded.app } as unknown as ParcelConfig })
      },
      (error: unknown) => {
        if (!live) return
        const reason = error instanceof Error ? error.message : String(error)
        const attempts = error instanceof RemoteUnavailableError ? error.records : []
        reporter.failed(route.remote, error instanceof RemoteNotReleasedError, attempts, reason)
        if (error instanceof RemoteNotReleasedError) setState({ status: 'unreleased' })
        else setState({ status: 'failed', reason })
      },
    )
    return () => {
      live = false
    }
  }, [loader, reporter, route.remote, attempt])

  // A layout effect: the parcel's mount starts after this commit, so its report cannot arrive before the watch.
  useLayoutEffect(() => {
    if (state.status !== 'ready') return
    let mounted = () => undefined as void
    const didMount = new Promise<void>((resolve) => (mounted = resolve))
    const awaited = { config: state.config, mounted }
    awaitedMount.current = awaited
    mountStarted.current = performance.now()
    let live = true
    withTimeout(
      didMount,
      { maxMs: MOUNT_TIMEOUT_MS },
      (ms) => new Error(`${route.remote} did not finish mounting within ${ms} ms`),
    ).catch((error: Error) => {
      if (!live) return
      // Leaving the parcel unmounts it; single-spa-react does that once a late mount completes.
      console.error(`[remotes] ${error.message}`)
      const { version } = state.loaded
      reporter.remote({ remote: route.remote, version, outcome: 'mount-timeout', reason: error.message })
      setState({ status: 'failed', reason: error.message })
    })
    return () => {
      live = false
      if (awaitedMount.current === awaited) awaitedMount.current = null
      // Settles the watch, which clears its timer.
      mounted()
    }
  }, [state, route.remote, reporter])

  const query = useMemo(() => queryRecord(location.search), [location.search])
  // A frame nobody will take over goes: the remote failed, the borrower moved on, or this route left; or the
  // address is on a hash route the frame is not the screen of (ADR 0049), where the remote renders afresh; or
  // it shows data rendered for another query or session (ADR 0054).
  const frameStale =
    frame !== null &&
    (state.status === 'failed' ||
      state.status === 'unreleased' ||
      frame.dataset.path !== route.path ||
      !frameFitsHash(frame, location.hash) ||
      !frameFitsSession(frame, { query, session: snapshot }))
  // Before the paint: the frame lies above the shell's root, so it would cover the retry screen for a frame.
  useLayoutEffect(() => {
    if (frameStale) frame.remove()
  }, [frame, frameStale])
  useEffect(() => () => frame?.remove(), [frame])
  // Read from the page: the frame leaves it when it goes stale, or for the remote's element (still shown there).
  const frameShown = frame !== null && !frameStale && (frame.isConnected || frameAdopted)

  const parcelMounted = (config: ParcelConfig) => {
    const awaited = awaitedMount.current
    if (awaited?.config !== config) return
    awaited.mounted()
    performance.mark(REMOTE_MOUNTED_MARK, { detail: route.remote })
    if (state.status === 'ready') {
      const mountMs = Math.round(performance.now() - mountStarted.current)
      const { version, fellBackFrom } = state.loaded
      reporter.mounted(route.remote, version, fellBackFrom, loader.records(), mountMs)
    }
    setMounted(true)
  }

  // The remote hydrates the frame when it is the one the page was written for (not a fallback release).
  const mountParcel = (config: ParcelConfig, parcelProps: object & { domElement: HTMLElement }) => {
    if (frame?.isConnected) {
      if (state.status === 'ready' && !state.loaded.fellBackFrom && !frameStale) {
        keepLoadsOf(frame, state.loaded.version)
        adoptFirstFrame(frame, parcelProps.domElement)
        setFrameAdopted(true)
      } else frame.remove()
    }
    return mountRootParcel(config, parcelProps)
  }

  const navigate = useCallback<RemoteProps['navigate']>(
    (to, options) => void routerNavigate(to, { replace: options?.replace ?? false }),
    [routerNavigate],
  )
  const remoteBridge = useMemo<Bridge>(
    () => ({ channel: bridge.channel, call: bridge.call, onNativeBack: bridge.onNativeBack }),
    [bridge],
  )
  const props: RemoteProps = {
    screen: route.screen,
    query,
    hash: location.hash.replace(/^#/, ''),
    http,
    bridge: remoteBridge,
    session: snapshot,
    settings,
    navigate,
    locale: localeFor(route.remote),
  }

  if (state.status === 'unreleased') return <NotAvailableScreen title={route.title} />
  if (state.status === 'failed') {
    const retry = () => {
      if (loader.needsReload(route.remote)) {
        reloadPage(window.location)
        return
      }
      setMounted(false)
      setState({ status: 'loading' })
      setAttempt((n) => n + 1)
    }
    return <RetryScreen title={route.title} onRetry={retry} />
  }
  return (
    <div className="remote-slot" data-remote={route.remote}>
      {state.status === 'ready' && (
        <Parcel
          key={`${route.remote}@${state.loaded.version}`}
          config={state.config}
          mountParcel={mountParcel}
          wrapClassName="remote-root"
          parcelDidMount={() => parcelMounted(state.config)}
          handleError={(error: Error) => {
            console.error(`[remotes] ${route.remote} crashed`, error)
            const reason = `crashed: ${error.message}`
            reporter.remote({
              remote: route.remote,
              version: state.loaded.version,
              outcome: 'retry-screen',
              reason,
            })
            setState({ status: 'failed', reason: error.message })
          }}
          {...props}
        />
      )}
      {!mounted && !frameShown && <RouteSkeleton />}
    </div>
  )
}
