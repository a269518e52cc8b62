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

/** An amount the server already formats in pesos (e.g. '1500.00'): sign + dot-grouped integer part. */
export function formatPesos(amount: unknown, options: { rupee?: boolean } = {}): string {
  const n = toNumber(amount)
  if (n === null) return typeof amount === 'string' ? amount : ''
  return formatCents(Math.round(n * 100), options)
}

function toDayjs(value: unknown): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null
  let input: string | number | Date
  if (typeof value === 'number') input = value < 1e12 ? value * 1000 : value
  else if (typeof value === 'string' && /^\d+$/.test(value)) {
    const n = Number(value)
    input = n < 1e12 ? n * 1000 : n
  } else if (typeof value === 'string' || value instanceof Date) input = value
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

/** HH:MM:SS. */
export function formatTime(value: unknown): string {
  return toDayjs(value)?.format('HH:mm:ss') ?? ''
}

/** YYYY-MM-DD HH:MM:SS. */
export function formatDateTime(value: unknown): string {
  return toDayjs(value)?.format('YYYY-MM-DD HH:mm:ss') ?? ''
}
