import type { RemoteProps } from 'shared/contract'
import type { LoanConfirm } from '../../api/loan-confirm'
import { CONFIRM_MESSAGES as m } from '../../content/messages'
import { Modal } from '../../components/screen-parts'
import { AgreementDocument } from './agreement-document'
import { CloseWebviewButton } from './close-webview-button'
import { PointOutPopup } from './point-out-popup'

export type ConfirmDialog = 'agreement' | 'promotion'

interface ConfirmDialogsProps {
  loan: LoanConfirm
  bridge: RemoteProps['bridge']
  settings: RemoteProps['settings']
  /** The queued dialog showing (the agreement first, then the offer), if any. */
  dialog: ConfirmDialog | undefined
  close: (dialog: ConfirmDialog) => void
  /** The borrower pressed the app's back while the server asks to point out the loan. */
  pointOut: boolean
  onPointOutAgree: () => void
  onReadAgreement: () => void
}

/** The confirmation's dialogs: the agreement to accept, the offer (v2), and the back button's notice. */
export function ConfirmDialogs({
  loan,
  bridge,
  settings,
  dialog,
  close,
  pointOut,
  onPointOutAgree,
  onReadAgreement,
}: ConfirmDialogsProps) {
  return (
    <>
      {dialog === 'agreement' && (
        <Modal title={m.agreementPopup.title} fullScreen>
          <AgreementDocument url={loan.popAgreementUrl} settings={settings} onRead={onReadAgreement} />
          <div className="loan-modal__actions">
            <CloseWebviewButton bridge={bridge} label={m.agreementPopup.cancel} />
            <button type="button" className="ui-button" onClick={() => close('agreement')}>
              {m.agreementPopup.agree}
            </button>
          </div>
        </Modal>
      )}
      {dialog === 'promotion' && (
        // The offer and its text are the loan's data: it comes with the page rendered with it (ADR 0057).
        <Modal title={m.promotion.title} inPage>
          <p className="loan-modal__text">{loan.popMsg}</p>
          <div className="loan-modal__actions">
            <button type="button" className="ui-button" onClick={() => close('promotion')}>
              {m.promotion.close}
            </button>
          </div>
        </Modal>
      )}
      {pointOut && <PointOutPopup loan={loan} bridge={bridge} onAgree={onPointOutAgree} />}
    </>
  )
}
