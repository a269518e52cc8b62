import type { RemoteProps } from 'shared/contract'
import { CONFIRM_MESSAGES as m } from '../../content/messages'
import { LoanModal } from '../../components/loan-modal'
import { AgreementDocument } from './agreement-document'

interface AgreementPopupProps {
  /** The agreement's address (`popAgreementUrl`). */
  url: string
  settings: RemoteProps['settings']
  /** 'Cancel': the app closes the web view. */
  onCancel: () => void
  onAgree: () => void
  onReadAgreement: () => void
}

/** The full-screen agreement pop-up: the agreement, 'Cancel' and 'Agree'. */
export function AgreementPopup({ url, settings, onCancel, onAgree, onReadAgreement }: AgreementPopupProps) {
  return (
    <LoanModal title={m.agreementPopup.title} fullScreen>
      <AgreementDocument url={url} settings={settings} onRead={onReadAgreement} />
      <div className="loan-modal__actions">
        <button type="button" className="loan-button loan-button--ghost" onClick={onCancel}>
          {m.agreementPopup.cancel}
        </button>
        <button type="button" className="loan-button" onClick={onAgree}>
          {m.agreementPopup.agree}
        </button>
      </div>
    </LoanModal>
  )
}
