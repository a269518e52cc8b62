import { useEffect, useRef, type HTMLAttributes, type RefObject } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

function focusables(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[aria-hidden="true"], [inert], [hidden]'),
  )
}

/** Open dialogs, the last one on top: only the top one holds focus (a dialog may open over another). */
const openDialogs: HTMLElement[] = []

/**
 * A modal dialog's focus (WAI-ARIA dialog pattern): while `open`, focus moves into `box`, Tab and Shift+Tab
 * cycle through the dialog's controls and never reach the page behind it; on close, focus goes back to
 * what had it before (the control that opened the dialog), so a keyboard or screen reader user carries on
 * where they were.
 */
export function useModalFocus(box: RefObject<HTMLElement | null>, open = true): void {
  useEffect(() => {
    const dialog = box.current
    if (!open || !dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.contains(document.activeElement)) dialog.focus()
    openDialogs.push(dialog)

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || openDialogs[openDialogs.length - 1] !== dialog) return
      const items = focusables(dialog)
      if (items.length === 0) {
        event.preventDefault()
        dialog.focus()
        return
      }
      const first = items[0]
      const last = items[items.length - 1]
      const current = document.activeElement
      const inside = dialog.contains(current)
      if (event.shiftKey && (!inside || current === first || current === dialog)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (!inside || current === last)) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      openDialogs.splice(openDialogs.indexOf(dialog), 1)
      // Back to the opener unless the borrower has already moved on (a navigation took focus elsewhere).
      const lost = !document.activeElement || document.activeElement === document.body
      if (opener?.isConnected && (lost || dialog.contains(document.activeElement))) opener.focus()
    }
  }, [box, open])
}

type ModalBoxProps = HTMLAttributes<HTMLDivElement> & {
  /** For a dialog that stays rendered while closed (a popup keeps its content); true when it is not. */
  open?: boolean
}

/**
 * A modal dialog's box: `role="dialog"`, `aria-modal`, focusable itself, and focus held by `useModalFocus`.
 * It takes focus when it mounts, so a dialog whose content arrives later (an overlay's code loaded on
 * demand) gets it too. Name it with `aria-label` or `aria-labelledby`.
 */
export function ModalBox({ open = true, children, ...props }: ModalBoxProps) {
  const box = useRef<HTMLDivElement>(null)
  useModalFocus(box, open)
  return (
    <div ref={box} role="dialog" aria-modal="true" tabIndex={-1} {...props}>
      {children}
    </div>
  )
}
