import { useLayoutEffect, useState } from 'react'
import { documentInFrame } from 'shared/navigation'
import { CONFIRM_MESSAGES } from '../../content/messages'

const m = CONFIRM_MESSAGES.agreementPopup

/**
 * How long the agreement may take to load before the pop-up offers its link as well: the shell's wait for a
 * remote's mount (ADR 0014). The frame stays: a page still loading its pictures may be readable already.
 */
export const AGREEMENT_LOAD_MS = 10_000

/** The frame's page keeps its own origin and scripts, and can never open windows or take this page away. */
export const AGREEMENT_SANDBOX = 'allow-scripts allow-same-origin'

type Shown = 'loading' | 'loaded' | 'slow' | 'blocked'

interface AgreementDocumentProps {
  /** `popAgreementUrl`. */
  url: string
  settings: { allowedHosts: readonly string[] }
  /** Opens the agreement through the guard: the way to it when it cannot be shown here. */
  onRead: () => void
}

/**
 * The agreement inside the full-screen pop-up (ADR 0034): the document at `popAgreementUrl` in a sandboxed
 * frame, when the guard would open it in the browser. Its link instead when the guard refuses it or the CSP
 * blocks the frame, and beside the frame when it has not loaded in `AGREEMENT_LOAD_MS`.
 */
export function AgreementDocument({ url, settings, onRead }: AgreementDocumentProps) {
  const src = documentInFrame(url, settings)
  const [shown, setShown] = useState<Shown>('loading')

  // In the commit that inserts the frame, before its load can report anything: a violation is a later task.
  useLayoutEffect(() => {
    if (!src) return
    const timer = setTimeout(() => setShown((now) => (now === 'loading' ? 'slow' : now)), AGREEMENT_LOAD_MS)
    // A frame the CSP refuses still fires `load` (with the browser's error page): only this event says so.
    const refused = (event: SecurityPolicyViolationEvent) => {
      if (/^(frame|child|default)-src/.test(event.effectiveDirective) && sameOrigin(event.blockedURI, src)) {
        setShown('blocked')
      }
    }
    document.addEventListener('securitypolicyviolation', refused)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('securitypolicyviolation', refused)
    }
  }, [src])

  const link = (
    <button type="button" className="loan-link loan-modal__read" onClick={onRead}>
      {m.read}
    </button>
  )
  if (!src || shown === 'blocked') {
    return (
      <>
        <p className="loan-modal__text">{m.text}</p>
        {link}
      </>
    )
  }
  return (
    <div className="loan-agreement">
      {shown === 'loading' && (
        <p className="loan-agreement__status" role="status">
          {m.loading}
        </p>
      )}
      <iframe
        className="loan-agreement__frame"
        title={m.document}
        src={src}
        sandbox={AGREEMENT_SANDBOX}
        referrerPolicy="no-referrer"
        onLoad={() => setShown((now) => (now === 'blocked' ? now : 'loaded'))}
      />
      {shown === 'slow' && (
        <div className="loan-agreement__slow">
          <p className="loan-modal__text">{m.slow}</p>
          {link}
        </div>
      )}
    </div>
  )
}

function sameOrigin(reported: string, src: string): boolean {
  try {
    return new URL(reported).origin === new URL(src).origin
  } catch {
    return false
  }
}
