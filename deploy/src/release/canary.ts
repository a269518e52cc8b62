import { CDN_DIR, REGISTRY_FILE, federationName } from '../paths'
import { readRegistry, setRegistryEntry, withRegistryLock, type RegistryEntry } from '../registry-file'
import {
  canaryRunning,
  logChange,
  pointerFor,
  publishBuild,
  rewritePages,
  versionsOnCdn,
  type ReleaseOptions,
} from './release'

/**
 * A canary per remote (ADR 0058): a new version for a share of borrowers, the rest on the current one (its
 * control group), stepped up to every borrower or aborted. The registry entry keeps the canary beside its
 * current version; each borrower's pages and `/registry.json` are resolved to their side by both servers
 * (deploy/src/nginx/canary-side.js).
 */

/** The shares a canary is stepped through by default, the last one every borrower. */
export const DEFAULT_CANARY_STEPS: readonly number[] = [5, 25, 50, 100]

/**
 * The steps from the setting `CANARY_STEPS` (percentages, comma separated, rising, the last 100), else the
 * default. A bad value is named, never half used.
 */
export function canarySteps(env: NodeJS.ProcessEnv = process.env): number[] {
  const raw = env.CANARY_STEPS?.trim()
  if (!raw) return [...DEFAULT_CANARY_STEPS]
  const steps = raw.split(',').map((part) => Number(part.trim()))
  const rising = steps.every((step, i) => i === 0 || step > steps[i - 1])
  if (!steps.every((step) => step > 0 && step <= 100) || !rising || steps.at(-1) !== 100) {
    throw new Error(
      `CANARY_STEPS=${JSON.stringify(raw)} is not a list of rising percentages ending at 100 (such as ` +
        `${DEFAULT_CANARY_STEPS.join(',')})`,
    )
  }
  return steps
}

/** A share of borrowers a canary may take: more than 0, less than 100, to the hundredth of a percent. */
export function canaryPercent(value: string | number | undefined): number {
  const percent = typeof value === 'number' ? value : Number(value)
  if (value === undefined || value === '' || !Number.isFinite(percent) || percent <= 0 || percent >= 100) {
    throw new Error(
      `a canary takes a share of borrowers above 0 and below 100 (--canary 5); got ${JSON.stringify(value ?? '')}. ` +
        'Every borrower at once is a plain release.',
    )
  }
  return Math.round(percent * 100) / 100
}

/** The step after `percent`: the first of `steps` above it. */
export function nextStep(steps: readonly number[], percent: number): number {
  return steps.find((step) => step > percent) ?? 100
}

export interface CanaryResult {
  remote: string
  /** The control side's version (the current one). */
  control: string
  /** The canary's version; after a promotion to every borrower, the current one. */
  canary: string
  /** Its share of borrowers now (100: promoted, a plain release). */
  percent: number
}

/**
 * `pnpm release <remote> --canary <percent>`: publishes the remote's build and makes it current for `percent`
 * of borrowers, the rest keeping the current version. Refused without a current version (there is no control
 * group), for the current version itself, and while another canary of the remote runs.
 */
export function releaseCanary(pkg: string, percent: number, options: ReleaseOptions = {}): CanaryResult {
  const share = canaryPercent(percent)
  const { name, version, cdnDir, registryFile } = publishBuild(pkg, options)
  return withRegistryLock(registryFile, () => {
    const current = readRegistry(registryFile).remotes[name]
    if (!current) {
      throw new Error(
        `${pkg} has no current version for a control group; release it to every borrower first (pnpm release ${pkg})`,
      )
    }
    if (current.canary) throw canaryRunning(pkg, current.canary)
    if (current.version === version) {
      throw new Error(`${pkg}@${version} is already every borrower's version; there is nothing to canary`)
    }
    const now = Date.now()
    const canary = { ...pointerFor(pkg, version), percent: share, since: now, stepSince: now }
    setRegistryEntry(registryFile, name, { ...current, available: versionsOnCdn(pkg, cdnDir), canary })
    rewritePages(name, options, cdnDir, registryFile)
    logChange(cdnDir, 'canary', name, current.version, version, options.reason, share)
    return { remote: name, control: current.version, canary: version, percent: share }
  })
}

export interface PromoteOptions extends ReleaseOptions {
  /** The share to take (default: the next of `steps`); 100 makes it every borrower's version. */
  to?: number
  steps?: readonly number[]
}

/**
 * `pnpm release <remote> --promote`: the running canary takes its next step's share (`CANARY_STEPS`), and at
 * 100% becomes the current version with the control's as its previous, exactly as a plain release of it leaves
 * the entry and the pages. Null when `onlyIfCanary` names a canary that no longer runs (the canary watch).
 */
export function promoteCanary(pkg: string, options: PromoteOptions = {}): CanaryResult | null {
  const registryFile = options.registryFile ?? REGISTRY_FILE
  const cdnDir = options.cdnDir ?? CDN_DIR
  const name = federationName(pkg)
  return withRegistryLock(registryFile, () => {
    const current = readRegistry(registryFile).remotes[name]
    const canary = current?.canary
    if (options.onlyIfCanary !== undefined && canary?.version !== options.onlyIfCanary) return null
    if (!current || !canary) throw new Error(`${pkg} has no canary running; there is nothing to promote`)
    const target =
      options.to === undefined ? nextStep(options.steps ?? canarySteps(), canary.percent) : options.to
    const percent = target >= 100 ? 100 : canaryPercent(target)
    if (percent <= canary.percent) {
      throw new Error(
        `${pkg}'s canary already has ${canary.percent}% of borrowers; a promotion takes more (abort it to take fewer)`,
      )
    }
    const available = versionsOnCdn(pkg, cdnDir)
    const entry: RegistryEntry =
      percent === 100
        ? {
            ...pointerFor(pkg, canary.version),
            previous: { version: current.version, entry: current.entry },
            available,
          }
        : { ...current, available, canary: { ...canary, percent, stepSince: Date.now() } }
    setRegistryEntry(registryFile, name, entry)
    rewritePages(name, options, cdnDir, registryFile)
    logChange(
      cdnDir,
      percent === 100 ? 'promote' : 'step',
      name,
      current.version,
      canary.version,
      options.reason,
      percent,
    )
    return { remote: name, control: current.version, canary: canary.version, percent }
  })
}
