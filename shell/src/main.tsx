import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { bootSession } from 'shared/session'
import { setupUi, UiProvider } from 'shared/ui'
import { App, createAppRouter } from './app'
import { createPlatform } from './boot/create-platform'
import { PlatformProvider } from './boot/platform'
import { readSettings } from 'shared/host/settings'
import { fetchRegistry, parseRegistry, type Registry } from './remote/registry'
import { readOverrides } from './remote/overrides'
import { matchRoute } from './routes/route-table'
import './styles.css'

declare const __BAKED_REGISTRY__: unknown

declare global {
  interface Window {
    LoanShell?: {
      setSession(params: Record<string, unknown>): void
      onNativeBack(): boolean
    }
  }
}

async function boot() {
  setupUi()
  const session = bootSession(window)
  const settings = readSettings(document)
  document.documentElement.style.setProperty('--app-bg', settings.backgroundColor)
  document.documentElement.style.setProperty('--app-fg', settings.fontColor)
  const live = await fetchRegistry({ url: new URL('registry.json', document.baseURI).href, timeoutMs: 3000 })
  const registry: Registry = live ?? parseRegistry(__BAKED_REGISTRY__)
  if (!live) console.warn('[registry] live registry unavailable; using the copy baked into this build')
  const router = createAppRouter()
  const platform = createPlatform({
    win: window,
    settings,
    session,
    registry: () => registry,
    overrides: readOverrides(window),
    navigate: (to, options) => void router.navigate(to, { replace: options?.replace ?? false }),
  })
  window.LoanShell = {
    setSession: (params) => void session.set(params),
    onNativeBack: () => platform.bridge.emitNativeBack(),
  }
  // Start fetching the current route's remote while React renders the skeleton.
  const route = matchRoute(window.location.pathname)
  if (route) void platform.loader.load(route.remote).catch(() => undefined)
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <UiProvider locale="en">
        <PlatformProvider platform={platform}>
          <App router={router} />
        </PlatformProvider>
      </UiProvider>
    </StrictMode>,
  )
}

void boot()
