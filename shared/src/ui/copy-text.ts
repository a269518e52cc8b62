import { showInfo, showToast } from './toasts'

/**
 * Puts `text` on the clipboard. The async Clipboard API needs a secure context and, in some web views, a
 * permission; the selection fallback covers older web views. Resolves false when neither worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Refused or unavailable: try the selection below.
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  Object.assign(area.style, { position: 'fixed', opacity: '0', top: '0', left: '0' })
  document.body.append(area)
  area.select()
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy')
  } catch {
    return false
  } finally {
    area.remove()
  }
}

/** What a copy tells the borrower: the remote's own strings (the spec's 'copy success' when it worked). */
export interface CopyMessages {
  copied: string
  /** Where nothing could be copied: what to do instead (write it down). */
  failed: string
}

/** Copies `text` and says whether it worked, so a copy tap never ends in silence. */
export async function copyAndTell(text: string, messages: CopyMessages): Promise<boolean> {
  const copied = await copyText(text)
  if (copied) showInfo(messages.copied)
  else showToast(messages.failed)
  return copied
}
