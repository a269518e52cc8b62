import * as v from 'valibot'

const IMAGE_URL = /^(https?:\/\/|\/(?!\/)|blob:|data:image\/)/i

/** An image source the page may show: http(s), a path on this origin, a blob or an inline image. */
export function isImageUrl(value: string): boolean {
  return IMAGE_URL.test(value)
}

/**
 * Image lists arrive as arrays or as comma-joined strings. Inline `data:` images contain commas
 * themselves, so a piece that does not start a new URL belongs to the previous one.
 */
export function splitImageList(value: string | (string | number)[]): string[] {
  let pieces: string[]
  if (typeof value !== 'string') pieces = value.map((piece) => String(piece).trim())
  else {
    pieces = []
    for (const piece of value.split(',')) {
      const trimmed = piece.trim()
      if (pieces.length > 0 && trimmed !== '' && !IMAGE_URL.test(trimmed)) {
        pieces[pieces.length - 1] += `,${piece}`
      } else pieces.push(trimmed)
    }
  }
  return pieces.filter((url) => url !== '' && isImageUrl(url))
}

/** An image list field: sources that are not images are left out; [] when missing or malformed. */
export const imageList = v.optional(
  v.pipe(v.union([v.string(), v.array(v.union([v.string(), v.number()]))]), v.transform(splitImageList)),
  [],
)
