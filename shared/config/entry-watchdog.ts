import type { Plugin } from 'vite'
import { entryWatchdogSource } from '../src/host/entry-watchdog.ts'

/**
 * Inlines the entry watchdog (shared/src/host/entry-watchdog.ts) at the top of the page's `<head>`, before
 * the entry module, so it listens before anything can fail. The shell and the standalone promotion page
 * use it; deploy adds its hash to every page's CSP (`pageScriptHashes`).
 */
export function entryWatchdog(): Plugin {
  return {
    name: 'entry-watchdog',
    transformIndexHtml: () => [{ tag: 'script', children: entryWatchdogSource(), injectTo: 'head-prepend' }],
  }
}
