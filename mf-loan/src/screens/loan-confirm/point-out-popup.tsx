import type { RemoteProps } from 'shared/contract'
import type { LoanConfirm } from '../../api/loan-confirm'
import { CONFIRM_MESSAGES as m } from '../../content/messages'
import { Modal } from '../../components/screen-parts'
import { CloseWebviewButton } from './close-webview-button'

interface PointOutPopupProps {
  loan: Pick<LoanConfirm, 'popTitle' | 'popContent'>
  bridge: RemoteProps['bridge']
  onAgree: () => void
}

/** 'Point out': what the app's back shows when the server asks for it (`isPopType` 1), with Cancel and Agree. */
export function PointOutPopup({ loan, bridge, onAgree }: PointOutPopupProps) {
  return (
    <Modal title={m.pointOut.title}>
      {loan.popTitle && <p className="loan-modal__text loan-modal__strong">{loan.popTitle}</p>}
      <p className="loan-modal__text">{loan.popContent}</p>
      <div className="loan-modal__actions">
        <CloseWebviewButton bridge={bridge} label={m.pointOut.cancel} />
        <button type="button" className="ui-button" onClick={onAgree}>
          {m.pointOut.agree}
        </button>
      </div>
    </Modal>
  )
}
