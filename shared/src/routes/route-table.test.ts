import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import {
  localeFor,
  matchRoute,
  REMOTE_ROUTES,
  REMOTES,
  routesOf,
  SHELL_FEDERATION_MODULE,
  SHELL_LAZY_SCREENS,
  type RemoteName,
} from './route-table'

// DESIGN.md §2, row by row.
const TABLE: [path: string, remote: RemoteName, screen: string][] = [
  ['/', 'mf_site', 'site'],
  ['/aboutUs', 'mf_site', 'aboutUs'],
  ['/privacyPolicy', 'mf_site', 'privacyPolicy'],
  ['/loanAgreement', 'mf_site', 'loanAgreement'],
  ['/loanDetails', 'mf_loan', 'loanDetails'],
  ['/order', 'mf_loan', 'loanDetails'],
  ['/loanConfirm', 'mf_loan', 'loanConfirm'],
  ['/loanConfirmNew', 'mf_loan', 'loanConfirmNew'],
  ['/confirmByPeriod', 'mf_loan', 'confirmByPeriod'],
  ['/jointLoginFailure', 'mf_loan', 'jointLoginFailure'],
  ['/repay', 'mf_repay', 'repay'],
  ['/delayRepay', 'mf_repay', 'delayRepay'],
  ['/repaymentOfCode', 'mf_repay', 'repaymentOfCode'],
  ['/repaymentOfCode2', 'mf_repay', 'repaymentOfCode2'],
  ['/paymentInstructions', 'mf_repay', 'paymentInstructions'],
  ['/legacyRepay', 'mf_repay', 'legacyRepay'],
  ['/complaint', 'mf_complaint', 'complaint'],
  ['/complainPageNext', 'mf_complaint', 'complainPageNext'],
  ['/complaintList', 'mf_complaint', 'complaintList'],
  ['/complainDetails', 'mf_complaint', 'complainDetails'],
  ['/customerService', 'mf_complaint', 'customerService'],
  ['/bindBank', 'mf_bindcard', 'bindBank'],
  ['/promotion', 'mf_promotion', 'promotion'],
]

test.each(TABLE)('%s is served by %s (screen %s)', (path, remote, screen) => {
  expect(matchRoute(path)).toMatchObject({ path, remote, screen })
})

test('the table has exactly the design routes', () => {
  expect(REMOTE_ROUTES.map((r) => r.path).sort()).toEqual(TABLE.map(([path]) => path).sort())
})

test('both loan detail paths show the Order Details page', () => {
  expect(matchRoute('/loanDetails')?.title).toBe('Order Details')
  expect(matchRoute('/order')?.title).toBe('Order Details')
})

test('a trailing slash is tolerated', () => {
  expect(matchRoute('/repay/')).toMatchObject({ path: '/repay', remote: 'mf_repay' })
  expect(matchRoute('/bindBank//')).toMatchObject({ path: '/bindBank' })
  expect(matchRoute('/')).toMatchObject({ path: '/', remote: 'mf_site' })
})

test('matching is case-sensitive', () => {
  expect(matchRoute('/Repay')).toBeNull()
  expect(matchRoute('/loandetails')).toBeNull()
  expect(matchRoute('/BINDBANK')).toBeNull()
})

test.each([
  ['/nowhere'],
  ['/testPreview'],
  ['/repay/extra'],
  ['/repayx'],
  [''],
  ['/promotion/registerTemplate'],
])('%j matches no remote route', (path) => {
  expect(matchRoute(path)).toBeNull()
})

test('promotion pages are Chinese, every other remote English', () => {
  expect(localeFor('mf_promotion')).toBe('zh')
  for (const remote of ['mf_site', 'mf_loan', 'mf_repay', 'mf_complaint', 'mf_bindcard'] as const) {
    expect(localeFor(remote)).toBe('en')
  }
})

const shellDir = join(dirname(fileURLToPath(import.meta.url)), '../../../shell')

test('every shell module the server preloads is a module of the shell', () => {
  for (const source of [...Object.values(SHELL_LAZY_SCREENS), SHELL_FEDERATION_MODULE]) {
    expect(existsSync(join(shellDir, source)), source).toBe(true)
  }
})

test('a remote is marked released exactly when the workspace has its package', () => {
  const root = join(shellDir, '..')
  for (const [name, { released }] of Object.entries(REMOTES)) {
    expect(existsSync(join(root, name.replace(/_/g, '-'), 'vite.config.ts')), name).toBe(released)
  }
})

test("a remote's standalone routing is its rows of the table, in order", () => {
  expect(routesOf('mf_site')).toEqual({
    '/': 'site',
    '/aboutUs': 'aboutUs',
    '/privacyPolicy': 'privacyPolicy',
    '/loanAgreement': 'loanAgreement',
  })
  expect(Object.values(routesOf('mf_loan'))).toEqual([
    'loanDetails',
    'loanDetails',
    'loanConfirm',
    'loanConfirmNew',
    'confirmByPeriod',
    'jointLoginFailure',
  ])
})
