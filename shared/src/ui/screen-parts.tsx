import DotLoading from 'antd-mobile/es/components/dot-loading'
import { useId, type ComponentType, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useAfterFirstFrame } from './first-render'
import { ModalBox } from './modal-focus'
import type { LoadFailedProps } from './on-demand'
// An entry of its own (`shared/ui/screen-parts`), not part of `shared/ui`: every module of `shared/ui` is in the
// bundle of each app that imports it, so mf-site and mf-promotion, which use no part, would ship this
// stylesheet in every first frame.
import './ui.css'

/** What a failed load says, in the remote's own words (its messages file). */
export interface PartWords {
  loadFailed: string
  retry: string
}

/** What an overlay whose code could not be downloaded says. */
export interface OverlayWords {
  openFailed: string
  close: string
  retry: string
}

/**
 * Where a modal sits: centred over a scrim, a sheet at the bottom over a scrim, or a card floating over the
 * page with no scrim (the page stays in view and takes taps).
 */
export type ModalPlace = 'centre' | 'bottom' | 'float'

/**
 * A remote's own look for a part, as the block of its stylesheet's classes (`complaint-error` styles
 * `complaint-error` and `complaint-error__text`); a part left out keeps the shared look of ui.css. A modal's
 * box is always the remote's: `loan-modal` styles `loan-modal__box`, `__title`, `__close`, `__actions`
 * (and `loan-modal--full`).
 */
export interface PartLooks {
  modal: string
  place?: ModalPlace
  /** Its buttons: `<block>` for the main action, `<block> <block>--ghost` for the other. */
  button?: string
  error?: string
  loading?: string
}

/** Holds a page's shape while it loads (one block per height), so nothing jumps when the data arrives. */
export function Skeleton({ label, heights }: { label: string; heights: readonly number[] }) {
  return (
    <div className="ui-skeleton" role="status" aria-live="polite" aria-label={label}>
      {heights.map((height, index) => (
        <div key={index} className="ui-skeleton__block" style={{ height }} />
      ))}
    </div>
  )
}

export interface ModalProps {
  /** Shown as the heading; without one, `label` names the dialog. */
  title?: string
  label?: string
  children?: ReactNode
  /** A close icon in the corner; none means only the dialog's own buttons close it. */
  onClose?: () => void
  closeLabel?: string
  /** Covers the whole web view (the remote's `<block>--full`). */
  fullScreen?: boolean
  /** An extra class for the box, for one dialog's own look. */
  boxClassName?: string
  /**
   * Part of the page: rendered where the screen renders it, on a server and in the render that hydrates it
   * too, instead of into the body once the screen is on the page. For a dialog the screen opens with its data
   * on its first render, which then comes with the page rendered with that data (ADR 0057); a fixed overlay,
   * it covers the web view from there as long as no container of the screen is transformed.
   */
  inPage?: boolean
}

export interface LoadErrorProps {
  message: string
  onRetry: () => void
  /** Words other than the remote's usual ones (a page in another language). */
  words?: PartWords
}

export interface ScreenParts {
  /** A page the borrower cannot use as it was opened (a broken link, nothing stored), with its reason. */
  PageMessage: ComponentType<{ text: string; children?: ReactNode }>
  /** A failed load in place of the page or its part: the server's message (or ours) and 'Try again'. */
  LoadError: ComponentType<LoadErrorProps>
  /**
   * A modal over the page, open while rendered; the caller decides when to render it. It has no backdrop tap:
   * the spec's dialogs close only through their own buttons. Rendered into the body so it covers the whole
   * web view whatever container the shell gives the remote.
   */
  Modal: ComponentType<ModalProps>
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ')

/** The screen parts in a remote's words and look: one set per remote, made once at module level. */
export function screenParts(words: PartWords, looks: PartLooks): ScreenParts {
  const error = looks.error ?? 'ui-error'
  const button = looks.button ?? 'ui-button'

  function PageMessage({ text, children }: { text: string; children?: ReactNode }) {
    return (
      <div className={error} role="alert">
        <p className={`${error}__text`}>{text}</p>
        {children}
      </div>
    )
  }

  function LoadError({ message, onRetry, words: own = words }: LoadErrorProps) {
    return (
      <PageMessage text={message || own.loadFailed}>
        <button type="button" className={`${button} ${button}--ghost`} onClick={onRetry}>
          {own.retry}
        </button>
      </PageMessage>
    )
  }

  return { PageMessage, LoadError, Modal: modalIn(looks) }
}

/**
 * Holds the place of content that is loading (antd-mobile's dots and the remote's word for it), so the page
 * does not jump when it arrives; a separate part, so that a remote drawing skeletons does not ship the dots.
 */
export function loadingBlock(
  words: { loading: string },
  looks: Pick<PartLooks, 'loading'> = {},
): ComponentType<{ minHeight?: number }> {
  const loading = looks.loading ?? 'ui-loading'
  return function LoadingBlock({ minHeight }: { minHeight?: number }) {
    return (
      <div
        className={loading}
        role="status"
        aria-live="polite"
        style={minHeight === undefined ? undefined : { minHeight }}
      >
        <DotLoading color="primary" />
        <span>{words.loading}</span>
      </div>
    )
  }
}

/**
 * The modal of `ScreenParts`, in a remote's look: a portal into the document's body, so none in a render on the
 * server (a first frame, or a screen rendered with the borrower's data, ADR 0054) nor in the render that
 * hydrates it; it opens right after (`useAfterFirstFrame`). A screen rendered afresh shows it at once.
 */
function modalIn({ modal, place = 'centre' }: PartLooks): ComponentType<ModalProps> {
  return function Modal({
    title,
    label,
    children,
    onClose,
    closeLabel,
    fullScreen,
    boxClassName,
    inPage = false,
  }: ModalProps) {
    const titleId = useId()
    const onPage = useAfterFirstFrame(true, false)
    if (!onPage && !inPage) return null
    const box = (
      <ModalBox
        className={classes(`${modal}__box`, boxClassName)}
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : label}
      >
        {onClose && (
          <button type="button" className={`${modal}__close`} aria-label={closeLabel} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        )}
        {title && (
          <h2 id={titleId} className={`${modal}__title`}>
            {title}
          </h2>
        )}
        {children}
      </ModalBox>
    )
    const overlay =
      place === 'float' ? (
        box
      ) : (
        <div
          className={classes(
            'ui-modal',
            place === 'bottom' && 'ui-modal--bottom',
            modal,
            fullScreen && `${modal}--full`,
          )}
        >
          {box}
        </div>
      )
    return inPage ? overlay : createPortal(overlay, document.body)
  }
}

/**
 * What an overlay loaded on demand (`onDemand` in shared/ui/on-demand) shows when its code could not be
 * downloaded: a modal in the remote's look saying so, with 'Close' and 'Try again'.
 */
export function loadFailedDialog(words: OverlayWords, looks: PartLooks): ComponentType<LoadFailedProps> {
  const Modal = modalIn(looks)
  const button = looks.button ?? 'ui-button'
  return function LoadFailed({ onRetry, onClose }: LoadFailedProps) {
    return (
      <Modal title={words.openFailed}>
        <div className={`${looks.modal}__actions`}>
          <button type="button" className={`${button} ${button}--ghost`} onClick={onClose}>
            {words.close}
          </button>
          <button type="button" className={button} onClick={onRetry}>
            {words.retry}
          </button>
        </div>
      </Modal>
    )
  }
}
