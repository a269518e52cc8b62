import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT_DIR } from '../paths'

/**
 * When `pnpm test:release` last passed in this checkout (ADR 0050): written by its last step, read by
 * `pnpm release` so whoever releases sees how old the release check is, and for which commit. Not a lock: a
 * hot fix may go out without it, but not without saying so. `RELEASE_CHECK_FILE` puts it elsewhere.
 */
export const RELEASE_CHECK_FILE = process.env.RELEASE_CHECK_FILE ?? join(ROOT_DIR, '.release-check.json')

export type ReleaseCheck = { passedAt: string; commit: string | null }

/** The checkout's commit, or null outside a git checkout (a copied tree). */
export function headCommit(cwd = ROOT_DIR): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd, encoding: 'utf8', stdio: 'pipe' }).trim()
  } catch {
    return null
  }
}

/** How many commits `to` is after `from`; null when git cannot say (a commit it does not have). */
export function commitsBetween(from: string, to: string, cwd = ROOT_DIR): number | null {
  try {
    const out = execFileSync('git', ['rev-list', '--count', `${from}..${to}`], {
      cwd,
      encoding: 'utf8',
      stdio: 'pipe',
    })
    return Number(out.trim())
  } catch {
    return null
  }
}

export function recordReleaseCheck(file: string, check: ReleaseCheck): void {
  writeFileSync(file, `${JSON.stringify(check, null, 2)}\n`)
}

export function readReleaseCheck(file: string): ReleaseCheck | null {
  if (!existsSync(file)) return null
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<ReleaseCheck>
    if (typeof value.passedAt !== 'string' || Number.isNaN(Date.parse(value.passedAt))) return null
    return { passedAt: value.passedAt, commit: typeof value.commit === 'string' ? value.commit : null }
  } catch {
    return null
  }
}

function age(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000))
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.round(minutes / 60)
  if (hours < 48) return `${hours} h ago`
  return `${Math.round(hours / 24)} days ago`
}

/**
 * The line `pnpm release` prints: when the release check last passed and how far this checkout has moved
 * since (`commitsSince`: commits from the checked commit to HEAD, null when unknown).
 */
export function releaseCheckLine(
  check: ReleaseCheck | null,
  now: number,
  head: string | null,
  commitsSince: number | null,
): string {
  if (!check) {
    return 'pnpm test:release has not passed in this checkout: run it before a release (README, Tests).'
  }
  const when = `${check.passedAt.slice(0, 16).replace('T', ' ')} UTC, ${age(now - Date.parse(check.passedAt))}`
  const at = check.commit ? ` at ${check.commit.slice(0, 7)}` : ''
  let since = ''
  if (check.commit && head && check.commit !== head) {
    since =
      commitsSince === null
        ? `; this checkout is at ${head.slice(0, 7)}, not a descendant git knows of`
        : `; this checkout is ${commitsSince} commit${commitsSince === 1 ? '' : 's'} later (${head.slice(0, 7)})`
  } else if (check.commit && head) {
    since = '; this checkout is that commit'
  }
  return `pnpm test:release last passed ${when}${at}${since}.`
}

/** The line for this checkout, read from its files and git. */
export function releaseCheckStatus(file = RELEASE_CHECK_FILE, now = Date.now()): string {
  const check = readReleaseCheck(file)
  const head = headCommit()
  const since = check?.commit && head ? commitsBetween(check.commit, head) : null
  return releaseCheckLine(check, now, head, since)
}
