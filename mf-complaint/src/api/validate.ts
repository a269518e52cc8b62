import type { CallOptions, HttpResult } from 'shared/http'

/**
 * What an endpoint function resolves with. `notified` tells the screen whether the request helper has
 * already toasted the failure, so nobody shows the same message twice.
 */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; message: string; notified: boolean }

export const MALFORMED_MESSAGE = 'The server sent an unexpected response. Please try again later.'

/** A successful call's data through `parse`; a failed call keeps the helper's message. */
export function toApiResult<T>(
  result: HttpResult<unknown>,
  options: CallOptions,
  parse: (data: unknown) => T | null,
): ApiResult<T> {
  if (!result.success) return { ok: false, message: result.message, notified: !options.silent }
  const data = parse(result.data)
  return data === null ? { ok: false, message: MALFORMED_MESSAGE, notified: false } : { ok: true, data }
}

/** A plain object, or null for anything else (arrays included). */
export function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

/** Strings (trimmed) and finite numbers as text; anything else is ''. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return ''
}

/** A finite number from a number or a numeric string, else null. */
export function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value)
  return null
}

/** The spec's "nonzero" flags: 1, '1', true are on; 0, '0', missing or junk are off. */
export function asFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return value
  const n = asNumber(value)
  return n !== null && n !== 0
}

export interface Option {
  title: string
  value: string
}

/** title/value pairs; entries without a value are dropped, a missing title shows the value. */
export function asOptions(value: unknown): Option[] {
  return asArray(value).flatMap((entry) => {
    const record = asRecord(entry)
    if (!record) return []
    const optionValue = asText(record.value)
    if (optionValue === '') return []
    return [{ title: asText(record.title) || optionValue, value: optionValue }]
  })
}

/** title/value rows shown as they come; a row with neither is dropped. */
export function asRows(value: unknown): Option[] {
  return asArray(value).flatMap((entry) => {
    const record = asRecord(entry)
    if (!record) return []
    const row = { title: asText(record.title), value: asText(record.value) }
    return row.title === '' && row.value === '' ? [] : [row]
  })
}

const IMAGE_URL = /^(https?:\/\/|\/(?!\/)|blob:|data:image\/)/i

/** An image source the page may show: http(s), a path on this origin, a blob or an inline image. */
export function isImageUrl(value: string): boolean {
  return IMAGE_URL.test(value)
}

/**
 * Image lists arrive as arrays or as comma-joined strings. Inline `data:` images contain commas
 * themselves, so a piece that does not start a new URL belongs to the previous one.
 */
export function asImageList(value: unknown): string[] {
  let pieces: string[]
  if (Array.isArray(value)) pieces = value.map(asText)
  else if (typeof value === 'string') {
    pieces = []
    for (const piece of value.split(',')) {
      const trimmed = piece.trim()
      if (pieces.length > 0 && trimmed !== '' && !IMAGE_URL.test(trimmed)) {
        pieces[pieces.length - 1] += `,${piece}`
      } else pieces.push(trimmed)
    }
  } else pieces = []
  return pieces.filter((url) => url !== '' && isImageUrl(url))
}
