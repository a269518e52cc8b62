import { useEffect, useId, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

interface ComplaintModalProps {
  title: string
  children?: ReactNode
  /** Extra class for the dialog box. */
  className?: string
}

/**
 * A centred modal over the page. It is open while rendered; the caller decides when to render it.
 * Rendered into the body so it covers the whole web view whatever container the shell gives us.
 */
export function ComplaintModal({ title, children, className }: ComplaintModalProps) {
  const titleId = useId()
  const box = useRef<HTMLDivElement>(null)

  useEffect(() => {
    // Screen readers and keyboards should land in the dialog, not stay on the page behind it.
    box.current?.focus()
  }, [])

  return createPortal(
    <div className="complaint-modal">
      <div
        ref={box}
        className={['complaint-modal__box', className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="complaint-modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  )
}
