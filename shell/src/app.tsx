import { useEffect, useLayoutEffect } from 'react'
import { createBrowserRouter, Outlet, RouterProvider, useLocation, useNavigate } from 'react-router-dom'
import { readParams, SESSION_KEYS } from 'shared/session'
import { usePlatform } from './boot/platform'
import { RemoteRoute } from './remote/remote-route'
import { matchRoute, TEST_PREVIEW_PATH } from './routes/route-table'
import { NotFoundScreen } from './screens/not-found/not-found-screen'
import { TestPreviewScreen } from './screens/test-preview/test-preview-screen'

/**
 * Session parameters can also arrive on an in-app link (the test page, a native deep link): store them
 * and take them off the address bar, as at boot.
 */
function SessionSync() {
  const { session } = usePlatform()
  const location = useLocation()
  const navigate = useNavigate()
  useLayoutEffect(() => {
    const params = new URLSearchParams(location.search)
    if (![...params.keys()].some((k) => (SESSION_KEYS as readonly string[]).includes(k))) return
    session.set(readParams(params).session)
    for (const key of SESSION_KEYS) params.delete(key)
    const search = params.toString()
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state },
    )
  }, [location, navigate, session])
  return null
}

function RouteSwitch() {
  const { pathname } = useLocation()
  const route = matchRoute(pathname)
  useEffect(() => {
    document.title = route?.title ?? (pathname === TEST_PREVIEW_PATH ? 'Test preview' : 'Page not found')
  }, [route, pathname])
  if (pathname === TEST_PREVIEW_PATH) return <TestPreviewScreen />
  if (!route) return <NotFoundScreen />
  // One element per remote: moving between two screens of one remote only updates its parcel.
  return <RemoteRoute key={route.remote} route={route} />
}

function Layout() {
  return (
    <>
      <SessionSync />
      <RouteSwitch />
      <Outlet />
    </>
  )
}

export function createAppRouter() {
  return createBrowserRouter([{ path: '*', element: <Layout /> }])
}

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return <RouterProvider router={router} />
}
