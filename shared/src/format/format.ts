import dayjs from 'dayjs'

export const PESO = '₱'
export const RUPEE = '₹'

/** Groups the integer part with dots: 1234567 -> 1.234.567. */
export function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value)
  return null
}

/**
 * A server amount in cents as shown to the borrower: cents / 100 with 2 decimals, a dot between
 * thousands and a comma before the decimals (see docs/decisions/0003-amount-format.md).
 * Returns '' for a missing or malformed amount so a screen never shows NaN.
 */
export function formatCents(cents: unknown, options: { sign?: boolean; rupee?: boolean } = {}): string {
  const n = toNumber(cents)
  if (n === null) return ''
  const rounded = Math.round(n)
  const fixed = (Math.abs(rounded) / 100).toFixed(2)
  const [integer, decimals] = fixed.split('.')
  const body = `${groupThousands(integer)},${decimals}`
  const sign = options.sign === false ? '' : options.rupee ? RUPEE : PESO
  return `${rounded < 0 ? '-' : ''}${sign}${body}`
}

const PLAIN_AMOUNT = /^[+-]?\d+(?:\.\d+)?$/
// '1,530.00' or '5,000': commas only between groups of three, a dot only before the decimals.
const COMMA_GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/

/**
 * The one reading of a money field whose unit the spec leaves open (docs/api-assumptions.md): pesos, sent
 * as a number (5000, 1530.5) or as a decimal string ('1530.00', ' 5000 ', '1,530.00', '₱1530.00').
 * null when it is no amount, so a caller shows nothing or its own fallback rather than a wrong figure.
 * The spec's cents ("amounts from a helper divide by 100") are `formatCents`, for a field recorded as such.
 */
export function parseMoney(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'string') return null
  const bare = value.trim().replace(/^([+-]?)\s*[₱₹]\s*/, '$1')
  if (PLAIN_AMOUNT.test(bare)) return Number(bare)
  if (COMMA_GROUPED.test(bare)) return Number(bare.replace(/,/g, ''))
  return null
}

/**
 * An amount in pesos (`parseMoney`) as shown to the borrower: '1530.00' → ₱1.530,00, 5000 → ₱5.000,00.
 * A server string that is no amount ('To be confirmed') shows as it is; anything else shows nothing.
 */
export function formatPesos(amount: unknown, options: { rupee?: boolean } = {}): string {
  const n = parseMoney(amount)
  if (n === null) return typeof amount === 'string' ? amount.trim() : ''
  return formatCents(Math.round(n * 100), options)
}

/**
 * Unix seconds or milliseconds: 1e11 seconds is the year 5138, so anything from there up is milliseconds
 * (a 1990 birth date in milliseconds, 6.4e11, is not read as seconds in the year 22344).
 */
const fromUnix = (n: number) => (Math.abs(n) < 1e11 ? n * 1000 : n)

function toDayjs(value: unknown): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null
  let input: string | number | Date
  if (typeof value === 'number') input = fromUnix(value)
  else if (typeof value === 'string' && /^\d+$/.test(value)) input = fromUnix(Number(value))
  else if (typeof value === 'string' || value instanceof Date) input = value
  else return null
  const d = dayjs(input)
  if (!d.isValid()) return null
  // dayjs rolls impossible dates over ('2024-13-45' → 2025-02-14); refuse them instead.
  const ymd = typeof input === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(input) : null
  if (ymd && d.format('YYYY-MM-DD') !== `${ymd[1]}-${ymd[2]}-${ymd[3]}`) return null
  return d
}

/** YYYY-MM-DD; accepts unix seconds or milliseconds, ISO strings and Dates; '' when invalid. */
export function formatDate(value: unknown): string {
  return toDayjs(value)?.format('YYYY-MM-DD') ?? ''
}

/**
 * A date field as the borrower reads it: a timestamp (seconds or milliseconds, number or digits), an ISO
 * date-time or a `YYYY-MM-DD` string all show as `YYYY-MM-DD`. A server text that is no date ('To be
 * confirmed', '3 days') shows as it is; digits or a date-shaped string that is no real date show nothing,
 * never a raw timestamp. Neither does a number under 1e8 (a count or a code: as seconds it is before
 * March 1973, older than any date this product shows).
 */
export function formatDateText(value: unknown): string {
  if (isSmallCount(value)) return ''
  const formatted = formatDate(value)
  if (formatted || typeof value !== 'string') return formatted
  const raw = value.trim()
  return /^\d+$/.test(raw) || /^\d{4}-\d{1,2}-\d{1,2}/.test(raw) ? '' : raw
}

const isSmallCount = (value: unknown) =>
  (typeof value === 'number' || (typeof value === 'string' && /^\s*\d+\s*$/.test(value))) &&
  Math.abs(Number(value)) < 1e8

/** HH:MM:SS. */
export function formatTime(value: unknown): string {
  return toDayjs(value)?.format('HH:mm:ss') ?? ''
}

/** YYYY-MM-DD HH:MM:SS. */
export function formatDateTime(value: unknown): string {
  return toDayjs(value)?.format('YYYY-MM-DD HH:mm:ss') ?? ''
}

/**
 * A free-text value the server fills a detail line with ({ text, value } rows): a bare amount as the server
 * writes money ('1530.00', '₱1,530.00') shows in the peso format, a raw timestamp or an ISO date-time as
 * `YYYY-MM-DD`, any other text ('91 days', '0.05% / day', 'Maya') as it is. A whole number stays as it is:
 * it may be a count of days, a term or an id, not money.
 */
export function formatDetailValue(value: unknown, options: { rupee?: boolean } = {}): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value !== 'string') return ''
  const raw = value.trim()
  if (/^[+-]?(?:[₱₹]\s*)?(?:\d+|\d{1,3}(?:,\d{3})+)\.\d{2}$/.test(raw)) return formatPesos(raw, options)
  if (/^\d{10}(?:\d{3})?$/.test(raw) || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(raw)) return formatDateText(raw)
  return raw
}
