import type { UploadRefusal } from 'shared/image'
import { MESSAGES } from '../../content/messages'

const m = MESSAGES.form

/**
 * The photo resizer (shared/image) is its own chunk, fetched after the form has painted or on the first pick,
 * so it is not part of the form's first download (ADR 0008). One object, so a test can make the download fail.
 */
export const photoChunk = { load: () => import('shared/image') }

const REFUSALS: Record<UploadRefusal, string> = {
  'not-image': m.notImage,
  unreadable: m.imageUnreadable,
  'too-large': m.imageTooLarge,
}

export type PreparedPhoto = { ok: true; file: File } | { ok: false; message: string }

/** A picked file made fit for upload (shared/image's prepareUpload), or why it cannot be sent. */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  // Not remembered: the next pick calls import() again, so a download that failed once can still succeed.
  const resizer = await photoChunk.load().catch(() => null)
  if (!resizer) return { ok: false, message: MESSAGES.common.openFailed }
  const prepared = await resizer.prepareUpload(file)
  return prepared.ok ? prepared : { ok: false, message: REFUSALS[prepared.reason] }
}
