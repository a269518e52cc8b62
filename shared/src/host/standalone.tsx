import { StrictMode, useEffect, useState, type ComponentType } from 'react'
import { createRoot } from 'react-dom/client'
import type { RemoteProps } from '../contract/contract'
import { FIRST_FRAME_ATTR, REMOTE_MOUNTED_MARK } from '../remote/first-frame'
import { FRAME_HASHES_ATTR, frameFitsHash } from '../remote/frame-hash'
import { hydrateFirstFrame } from '../remote/hydrate'
import { localeFor, routesOf, type RemoteName } from '../routes/route-table'
import { bootSession } from '../session/session'
import { createHostServices } from './host'
import { applyTheme, readSettings } from './settings'
import { belowSupportFloor, markEntryStarted } from './entry-watchdog'

export interface StandaloneOptions {
  /** The remote's root component (the one its lifecycles mount). */
  root: ComponentType<RemoteProps>
  /**
   * Which remote this is: its rows of the route table give its screens (the first is the default;
   * `?screen=` picks one) and their paths, so `navigate('/complaintList')` shows that screen here too.
   */
  remote: RemoteName
}

function currentProps(screens: readonly string[], routes: Readonly<Record<string, string>>) {
  const url = new URL(window.location.href)
  const query: Record<string, string> = {}
  for (const [k, v] of url.searchParams) if (!(k in query)) query[k] = v
  const screen =
    routes[url.pathname] ?? (query.screen && screens.includes(query.screen) ? query.screen : screens[0])
  return { screen, query, hash: url.hash.replace(/^#/, '') }
}

/**
 * A remote's standalone entry for its team: the same props the shell passes, built from `shared`, with the
 * demo API served by the dev server. Navigation stays in this page (history API).
 */
export function runStandalone({ root: Root, remote }: StandaloneOptions): void {
  // Below the support floor the watchdog's update screen is the page: none of the app runs (ADR 0048).
  if (belowSupportFloor(window)) return
  // The page's entry ran: its watchdog leaves the page alone (shared/host/entry-watchdog).
  markEntryStarted(window)
  const routes = routesOf(remote)
  const screens = [...new Set(Object.values(routes))]
  const locale = localeFor(remote)
  const session = bootSession(window)
  const settings = readSettings(document)
  // The deployment's theme applies here as in the shell: ad traffic sees the same product (ADR 0029).
  applyTheme(document, settings)
  const listeners = new Set<() => void>()
  const navigate: RemoteProps['navigate'] = (to, options) => {
    const target = new URL(to, window.location.href)
    const screen = new URL(window.location.href).searchParams.get('screen')
    if (screen && !(target.pathname in routes) && !target.searchParams.has('screen')) {
      target.searchParams.set('screen', screen)
    }
    window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', target)
    listeners.forEach((l) => l())
  }
  const { http, bridge, warmUp } = createHostServices({
    win: window,
    settings,
    session,
    navigate,
  })

  function Standalone() {
    const [location, setLocation] = useState(() => currentProps(screens, routes))
    useEffect(() => {
      // Once: StrictMode runs a development build's effects twice.
      if (performance.getEntriesByName(REMOTE_MOUNTED_MARK).length === 0) {
        performance.mark(REMOTE_MOUNTED_MARK, { detail: remote })
      }
    }, [])
    useEffect(() => {
      const update = () => setLocation(currentProps(screens, routes))
      listeners.add(update)
      window.addEventListener('popstate', update)
      window.addEventListener('hashchange', update)
      return () => {
        listeners.delete(update)
        window.removeEventListener('popstate', update)
        window.removeEventListener('hashchange', update)
      }
    }, [])
    return (
      <Root
        {...location}
        http={http}
        bridge={bridge}
        session={session.get()}
        settings={settings}
        navigate={navigate}
        locale={locale}
      />
    )
  }

  const container = document.getElementById('root')!
  const app = (
    <StrictMode>
      <Standalone />
    </StrictMode>
  )
  // The deployed page carries the first screen's first frame (ADR 0018): take it over rather than repaint,
  // unless the address is on a hash route it is not the screen of (ADR 0049): then it goes, unhydrated.
  const framed = container.hasAttribute(FIRST_FRAME_ATTR)
  const fits = framed && frameFitsHash(container, window.location.hash)
  if (framed && !fits) container.replaceChildren()
  // Hydrated or not, the root is no frame any more: a later hash change must not hide it.
  container.removeAttribute(FIRST_FRAME_ATTR)
  container.removeAttribute(FRAME_HASHES_ATTR)
  if (fits) hydrateFirstFrame(container, app)
  else createRoot(container).render(app)
  warmUp()
}
