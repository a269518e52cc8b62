import { copyAndTell } from 'shared/ui'
import { MESSAGES } from '../content/messages'

const COPY_MESSAGES = { copied: MESSAGES.payCode.copied, failed: MESSAGES.payCode.copyFailed }

/** Copies a code the borrower pays with and says so ('copy success'). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  return (
    <button
      type="button"
      className="repay-copy"
      aria-label={label}
      onClick={() => void copyAndTell(value, COPY_MESSAGES)}
    >
      {MESSAGES.payCode.copy}
    </button>
  )
}
