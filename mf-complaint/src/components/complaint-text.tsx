import { useId, type ReactNode } from 'react'
import { LIMITS, MESSAGES } from '../content/messages'

interface ComplaintTextProps {
  label: string
  value: string
  /** What the borrower types; without it the text is only shown (a complaint already sent). */
  onChange?: (value: string) => void
  placeholder?: string
  disabled?: boolean
  /** Below the text, in the same card (the complaint's pictures). */
  children?: ReactNode
}

/** A complaint's text in its card: the labelled text box and how many of the allowed characters it has. */
export function ComplaintText({
  label,
  value,
  onChange,
  placeholder,
  disabled,
  children,
}: ComplaintTextProps) {
  const id = useId()
  const counterId = useId()
  return (
    <section className="complaint-card">
      <label className="complaint-section-title" htmlFor={id}>
        {label}
      </label>
      <div className="complaint-textarea">
        <textarea
          id={id}
          className="complaint-textarea__input"
          rows={6}
          value={value}
          placeholder={placeholder}
          aria-describedby={counterId}
          disabled={disabled}
          readOnly={!onChange}
          onChange={onChange && ((event) => onChange(event.target.value))}
        />
        <span id={counterId} className="complaint-textarea__counter" aria-live="polite">
          {MESSAGES.common.counter(Array.from(value).length, LIMITS.detailMax)}
        </span>
      </div>
      {children}
    </section>
  )
}
