import type { Locale } from 'shared/contract'

export type RemoteName = 'mf_site' | 'mf_loan' | 'mf_repay' | 'mf_complaint' | 'mf_bindcard' | 'mf_promotion'

export interface RemoteRouteDef {
  path: string
  remote: RemoteName
  screen: string
  title: string
}

/** The shell's route table (DESIGN.md §2); `/testPreview` and not-found are the shell's own. */
export const REMOTE_ROUTES: readonly RemoteRouteDef[] = [
  { path: '/', remote: 'mf_site', screen: 'site', title: 'Home' },
  { path: '/aboutUs', remote: 'mf_site', screen: 'aboutUs', title: 'About us' },
  { path: '/privacyPolicy', remote: 'mf_site', screen: 'privacyPolicy', title: 'Privacy Policy' },
  { path: '/loanAgreement', remote: 'mf_site', screen: 'loanAgreement', title: 'Loan terms and conditions' },
  { path: '/loanDetails', remote: 'mf_loan', screen: 'loanDetails', title: 'Order Details' },
  { path: '/order', remote: 'mf_loan', screen: 'loanDetails', title: 'Order Details' },
  { path: '/loanConfirm', remote: 'mf_loan', screen: 'loanConfirm', title: 'Loan confirmation' },
  { path: '/loanConfirmNew', remote: 'mf_loan', screen: 'loanConfirmNew', title: 'Loan confirmation' },
  { path: '/confirmByPeriod', remote: 'mf_loan', screen: 'confirmByPeriod', title: 'Loan confirmation' },
  { path: '/jointLoginFailure', remote: 'mf_loan', screen: 'jointLoginFailure', title: 'Order Details' },
  { path: '/repay', remote: 'mf_repay', screen: 'repay', title: 'Repayment' },
  { path: '/delayRepay', remote: 'mf_repay', screen: 'delayRepay', title: 'Rollover Repayment' },
  { path: '/repaymentOfCode', remote: 'mf_repay', screen: 'repaymentOfCode', title: 'Repayment' },
  { path: '/repaymentOfCode2', remote: 'mf_repay', screen: 'repaymentOfCode2', title: 'Repayment' },
  {
    path: '/paymentInstructions',
    remote: 'mf_repay',
    screen: 'paymentInstructions',
    title: 'Payment instructions',
  },
  { path: '/legacyRepay', remote: 'mf_repay', screen: 'legacyRepay', title: 'Repayment' },
  { path: '/complaint', remote: 'mf_complaint', screen: 'complaint', title: 'Online service' },
  { path: '/complainPageNext', remote: 'mf_complaint', screen: 'complainPageNext', title: 'Online service' },
  { path: '/complaintList', remote: 'mf_complaint', screen: 'complaintList', title: 'My complaints' },
  { path: '/complainDetails', remote: 'mf_complaint', screen: 'complainDetails', title: 'My complaints' },
  { path: '/customerService', remote: 'mf_complaint', screen: 'customerService', title: 'Customer service' },
  { path: '/bindBank', remote: 'mf_bindcard', screen: 'bindBank', title: 'Payment account information' },
  { path: '/promotion', remote: 'mf_promotion', screen: 'promotion', title: '注册' },
]

export const TEST_PREVIEW_PATH = '/testPreview'

/**
 * Shell routes whose screen is a lazily loaded chunk, with the screen's source module (relative to the shell
 * package), so the server can preload that chunk with the page.
 */
export const SHELL_LAZY_SCREENS: Readonly<Record<string, string>> = {
  [TEST_PREVIEW_PATH]: 'src/screens/test-preview/test-preview-screen.tsx',
}

/**
 * The shell module that brings the Module Federation runtime, imported on first use: the server preloads
 * its chunk on remote routes only (relative to the shell package, as SHELL_LAZY_SCREENS).
 */
export const SHELL_FEDERATION_MODULE = 'src/boot/federation-host.ts'

export function localeFor(remote: RemoteName): Locale {
  return remote === 'mf_promotion' ? 'zh' : 'en'
}

/** Exact, case-sensitive match on the path (a trailing slash is tolerated except on `/`). */
export function matchRoute(pathname: string): RemoteRouteDef | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return REMOTE_ROUTES.find((route) => route.path === path) ?? null
}
