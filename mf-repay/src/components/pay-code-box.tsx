import { ServerImage } from 'shared/ui'
import type { DefDetail } from '../api/repay-detail'
import { MESSAGES } from '../content/messages'
import { CopyButton } from './copy-button'

/** The default pay code, shown only when the server gave one. */
export function PayCodeBox({ detail, onSteps }: { detail: DefDetail; onSteps: () => void }) {
  if (!detail.payCode) return null
  return (
    <section className="repay-card repay-code" aria-label={detail.title || MESSAGES.payCode.label}>
      <div className="repay-code__head">
        <ServerImage className="repay-code__logo" src={detail.logo} fetchPriority="low" />
        <span className="repay-code__title">{detail.title}</span>
      </div>
      <div className="repay-code__row">
        <span className="repay-code__label">{MESSAGES.payCode.label}</span>
        <strong className="repay-code__value">{detail.payCode}</strong>
        <CopyButton value={detail.payCode} label={`${MESSAGES.payCode.copy} ${MESSAGES.payCode.label}`} />
      </div>
      <button type="button" className="repay-link" onClick={onSteps}>
        {MESSAGES.payCode.steps}
      </button>
    </section>
  )
}

/** The guidance banner (isShowReyTop 1) that leads to the payment instructions. */
export function GuideBanner({ onOpen }: { onOpen: () => void }) {
  return (
    <button type="button" className="repay-banner" onClick={onOpen}>
      {MESSAGES.repay.banner}
    </button>
  )
}
