import { classifyTarget } from 'shared/navigation'
import { isAmount } from '../../components/amount'

/** What `/repaymentOfCode` shows, read from its query; null when the link is missing a part or malformed. */
export type CodePage =
  | { kind: 'code'; payCode: string; image: string; amount: string }
  | { kind: 'qr'; image: string; amount: string }

/**
 * An image the page may show, as its CSP's `img-src` lets it: one of the app's own paths (or an address on
 * its origin), or an https picture on a host of the deployment's `imageHosts` (the guard's host rule, with
 * that list). A picture of any other host would be a blank, and an inline `data:` picture in a link could be
 * anyone's QR code under 'Scan this QR code': neither, nor anything else, is an image here.
 */
export function isImageSource(value: string, imageHosts: readonly string[]): boolean {
  const target = classifyTarget(value, { appOrigin: window.location.origin, allowedHosts: imageHosts })
  return target.kind === 'app' || target.kind === 'web'
}

export function readCodePage(query: Record<string, string>, imageHosts: readonly string[]): CodePage | null {
  const showType = (query.showType ?? '').trim()
  const payCode = (query.payCode ?? '').trim()
  const image = (query.payCodeImg ?? '').trim()
  const amount = (query.repayAmount ?? '').trim()
  if (!/^\d+$/.test(showType)) return null
  if (amount !== '' && !isAmount(amount)) return null
  if (image !== '' && !isImageSource(image, imageHosts)) return null
  if (Number(showType) === 1) return payCode ? { kind: 'code', payCode, image, amount } : null
  return image ? { kind: 'qr', image, amount } : null
}
