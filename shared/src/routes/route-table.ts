/**
 * The route table (DESIGN.md §2), the one owner of every app path: the shell routes with it, the deploy
 * server picks a page's preloads and first calls with it, each remote's standalone page maps paths to
 * screens with it, and e2e and the benchmark list routes from it.
 */
import type { Locale } from '../contract/contract'

export type RemoteName = 'mf_site' | 'mf_loan' | 'mf_repay' | 'mf_complaint' | 'mf_bindcard' | 'mf_promotion'

export interface RemoteInfo {
  /** The language of its screens (and of the component library's texts). */
  locale: Locale
  /**
   * Built and released by this project. A route of a remote that is not is part of the design but has no
   * code yet: the shell answers it with 'not available yet', the test page says so beside its link.
   */
  released: boolean
}

export const REMOTES: Readonly<Record<RemoteName, RemoteInfo>> = {
  mf_site: { locale: 'en', released: true },
  mf_complaint: { locale: 'en', released: true },
  mf_loan: { locale: 'en', released: true },
  mf_repay: { locale: 'en', released: true },
  mf_bindcard: { locale: 'en', released: true },
  mf_promotion: { locale: 'zh', released: true },
}

export interface RemoteRouteDef {
  path: string
  remote: RemoteName
  screen: string
  /** The tab's title: the shell sets it as the screen opens, the release writes it into the route's page. */
  title: string
  /**
   * Open to anyone and to search engines: it reads no session and no order (the marketing site, the
   * promotion landing ad traffic reaches). Every other route is in-app: both servers send it with
   * `X-Robots-Tag: noindex, nofollow`, and it is left out of the sitemap and of Lighthouse's SEO check. A public
   * page's head also carries its remote's description and shared-link tags (ADR 0031).
   */
  public: boolean
}

/** `/testPreview` and not-found are the shell's own screens. */
export const REMOTE_ROUTES = [
  { path: '/', remote: 'mf_site', screen: 'site', title: 'Home', public: true },
  { path: '/aboutUs', remote: 'mf_site', screen: 'aboutUs', title: 'About us', public: true },
  {
    path: '/privacyPolicy',
    remote: 'mf_site',
    screen: 'privacyPolicy',
    title: 'Privacy Policy',
    public: true,
  },
  {
    path: '/loanAgreement',
    remote: 'mf_site',
    screen: 'loanAgreement',
    title: 'Loan terms and conditions',
    public: true,
  },
  { path: '/loanDetails', remote: 'mf_loan', screen: 'loanDetails', title: 'Order Details', public: false },
  { path: '/order', remote: 'mf_loan', screen: 'loanDetails', title: 'Order Details', public: false },
  {
    path: '/loanConfirm',
    remote: 'mf_loan',
    screen: 'loanConfirm',
    title: 'Loan confirmation',
    public: false,
  },
  {
    path: '/loanConfirmNew',
    remote: 'mf_loan',
    screen: 'loanConfirmNew',
    title: 'Loan confirmation',
    public: false,
  },
  {
    path: '/confirmByPeriod',
    remote: 'mf_loan',
    screen: 'confirmByPeriod',
    title: 'Loan confirmation',
    public: false,
  },
  {
    path: '/jointLoginFailure',
    remote: 'mf_loan',
    screen: 'jointLoginFailure',
    title: 'Order Details',
    public: false,
  },
  { path: '/repay', remote: 'mf_repay', screen: 'repay', title: 'Repayment', public: false },
  {
    path: '/delayRepay',
    remote: 'mf_repay',
    screen: 'delayRepay',
    title: 'Rollover Repayment',
    public: false,
  },
  {
    path: '/repaymentOfCode',
    remote: 'mf_repay',
    screen: 'repaymentOfCode',
    title: 'Repayment',
    public: false,
  },
  {
    path: '/repaymentOfCode2',
    remote: 'mf_repay',
    screen: 'repaymentOfCode2',
    title: 'Repayment',
    public: false,
  },
  {
    path: '/paymentInstructions',
    remote: 'mf_repay',
    screen: 'paymentInstructions',
    title: 'Payment instructions',
    public: false,
  },
  { path: '/legacyRepay', remote: 'mf_repay', screen: 'legacyRepay', title: 'Repayment', public: false },
  { path: '/complaint', remote: 'mf_complaint', screen: 'complaint', title: 'Online service', public: false },
  {
    path: '/complainPageNext',
    remote: 'mf_complaint',
    screen: 'complainPageNext',
    title: 'Online service',
    public: false,
  },
  {
    path: '/complaintList',
    remote: 'mf_complaint',
    screen: 'complaintList',
    title: 'My complaints',
    public: false,
  },
  {
    path: '/complainDetails',
    remote: 'mf_complaint',
    screen: 'complainDetails',
    title: 'My complaints',
    public: false,
  },
  {
    path: '/customerService',
    remote: 'mf_complaint',
    screen: 'customerService',
    title: 'Customer service',
    public: false,
  },
  {
    path: '/bindBank',
    remote: 'mf_bindcard',
    screen: 'bindBank',
    title: 'Payment account information',
    public: false,
  },
  { path: '/promotion', remote: 'mf_promotion', screen: 'promotion', title: '注册', public: true },
] as const satisfies readonly RemoteRouteDef[]

/** An app path a remote serves: what a remote's first calls are declared for. */
export type RoutePath = (typeof REMOTE_ROUTES)[number]['path']

export const TEST_PREVIEW_PATH = '/testPreview'

/** What health reports name as the route of the shell's own screens (the test page, not found). */
export const SHELL_SCREENS_ROUTE = '/_shell'

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
export const SHELL_FEDERATION_MODULE = 'src/remote/federation-host.ts'

export function localeFor(remote: RemoteName): Locale {
  return REMOTES[remote].locale
}

/** A locale as the page's `lang` names it. */
export const HTML_LANG: Readonly<Record<Locale, string>> = { en: 'en', zh: 'zh-CN' }

/** The shell's own screens' title: the test page's, else not-found's. */
const shellTitle = (pathname: string) => (pathname === TEST_PREVIEW_PATH ? 'Test preview' : 'Page not found')

/**
 * The title and language of the page at `pathname`: the route's, or the shell's own screen's (in the spec's
 * language, English). The shell sets both as a screen opens, the release writes both into the route's page.
 */
export function pageHeadOf(pathname: string): { title: string; lang: string } {
  const route = matchRoute(pathname)
  if (!route) return { title: shellTitle(pathname), lang: HTML_LANG.en }
  return { title: route.title, lang: HTML_LANG[localeFor(route.remote)] }
}

/** Exact, case-sensitive match on the path (a trailing slash is tolerated except on `/`). */
export function matchRoute(pathname: string): RemoteRouteDef | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return REMOTE_ROUTES.find((route) => route.path === path) ?? null
}

/** A remote's paths and the screen each shows, in table order (its standalone page's routing). */
export function routesOf(remote: RemoteName): Record<string, string> {
  return Object.fromEntries(REMOTE_ROUTES.filter((r) => r.remote === remote).map((r) => [r.path, r.screen]))
}
