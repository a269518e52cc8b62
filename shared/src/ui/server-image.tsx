import { createContext, useCallback, useContext, useState, type CSSProperties } from 'react'

/**
 * What a picture from server data may be: an https address, or one on the app's own origin (a path, or the
 * page's own scheme and host); `data:image/` only when the caller's data is the app's own (`allowData`). See
 * docs/decisions/0022-pictures-from-server-data.md: pictures may come from any HTTPS origin, links may not.
 */
export function showablePicture(
  src: unknown,
  options: { allowData?: boolean; origin?: string } = {},
): string {
  if (typeof src !== 'string') return ''
  const raw = src.trim()
  if (!raw) return ''
  if (/^data:image\//i.test(raw)) return options.allowData ? raw : ''
  const origin =
    options.origin ?? (typeof window === 'undefined' ? 'http://localhost' : window.location.origin)
  let url: URL
  try {
    url = new URL(raw, origin)
  } catch {
    return ''
  }
  if (url.username || url.password) return ''
  // The address as the server wrote it (a path stays a path); the browser resolves it as `url` did.
  if (url.protocol === 'https:') return raw
  if (url.protocol === 'http:' && url.origin === origin) return raw
  // The local demo serves its second-origin pictures over plain http on this machine (ADR 0022).
  if (url.protocol === 'http:' && /^(localhost|127\.0\.0\.1)$/.test(url.hostname) && /^http:/.test(origin))
    return raw
  return ''
}

/**
 * The page's origin where there is no `window`: a screen rendered with the borrower's data on the server (ADR
 * 0054) decides which pictures show as the borrower's browser will, at the page's address, so the hydration
 * renders the same elements. In the browser there is none, and `window.location` is the page's.
 */
export const PageOriginContext = createContext<string | null>(null)

/**
 * The page's origin as a screen's render reads it: the server's page (`PageOriginContext`), or the browser's;
 * undefined in a first frame rendered at release, which has neither (and calls nothing).
 */
export function usePageOrigin(): string | undefined {
  return useContext(PageOriginContext) ?? (typeof window === 'undefined' ? undefined : window.location.origin)
}

export interface ServerImageProps {
  src: unknown
  /** The picture's class: it sizes the picture and its placeholder alike. */
  className: string
  alt?: string
  /** Data the app made itself (demo pictures, inline SVG) may be a `data:` picture. */
  allowData?: boolean
  /**
   * The fetch priority. `low` for a logo beside the screen's data: the browser would otherwise raise a picture it
   * sees on screen to high and let it compete with the screen's code and calls on a slow link (ADR 0021). A
   * picture that is the screen's content (a pay code, a QR code) keeps the browser's own choice.
   */
  fetchPriority?: 'low' | 'high' | 'auto'
}

const PLACEHOLDER: CSSProperties = { display: 'inline-block', background: '#f0f0f0', verticalAlign: 'middle' }

/**
 * A picture from server data (a product or channel logo, a pay-code picture). One that may not show (no
 * address, another scheme) or fails to load (blocked, missing, not a picture) becomes a neutral box of the
 * same size, never a broken-image icon: the class sizes both. The box is announced with `alt` when the
 * picture carried meaning, and hidden from screen readers when it was decoration.
 */
export function ServerImage({ src, className, alt = '', allowData, fetchPriority }: ServerImageProps) {
  const origin = usePageOrigin()
  const address = showablePicture(src, { allowData, origin })
  const [failed, setFailed] = useState<string | null>(null)
  // A picture that failed before React attached its handler (a first frame, a cached 404) reports no error
  // event: a finished picture with no width is one that failed.
  const seen = useCallback(
    (img: HTMLImageElement | null) => {
      if (img && img.complete && img.naturalWidth === 0 && img.getAttribute('src')) setFailed(address)
    },
    [address],
  )
  if (!address || failed === address)
    return (
      <span
        className={`${className} server-image--placeholder`}
        style={PLACEHOLDER}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        data-server-image="placeholder"
      />
    )
  return (
    <img
      ref={seen}
      className={className}
      src={address}
      alt={alt}
      referrerPolicy="no-referrer"
      fetchPriority={fetchPriority}
      onError={() => setFailed(address)}
    />
  )
}
