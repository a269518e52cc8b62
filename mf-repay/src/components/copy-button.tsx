import { showInfo, showToast } from 'shared/ui'
import { MESSAGES } from '../app/messages'
import { copyText } from './copy'

/** Copies a code the borrower pays with and says so ('copy success'). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const copy = async () => {
    if (await copyText(value)) showInfo(MESSAGES.payCode.copied)
    else showToast(MESSAGES.payCode.copyFailed)
  }
  return (
    <button type="button" className="repay-copy" aria-label={label} onClick={() => void copy()}>
      {MESSAGES.payCode.copy}
    </button>
  )
}
