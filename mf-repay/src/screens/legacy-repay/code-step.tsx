import { useEffect, useId, useState } from 'react'
import { showToast } from 'shared/ui'
import { MESSAGES } from '../../content/messages'
import { Modal } from '../../components/screen-parts'

const m = MESSAGES.legacy

/** Seconds before the code may be sent again. */
export const RESEND_SECONDS = 60
/** The shortest code the confirm call is sent with. */
export const MIN_CODE_LENGTH = 6

interface CodeStepProps {
  busy: boolean
  onConfirm: (code: string) => void
  /** Asks for a new code; resolves true when it was sent (the countdown then starts again). */
  onResend: () => Promise<boolean>
  onCancel: () => void
}

/**
 * The verification-code step: the code was sent as it opened, so 'Send again' waits RESEND_SECONDS (shown
 * as 'Ns'). Cancelling unmounts it, so the next opening counts from the start again.
 */
export function CodeStep({ busy, onConfirm, onResend, onCancel }: CodeStepProps) {
  const inputId = useId()
  const [code, setCode] = useState('')
  const [seconds, setSeconds] = useState(RESEND_SECONDS)
  const [resending, setResending] = useState(false)

  useEffect(() => {
    if (seconds === 0) return
    const timer = window.setTimeout(() => setSeconds((value) => value - 1), 1000)
    return () => window.clearTimeout(timer)
  }, [seconds])

  const resend = async () => {
    setResending(true)
    const sent = await onResend()
    setResending(false)
    if (sent) setSeconds(RESEND_SECONDS)
  }

  const confirm = () => {
    const value = code.trim()
    if (value.length < MIN_CODE_LENGTH) {
      showToast(m.badCode)
      return
    }
    onConfirm(value)
  }

  return (
    <Modal title={m.codeTitle}>
      <p className="legacy-code__hint">{m.codeHint}</p>
      <div className="legacy-code__row">
        <label className="legacy-code__label" htmlFor={inputId}>
          {m.codeLabel}
        </label>
        <input
          id={inputId}
          className="legacy-code__input"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <button
          type="button"
          className="ui-button ui-button--ghost legacy-code__resend"
          disabled={seconds > 0 || resending || busy}
          onClick={() => void resend()}
        >
          {seconds > 0 ? m.countdown(seconds) : m.resend}
        </button>
      </div>
      <div className="repay-sheet__actions">
        <button type="button" className="ui-button ui-button--ghost" disabled={busy} onClick={onCancel}>
          {m.cancel}
        </button>
        <button type="button" className="ui-button" disabled={busy} onClick={confirm}>
          {m.confirm}
        </button>
      </div>
    </Modal>
  )
}
