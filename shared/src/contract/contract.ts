import type { Http } from '../http/http'
import type { Bridge } from '../bridge/bridge'
import type { SessionSnapshot } from '../session/session'

/**
 * The remote contract: the only thing a remote and the shell share.
 * Bump the major when a remote built against the old props would misbehave;
 * the shell refuses to mount a remote whose major differs from its own.
 * Bump the minor when the props gain an optional field: a remote reading it must still work with a shell of
 * an earlier minor, which leaves it out (1.1: the lender's identity in `settings`).
 */
export const CONTRACT_VERSION = '1.1.0'

/**
 * The React range the shell provides through Module Federation (one copy, a singleton) and every remote asks
 * for: `hostShared` in shell/src/boot/federation-runtime.ts and `SHARED_REACT` in shared/config/vite-remote.ts.
 */
export const SHARED_REACT_RANGE = '^19.0.0'

export function contractMajor(version: unknown): number | null {
  if (typeof version !== 'string') return null
  const match = /^(\d+)\.\d+\.\d+$/.exec(version)
  return match ? Number(match[1]) : null
}

export function isCompatibleContract(version: unknown, own: string = CONTRACT_VERSION): boolean {
  const theirs = contractMajor(version)
  return theirs !== null && theirs === contractMajor(own)
}

export type Locale = 'en' | 'zh'

/** Deploy-time configuration shared by every screen. */
export interface Settings {
  /** Product name shown in titles and the site header. */
  name: string
  backgroundColor: string
  fontColor: string
  /** Service phone; a server-provided telephone overrides it where the spec says so. */
  servicePhone: string
  serviceEmail: string
  /** Native app scheme URL (used by the download page and native deep links). */
  productSchemeUrl: string
  /** Shows the rupee sign instead of the peso sign on amounts. */
  rupee: boolean
  /** API base path or absolute URL; `/utilities` by default. */
  apiBase: string
  /** Hosts (besides the app's own) that server-provided links may open (`host` or `*.domain`). */
  allowedHosts: string[]
  /** Hosts (besides the app's own) that images may come from: product logos, complaint images (CSP `img-src`). */
  imageHosts: string[]
  /** Whether `?mf=remote@version` may pin remote versions for QA (never in production). */
  versionOverrides: boolean
  /**
   * The app's store pages (https only; anything else keeps the default), for the download page when the
   * promotion template names none. The deployment wrote them, so they need not be on `allowedHosts`.
   */
  androidDownloadUrl: string
  iosDownloadUrl: string
  /** Where the page sends its health reports (a path on this origin, ADR 0033); empty: none are sent. */
  healthEndpoint: string
  /** The share of page loads that send health reports, 0–1. */
  healthSample: number
  /**
   * The lender's legal identity as the deployment states it (ADR 0038), quoted by the site's footer, About us,
   * the privacy policy and the loan terms; their e-mail is `serviceEmail`. Each is absent when the deployment
   * set none (or a malformed one), and from a shell before contract 1.1: a screen then leaves the detail out or
   * says it is not available, and never puts another value in its place.
   */
  lenderName?: string
  lenderSecRegistrationNo?: string
  lenderCertificateOfAuthorityNo?: string
  lenderAddress?: string
}

export interface NavigateOptions {
  replace?: boolean
}

/** Navigates inside the app (a path with optional query and hash). */
export type Navigate = (to: string, options?: NavigateOptions) => void

/** Props the shell passes to every remote (and a remote's standalone entry builds from `shared`). */
export interface RemoteProps {
  /** Which screen of the remote to show. */
  screen: string
  /** The route's query as a plain record (first value wins for repeated keys). */
  query: Record<string, string>
  /** The route's hash without the leading '#', e.g. `/downloadTemplate` or `about`. */
  hash: string
  http: Http
  bridge: Bridge
  session: SessionSnapshot
  settings: Settings
  navigate: Navigate
  locale: Locale
}

/** The lifecycles a remote's `./app` module exports, plus its contract version. */
export interface RemoteApp {
  contract: string
  bootstrap: (props: RemoteProps) => Promise<unknown>
  mount: (props: RemoteProps) => Promise<unknown>
  unmount: (props: RemoteProps) => Promise<unknown>
  update: (props: RemoteProps) => Promise<unknown>
}
