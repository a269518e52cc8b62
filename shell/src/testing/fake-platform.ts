import { createBridge } from 'shared/bridge'
import type { Http } from 'shared/http'
import { createSessionStore } from 'shared/session'
import { fakeHealthReporter } from 'shared/testing/health'
import { vi } from 'vitest'
import { DEFAULT_SETTINGS } from 'shared/host/settings'
import type { Platform } from '../boot/platform'
import type { LoadRecord } from '../remote/load-stages'
import type { LoadedRemote, RemoteLoader } from '../remote/remote-loader'

/** A platform for component tests: in-memory session, inert http and bridge, a loader the test drives. */
export function fakePlatform(
  loader: {
    load?: (name: string) => Promise<LoadedRemote>
    records?: () => readonly LoadRecord[]
    needsReload?: (name: string) => boolean
  } = {},
): Platform & { loader: RemoteLoader & { load: ReturnType<typeof vi.fn> } } {
  const http: Http = {
    get: vi.fn(async () => ({ success: true, code: '00', message: '', data: null, raw: null })),
    post: vi.fn(async () => ({ success: true, code: '00', message: '', data: null, raw: null })),
    upload: vi.fn(async () => ({ success: true, code: '00', message: '', data: null, raw: null })),
  }
  return {
    settings: { ...DEFAULT_SETTINGS },
    session: createSessionStore({ storage: null }),
    http,
    bridge: createBridge({}, { home: vi.fn(), back: vi.fn(), telephone: vi.fn(), unsupported: vi.fn() }),
    reporter: fakeHealthReporter(),
    loader: {
      load: vi.fn(loader.load ?? (() => new Promise<LoadedRemote>(() => undefined))),
      records: loader.records ?? (() => []),
      needsReload: loader.needsReload ?? (() => false),
    },
  }
}
