import { cleanAddress } from 'shared/session'

export const OVERRIDE_STORAGE_KEY = 'loan-shell:mf-override'
export const OVERRIDE_PARAM = 'mf'

/** `?mf=mf_site@1.0.0-abc,mf_loan@…` pins versions for QA; kept for this browser session only. */
export function parseOverrides(value: string | null): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of (value ?? '').split(',')) {
    const match = /^(mf_[a-z]+)@([\w.+-]+)$/.exec(part.trim())
    if (match) out[match[1]] = match[2]
  }
  return out
}

function storageOf(win: Window): Storage | null {
  try {
    return win.sessionStorage
  } catch {
    return null
  }
}

/**
 * The QA version pins for this page view. `?mf=` leaves the address bar either way (a shared or bookmarked
 * link must not pin anybody else's versions). Only a deployment whose settings allow overrides
 * (`versionOverrides`: the demo profile, never production) applies them; elsewhere a pin from the URL or one
 * stored earlier in the session is dropped, with a console note for the QA engineer wondering why.
 */
export function readOverrides(win: Window, allowed: boolean): Record<string, string> {
  const fromUrl = new URL(win.location.href).searchParams.get(OVERRIDE_PARAM)
  const cleaned = fromUrl === null ? null : cleanAddress(win.location.href, [OVERRIDE_PARAM])
  if (cleaned !== null) win.history.replaceState(win.history.state, '', cleaned)
  const storage = storageOf(win)
  try {
    if (!allowed) {
      const stored = storage?.getItem(OVERRIDE_STORAGE_KEY) ?? null
      storage?.removeItem(OVERRIDE_STORAGE_KEY)
      if (fromUrl || stored) {
        console.warn(
          '[remotes] version overrides (?mf=) are off in this deployment; loading the released versions',
        )
      }
      return {}
    }
    if (fromUrl !== null) storage?.setItem(OVERRIDE_STORAGE_KEY, fromUrl)
    return parseOverrides(fromUrl ?? storage?.getItem(OVERRIDE_STORAGE_KEY) ?? null)
  } catch {
    return allowed ? parseOverrides(fromUrl) : {}
  }
}
