import type { RemoteOutcome } from 'shared/health'

/**
 * What one counted page load says about the remote version it was sent to (ADR 0041): it mounted (`ok`), the
 * version's own files or code failed (`code`), or a file never arrived (`network`). The release judge holds
 * code failures to a fixed rate and network failures to the previous version's rate, because a borrower's
 * connection fails whichever version is current.
 */
export type LoadClass = 'ok' | 'code' | 'network'

/**
 * The messages browsers and our loader give when a file did not arrive, whatever the version's code:
 * - a module script (entry, chunk) that failed to download: Chromium "Failed to fetch dynamically imported
 *   module: <url>", Firefox "error loading dynamically imported module: <url>", WebKit "Importing a module
 *   script failed."; the federation runtime wraps them as "Failed to load script resources. #RUNTIME-008"
 *   with the browser's message last, which a report's 200 characters may cut off;
 * - a fetch that failed: Chromium "Failed to fetch", Firefox "NetworkError when attempting to fetch
 *   resource.", WebKit "Load failed" (older WebKit and iOS web views name the cause instead);
 * - a stylesheet Vite's preload helper could not fetch ("Unable to preload CSS for <url>");
 * - the loader's own no-progress and hard limits (`load-stages.ts`: "timed out after <ms> ms"; reports mask
 *   runs of 4+ digits as `#`).
 */
const NETWORK_MESSAGES = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /#RUNTIME-008|Failed to load script resources/,
  /^Failed to fetch\b/,
  /NetworkError when attempting to fetch resource/,
  /^Load failed\.?$/,
  /^The network connection was lost\.?$/,
  /^The Internet connection appears to be offline\.?$/,
  /^Network request failed\.?$/,
  /Unable to preload CSS for/,
  /^timed out after (\d+|#) ms$/,
]

/**
 * A load that failed, from its report's `reason`: `<stage>: <message>` as the shell's loader records it
 * (`shared/src/health/outcomes.ts`; the stages are the shell's `LoadStage`), `crashed: <message>` for a
 * remote that threw while mounting or rendering (`remote-route.tsx`), else a bare message.
 */
function failureClass(reason: string | null | undefined): LoadClass {
  if (!reason) return 'code'
  const [, prefix = '', rest] = /^([a-z]+): ([\s\S]*)$/.exec(reason) ?? [undefined, '', reason]
  // No version to blame: the registry could not be read, or the shell's own federation runtime did not load
  // (the previous version's loads fail the same way, so its baseline holds them).
  if (prefix === 'registry' || prefix === 'runtime') return 'network'
  if (prefix === 'contract') return 'code'
  // The script-tag loader's RUNTIME-008 also covers a script that threw; a module entry's never does.
  if (!/ScriptExecutionError/.test(rest) && NETWORK_MESSAGES.some((pattern) => pattern.test(rest))) {
    return 'network'
  }
  // An answer from the CDN that is not the manifest: busy or failing is the network's, a missing or refused
  // file (404, 403) is the release's own.
  const status = /^manifest answered (\d{3})$/.exec(rest)?.[1]
  if (prefix === 'manifest' && status) return /^(5\d\d|408|429)$/.test(status) ? 'network' : 'code'
  // Everything else threw in the version's own code or files: its entry's evaluation, the federation
  // runtime's init of it, lifecycles it does not export, a manifest that is not one, a mount that threw.
  return 'code'
}

/**
 * The class of a remote's outcome in a report. A fallback is a load of the version that failed (`from`), with
 * the class of why it failed; a retry screen has the class of why its last try failed. `not-released` is no
 * load of any version: null.
 */
export function loadClass(outcome: RemoteOutcome, reason?: string | null): LoadClass | null {
  switch (outcome) {
    case 'mounted':
      return 'ok'
    case 'not-released':
      return null
    // A refused contract and a parcel that never finished mounting are the version's own doing.
    case 'contract-refused':
    case 'mount-timeout':
      return 'code'
    case 'fallback':
    case 'retry-screen':
      return failureClass(reason)
  }
}
