/** What `/repaymentOfCode` shows, read from its query; null when the link is missing a part or malformed. */
export type CodePage =
  | { kind: 'code'; payCode: string; image: string; amount: string }
  | { kind: 'qr'; image: string; amount: string }

const AMOUNT = /^\d+(?:\.\d{1,2})?$/

/**
 * An image the page may show: an https picture, an inline raster or SVG picture, or one of the app's own
 * paths. Anything else ('javascript:', other schemes, a protocol-relative '//host') is no image.
 */
export function isImageSource(value: string): boolean {
  if (/^data:image\/(?:png|jpe?g|gif|webp|svg\+xml)[;,]/i.test(value)) return true
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\')
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}

export function readCodePage(query: Record<string, string>): CodePage | null {
  const showType = (query.showType ?? '').trim()
  const payCode = (query.payCode ?? '').trim()
  const image = (query.payCodeImg ?? '').trim()
  const amount = (query.repayAmount ?? '').trim()
  if (!/^\d+$/.test(showType)) return null
  if (amount !== '' && !AMOUNT.test(amount)) return null
  if (image !== '' && !isImageSource(image)) return null
  if (Number(showType) === 1) return payCode ? { kind: 'code', payCode, image, amount } : null
  return image ? { kind: 'qr', image, amount } : null
}
