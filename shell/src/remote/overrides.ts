export const OVERRIDE_STORAGE_KEY = 'loan-shell:mf-override'

/** `?mf=mf_site@1.0.0-abc,mf_loan@…` pins versions for QA; kept for this browser session only. */
export function parseOverrides(value: string | null): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of (value ?? '').split(',')) {
    const match = /^(mf_[a-z]+)@([\w.+-]+)$/.exec(part.trim())
    if (match) out[match[1]] = match[2]
  }
  return out
}

export function readOverrides(win: Window): Record<string, string> {
  const fromUrl = new URL(win.location.href).searchParams.get('mf')
  try {
    if (fromUrl !== null) win.sessionStorage.setItem(OVERRIDE_STORAGE_KEY, fromUrl)
    return parseOverrides(fromUrl ?? win.sessionStorage.getItem(OVERRIDE_STORAGE_KEY))
  } catch {
    return parseOverrides(fromUrl)
  }
}
