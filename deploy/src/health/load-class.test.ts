import { redact } from 'shared/health'
import { failedOutcome, mountedOutcome, type LoadAttempt } from 'shared/health/outcomes'
import { expect, test } from 'vitest'
import { loadClass } from './load-class'

const ENTRY = 'https://loans.example.ph/remotes/mf-loan/2.0.0-4f1c2a/remoteEntry.js'
const CHUNK = 'https://loans.example.ph/remotes/mf-loan/2.0.0-4f1c2a/assets/app-Bq3kXz.js'

const failed = (stage: string, error: string, version = '2.0.0'): LoadAttempt => ({
  remote: 'mf_loan',
  version,
  stage,
  ok: false,
  durationMs: 40,
  error,
})

/** The outcome as it reaches the server: built by the page's own functions and redacted as the page does. */
function retryScreen(stage: string, error: string) {
  const outcome = failedOutcome('mf_loan', false, [failed(stage, error)], 'mf_loan could not be loaded')
  return loadClass(outcome.outcome, outcome.reason && redact(outcome.reason))
}
function fallback(stage: string, error: string) {
  const records = [failed(stage, error), { ...failed('ready', '', '1.9.0'), ok: true, error: undefined }]
  const outcome = mountedOutcome('mf_loan', '1.9.0', '2.0.0', records, 20)
  return loadClass(outcome.outcome, outcome.reason && redact(outcome.reason))
}

/** What the federation runtime rejects with when a module entry did not download (RUNTIME-008). */
const runtime008 = (original: string) =>
  [
    '[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008',
    `args: ${JSON.stringify({ remoteName: 'mf_loan', resourceUrl: ENTRY })}`,
    'View the docs to see how to solve: https://module-federation.io/guide/troubleshooting/runtime#runtime-008',
    `Original Error Message:\n ${original}`,
  ].join('\n')

test.each([
  [
    'Chromium, a module that did not download',
    'entry',
    `Failed to fetch dynamically imported module: ${CHUNK}`,
  ],
  ['Firefox, a module that did not download', 'entry', `error loading dynamically imported module: ${CHUNK}`],
  ['WebKit, a module that did not download', 'entry', 'Importing a module script failed.'],
  [
    'Chromium, the entry through the federation runtime',
    'entry',
    runtime008(`Failed to fetch dynamically imported module: ${ENTRY}`),
  ],
  [
    'WebKit, the entry through the federation runtime',
    'entry',
    runtime008('Importing a module script failed.'),
  ],
  ['Chromium, the manifest fetch', 'manifest', 'Failed to fetch'],
  ['Firefox, the manifest fetch', 'manifest', 'NetworkError when attempting to fetch resource.'],
  ['WebKit, the manifest fetch', 'manifest', 'Load failed'],
  ['an iOS web view, the manifest fetch', 'manifest', 'The network connection was lost.'],
  ['an iOS web view offline', 'manifest', 'The Internet connection appears to be offline.'],
  ['the loader, no file of the version for its idle time', 'entry', 'timed out after 3500 ms'],
  ['the loader, its hard limit while files kept arriving', 'entry', 'timed out after 30000 ms'],
  ['the loader, a manifest that never answered', 'manifest', 'timed out after 3500 ms'],
  ['a CDN that is failing', 'manifest', 'manifest answered 503'],
  ['a CDN that throttles', 'manifest', 'manifest answered 429'],
  [
    'a stylesheet the preload helper could not fetch',
    'entry',
    `Unable to preload CSS for ${CHUNK.replace('.js', '.css')}`,
  ],
  ['the shell’s own federation runtime', 'runtime', `Failed to fetch dynamically imported module: ${ENTRY}`],
  ['the shell’s own federation runtime, timed out', 'runtime', 'timed out after 30000 ms'],
])('network: %s', (_, stage, error) => {
  expect(retryScreen(stage, error)).toBe('network')
  expect(fallback(stage, error)).toBe('network')
})

test.each([
  [
    'Chromium, the entry threw while evaluating',
    'entry',
    "Cannot read properties of undefined (reading 'mount')",
  ],
  ['Firefox, the entry threw while evaluating', 'entry', 'can’t access property "mount", e is undefined'],
  ['WebKit, the entry threw while evaluating', 'entry', "undefined is not an object (evaluating 'e.mount')"],
  ['a syntax error in a chunk', 'entry', "Unexpected token ')'"],
  [
    'the runtime could not initialise the container',
    'entry',
    '[ Federation Runtime ]: Remote container initialization failed. #RUNTIME-015',
  ],
  [
    'the version does not expose its app',
    'entry',
    '[ Federation Runtime ]: The remote does not expose the requested module. #RUNTIME-014',
  ],
  ['lifecycles missing', 'entry', 'module does not export single-spa lifecycles'],
  ['a refused contract', 'contract', 'incompatible contract 9'],
  ['a manifest that is not one', 'manifest', 'manifest has no remote entry'],
  ['a manifest missing from the CDN', 'manifest', 'manifest answered 404'],
  [
    'a module served with the wrong type (WebKit)',
    'entry',
    "'text/html' is not a valid JavaScript MIME type.",
  ],
])('code: %s', (_, stage, error) => {
  expect(retryScreen(stage, error)).toBe('code')
  expect(fallback(stage, error)).toBe('code')
})

test('a remote that threw while mounting is code, unless what it threw is a chunk that did not arrive', () => {
  expect(loadClass('retry-screen', 'crashed: broken release: throws at mount')).toBe('code')
  expect(loadClass('retry-screen', "crashed: Cannot read properties of null (reading 'amount')")).toBe('code')
  expect(loadClass('retry-screen', `crashed: Failed to fetch dynamically imported module: ${CHUNK}`)).toBe(
    'network',
  )
  expect(loadClass('retry-screen', 'crashed: Importing a module script failed.')).toBe('network')
})

test('the outcome decides where it can: mounted, refused contract, mount timeout, not released', () => {
  expect(loadClass('mounted')).toBe('ok')
  expect(loadClass('contract-refused', 'contract: incompatible contract 9')).toBe('code')
  expect(loadClass('mount-timeout', 'mf_loan did not finish mounting within # ms')).toBe('code')
  expect(loadClass('not-released', 'registry: not in the registry')).toBeNull()
})

test('a failure without a reason, or with one no stage names, is the version’s own', () => {
  expect(loadClass('fallback')).toBe('code')
  expect(loadClass('retry-screen', null)).toBe('code')
  expect(loadClass('retry-screen', 'mf_loan could not be loaded')).toBe('code')
})

test('a script that threw is not a download failure even when the runtime calls it RUNTIME-008', () => {
  const reason = `entry: [ Federation Runtime ]: Failed to load script resources. #RUNTIME-008 ScriptExecutionError`
  expect(loadClass('retry-screen', reason)).toBe('code')
})

test('a message that only mentions a network word is not taken for one', () => {
  expect(loadClass('retry-screen', 'entry: Load failed because the amount was negative')).toBe('code')
  expect(loadClass('retry-screen', 'entry: timed out after the borrower waited')).toBe('code')
})
