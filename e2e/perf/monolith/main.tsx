/// <reference types="vite/client" />
import { startShell } from '../../../shell/src/boot/start-shell'
import type { LoadedRemote, RemoteLoader } from '../../../shell/src/remote/remote-loader'

/**
 * The monolithic benchmark build: the same shell and the same remote screens, imported directly instead of
 * through Module Federation. Each remote stays behind its own dynamic import, so a route downloads only its
 * remote's code, as a normal code-split single-page app would.
 */
const apps = import.meta.glob<Record<string, unknown>>('../../../mf-*/src/app/app.tsx')

/** `../../../mf-site/src/app/app.tsx` → `mf_site` (the federation name the route table uses). */
const importers = new Map(
  Object.entries(apps).map(([path, load]) => [path.split('/')[3].replace(/-/g, '_'), load] as const),
)

export function createLocalLoader(): RemoteLoader {
  const loaded = new Map<string, Promise<LoadedRemote>>()
  return {
    load(name: string): Promise<LoadedRemote> {
      const cached = loaded.get(name)
      if (cached) return cached
      const importer = importers.get(name)
      const promise = importer
        ? importer().then((mod): LoadedRemote => ({
            // single-spa keeps state on the config object; never hand it the frozen module namespace.
            app: { ...mod } as unknown as LoadedRemote['app'],
            version: 'monolith',
            fellBackFrom: null,
          }))
        : Promise.reject(new Error(`${name} is not part of the monolithic build`))
      loaded.set(name, promise)
      promise.catch(() => loaded.delete(name))
      return promise
    },
    records: () => [],
    needsReload: () => false,
  }
}

void startShell(async () => createLocalLoader())
