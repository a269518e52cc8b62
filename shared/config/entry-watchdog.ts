import type { Plugin } from 'vite'
import { entryWatchdogSource } from '../src/host/entry-watchdog.ts'
import { firstTapsSource } from '../src/remote/first-taps.ts'
import { frameHashSource } from '../src/remote/frame-hash.ts'

/**
 * Inlines the entry watchdog (shared/src/host/entry-watchdog.ts) at the top of the page's `<head>`, before
 * the entry module, so it listens before anything can fail, and the first-frame tap capture
 * (shared/src/remote/first-taps.ts, ADR 0032), so that a tap on the first frame before its screen has
 * hydrated is kept, and the address's hash route on `<html>` (shared/src/remote/frame-hash.ts, ADR 0049),
 * so that a first frame written for another hash route never paints. The shell and the standalone promotion
 * page use it; deploy adds their hashes to every page's CSP (`pageScriptHashes`).
 */
export function entryWatchdog(): Plugin {
  return {
    name: 'entry-watchdog',
    transformIndexHtml: () => [
      { tag: 'script', children: entryWatchdogSource(), injectTo: 'head-prepend' },
      { tag: 'script', children: firstTapsSource(), injectTo: 'head-prepend' },
      { tag: 'script', children: frameHashSource(), injectTo: 'head-prepend' },
    ],
  }
}
