import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react'
import { BrowserRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom'
import { forgetFirstCalls } from 'shared/http/first-call'
import { blankKeys, stripSessionParams } from 'shared/session'
import { usePlatform } from './boot/platform'
import { RemoteRoute } from './remote/remote-route'
import { matchRoute, pageHeadOf, TEST_PREVIEW_PATH } from 'shared/routes'
import { NotFoundScreen } from './screens/not-found/not-found-screen'
import { RouteSkeleton } from './components/route-skeleton'

/**
 * An in-app link (the test page, a native deep link, a remote's link) can carry session, global and tracking
 * parameters too: the store takes them, as at boot (a parameter given empty erases the stored value), so
 * screens reading `session.globals` see the order the link names; then the session ones leave the address bar.
 */
function SessionSync() {
  const { session } = usePlatform()
  const location = useLocation()
  const navigate = useNavigate()
  useLayoutEffect(() => {
    const params = new URLSearchParams(location.search)
    session.clear(blankKeys(params))
    session.set(params)
    // Joined as text: `new URL('//x', origin)` would read a path starting with // as another host.
    const href = `${window.location.origin}${location.pathname}${location.search}${location.hash}`
    const stripped = stripSessionParams(href)
    if (stripped !== null) void navigate(stripped, { replace: true, state: location.state })
  }, [location, navigate, session])
  return null
}

// Developers only: not part of any borrower route's download.
const TestPreviewScreen = lazy(() =>
  import('./screens/test-preview/test-preview-screen').then((m) => ({ default: m.TestPreviewScreen })),
)

function RouteSwitch() {
  const { pathname } = useLocation()
  const route = matchRoute(pathname)
  const landing = useRef(pathname)
  useEffect(() => {
    // The same title and language the release wrote into the route's page, kept in step as the borrower moves.
    const head = pageHeadOf(pathname)
    document.title = head.title
    document.documentElement.lang = head.lang
  }, [pathname])
  useEffect(() => {
    // The calls the page started belong to the screen it landed on: once the borrower moves on, an answer
    // nobody took may be stale by the time they come back.
    if (pathname !== landing.current) forgetFirstCalls(window)
  }, [pathname])
  if (pathname === TEST_PREVIEW_PATH) {
    return (
      <Suspense fallback={<RouteSkeleton />}>
        <TestPreviewScreen />
      </Suspense>
    )
  }
  if (!route) return <NotFoundScreen />
  // One element per remote: moving between two screens of one remote only updates its parcel.
  return <RemoteRoute key={route.remote} route={route} />
}

/** Lets code outside React (the bridge's web fallbacks, remotes' `navigate`) use the router. */
export interface AppNavigation {
  navigate(to: string, options?: { replace?: boolean }): void
  bind(navigate: NavigateFunction): () => void
}

export function createAppNavigation(): AppNavigation {
  let bound: NavigateFunction | null = null
  return {
    navigate(to, options) {
      if (bound) void bound(to, { replace: options?.replace ?? false })
      else console.warn(`[shell] navigation to ${to} before the router mounted was dropped`)
    },
    bind(navigate) {
      bound = navigate
      return () => {
        if (bound === navigate) bound = null
      }
    },
  }
}

function NavigationBinder({ navigation }: { navigation: AppNavigation }) {
  const navigate = useNavigate()
  useLayoutEffect(() => navigation.bind(navigate), [navigation, navigate])
  return null
}

/**
 * Declarative routing (BrowserRouter): the shell needs no loaders or actions, and the data router's code
 * would join every route's first load.
 */
export function App({ navigation }: { navigation: AppNavigation }) {
  return (
    <BrowserRouter>
      <NavigationBinder navigation={navigation} />
      <SessionSync />
      <RouteSwitch />
    </BrowserRouter>
  )
}
