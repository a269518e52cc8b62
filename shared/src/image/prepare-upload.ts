import { UPLOAD_MAX_BYTES, UPLOAD_MAX_SIDE_PX } from '../http/limits'
import { browserImageCodec, type DecodedImage, type ImageCodec } from './browser-codec'

export type { DecodedImage, ImageCodec } from './browser-codec'

/**
 * A picked file at or under this weight that is already within UPLOAD_MAX_SIDE_PX is sent as it is: resizing
 * gives a 1600 px photo of about 0.3–0.8 MB, so re-encoding a lighter file would cost quality for no gain.
 */
export const KEEP_AS_IS_MAX_BYTES = 1024 * 1024

/** Tried in order: the second only when the first is still over UPLOAD_MAX_BYTES (a very detailed photo). */
export const JPEG_QUALITIES = [0.85, 0.7] as const

/** Formats every browser and web view shows, so a file in one of them can be sent unchanged. */
const SENDABLE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif'])

/**
 * Why a picked file is not sent: `not-image` (another kind of file), `unreadable` (an image this browser cannot
 * decode, e.g. HEIC on a desktop browser, or a damaged file), `too-large` (over UPLOAD_MAX_BYTES even after
 * resizing, or where the browser cannot resize).
 */
export type UploadRefusal = 'not-image' | 'unreadable' | 'too-large'

export type PreparedUpload = { ok: true; file: File } | { ok: false; reason: UploadRefusal }

/**
 * Makes a picked photo fit for upload: decoded the way it is shown (EXIF orientation applied), scaled so its
 * longest side is at most UPLOAD_MAX_SIDE_PX, and re-encoded as JPEG. A file that is already small enough
 * (KEEP_AS_IS_MAX_BYTES, within the side limit, a format every browser shows) is kept as it is, as is a
 * file that re-encoding would not make lighter. Never rejects: a file that cannot be sent resolves with why.
 */
export async function prepareUpload(
  file: File,
  codec: ImageCodec = browserImageCodec,
): Promise<PreparedUpload> {
  const declared = file.type.toLowerCase()
  // Some pickers give no type at all; decoding then decides whether it is a picture.
  if (declared !== '' && !declared.startsWith('image/')) return refuse('not-image')
  const fits = file.size <= UPLOAD_MAX_BYTES
  if (!codec.supported) return fits ? { ok: true, file } : refuse('too-large')

  let image: DecodedImage
  try {
    image = await codec.decode(file)
  } catch {
    return refuse(declared === '' ? 'not-image' : 'unreadable')
  }
  try {
    const longest = Math.max(image.width, image.height)
    const sendable = fits && longest <= UPLOAD_MAX_SIDE_PX && SENDABLE_TYPES.has(declared)
    if (sendable && file.size <= KEEP_AS_IS_MAX_BYTES) return { ok: true, file }

    const scale = Math.min(1, UPLOAD_MAX_SIDE_PX / longest)
    const width = Math.max(1, Math.round(image.width * scale))
    const height = Math.max(1, Math.round(image.height * scale))
    for (const quality of JPEG_QUALITIES) {
      let encoded: Blob
      try {
        encoded = await codec.encode(image, width, height, quality)
      } catch {
        return sendable ? { ok: true, file } : refuse('unreadable')
      }
      if (sendable && encoded.size >= file.size) return { ok: true, file }
      if (encoded.size <= UPLOAD_MAX_BYTES) {
        return { ok: true, file: new File([encoded], jpegName(file.name), { type: 'image/jpeg' }) }
      }
    }
    return refuse('too-large')
  } finally {
    image.close()
  }
}

function refuse(reason: UploadRefusal): PreparedUpload {
  return { ok: false, reason }
}

/** The picked file's name with a .jpg extension, so the server sees what it gets. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '')
  return `${base || 'photo'}.jpg`
}
