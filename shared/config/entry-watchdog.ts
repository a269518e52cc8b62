import type { Plugin } from 'vite'
import { entryWatchdogSource } from '../src/host/entry-watchdog.ts'
import { firstTapsSource } from '../src/remote/first-taps.ts'

/**
 * Inlines the entry watchdog (shared/src/host/entry-watchdog.ts) at the top of the page's `<head>`, before
 * the entry module, so it listens before anything can fail, and the first-frame tap capture
 * (shared/src/remote/first-taps.ts, ADR 0032), so that a tap on the first frame before its screen has
 * hydrated is kept. The shell and the standalone promotion page use it; deploy adds their hashes to every
 * page's CSP (`pageScriptHashes`).
 */
export function entryWatchdog(): Plugin {
  return {
    name: 'entry-watchdog',
    transformIndexHtml: () => [
      { tag: 'script', children: entryWatchdogSource(), injectTo: 'head-prepend' },
      { tag: 'script', children: firstTapsSource(), injectTo: 'head-prepend' },
    ],
  }
}
