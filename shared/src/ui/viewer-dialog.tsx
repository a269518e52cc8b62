import { useEffect, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useAfterFirstFrame } from './first-render'
import { useModalFocus } from './modal-focus'

interface ViewerDialogProps {
  visible: boolean
  /** Names the dialog: what picture it shows. */
  label: string
  closeLabel: string
  /** The dialog's and its close button's classes, for the remote's own look (it is rendered into the body). */
  className?: string
  closeClassName?: string
  onClose: () => void
  /** The viewer itself, rendered into `container` (antd-mobile's ImageViewer `getContainer`). */
  children: (container: HTMLElement) => ReactNode
}

/**
 * A full-screen picture viewer as a modal dialog. antd-mobile's ImageViewer puts everything, its footer too,
 * inside its mask, which is `aria-hidden`: a close button there is a focusable control screen readers cannot
 * see (axe's aria-hidden-focus), and a tap on the picture is its only other way out. So the viewer renders
 * into this dialog, whose own close button sits outside the mask; Escape closes too, and focus stays in the
 * dialog while it is open and returns to the thumbnail afterwards.
 */
export function ViewerDialog({
  visible,
  label,
  closeLabel,
  className,
  closeClassName,
  onClose,
  children,
}: ViewerDialogProps) {
  const box = useRef<HTMLDivElement>(null)
  const [container, setContainer] = useState<HTMLElement | null>(null)
  useModalFocus(box, visible)
  useEffect(() => {
    if (!visible) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [visible, onClose])
  // Rendered into the body, which a first frame rendered at release time (ADR 0018) has none of: the portal
  // comes right after hydration (it shows nothing until a picture is opened).
  const onPage = useAfterFirstFrame(true, false)
  if (!onPage) return null
  return createPortal(
    <div
      ref={box}
      className={className}
      role={visible ? 'dialog' : undefined}
      aria-modal={visible ? true : undefined}
      aria-label={visible ? label : undefined}
      tabIndex={-1}
      // While open it covers the web view as the viewer does (a dialog of no size counts as not shown), and
      // lets touches through to the viewer below.
      style={
        visible
          ? { position: 'fixed', inset: 0, zIndex: 1000, pointerEvents: 'none', outline: 'none' }
          : undefined
      }
    >
      <div ref={setContainer} style={{ pointerEvents: 'auto' }} />
      {container && children(container)}
      {visible && (
        <div
          style={{
            position: 'fixed',
            left: 0,
            right: 0,
            bottom: 'calc(16px + env(safe-area-inset-bottom))',
            // Above the viewer's mask (antd-mobile's --z-index, 1000).
            zIndex: 1010,
            display: 'flex',
            justifyContent: 'center',
            pointerEvents: 'auto',
          }}
        >
          <button type="button" className={closeClassName} onClick={onClose}>
            {closeLabel}
          </button>
        </div>
      )}
    </div>,
    document.body,
  )
}
