import { classifyTarget } from 'shared/navigation'
import { warnUnknown } from 'shared/schema'
import { isAmount } from '../../components/amount'

/**
 * What `/repaymentOfCode` shows, read from its query; null when the link gives nothing to pay with.
 * `image`: the picture's address; '' when the link names one the page may not show (a grey box then takes
 * its place); null when it names none (the pay code's channel picture is optional). `amount`: '' when the
 * link has none, or one that is no amount.
 */
export type CodePage =
  | { kind: 'code'; payCode: string; image: string | null; amount: string }
  | { kind: 'qr'; image: string; amount: string }

/**
 * An image the page may show from its link, stricter than a picture from our API's answers (ADR 0022): one
 * of the app's own paths (or an address on its origin), or an https picture on a host of the deployment's
 * `imageHosts` (the guard's host rule, with that list). A picture of any other host, and an inline `data:`
 * picture, could be anyone's QR code under 'Scan this QR code': neither, nor anything else, is an image here.
 */
export function isImageSource(
  value: string,
  imageHosts: readonly string[],
  pageOrigin = window.location.origin,
): boolean {
  const target = classifyTarget(value, { appOrigin: pageOrigin, allowedHosts: imageHosts })
  return target.kind === 'app' || target.kind === 'web'
}

/** The showTypes we know: 1 a pay code, 2 a QR picture (the spec: "any other type" is a QR picture). */
const KNOWN_SHOW_TYPES = new Set([1, 2])

/**
 * The page a link asks for, at the page's origin (the browser's, or the server's page it is rendered for). A
 * part the page may not show degrades rather than failing the page (issue #25): a picture that may not show is
 * '' (a grey box), an amount that is no amount is left out. A showType that is no number is logged
 * (`warnUnknown`) and shows the pay code when the link has one (the borrower can pay with it), else the QR
 * picture; a number other than 1 is a QR picture, as the spec says.
 */
export function readCodePage(
  query: Record<string, string>,
  imageHosts: readonly string[],
  pageOrigin?: string,
): CodePage | null {
  const rawType = (query.showType ?? '').trim()
  const payCode = (query.payCode ?? '').trim()
  const given = (query.payCodeImg ?? '').trim()
  const rawAmount = (query.repayAmount ?? '').trim()
  if (!payCode && !given) return null
  const showType = /^\d+$/.test(rawType) ? Number(rawType) : null
  if (showType === null || !KNOWN_SHOW_TYPES.has(showType)) warnUnknown('showType', rawType)
  const kind = showType === 1 || (showType === null && payCode) ? 'code' : 'qr'
  const image = given && isImageSource(given, imageHosts, pageOrigin) ? given : ''
  const amount = isAmount(rawAmount) ? rawAmount : ''
  if (kind === 'code') return payCode ? { kind, payCode, image: given ? image : null, amount } : null
  return given ? { kind, image, amount } : null
}
