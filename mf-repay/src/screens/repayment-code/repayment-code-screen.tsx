import type { RemoteProps } from 'shared/contract'
import { formatPesos } from 'shared/format'
import { MESSAGES } from '../../app/messages'
import { CopyButton } from '../../components/copy-button'
import { PageMessage } from '../../components/load-state'
import { readCodePage } from './code-query'

const m = MESSAGES.code

/** Repayment by code (`/repaymentOfCode?showType&payCode&payCodeImg&repayAmount`). */
export function RepaymentCodeScreen(props: RemoteProps) {
  const page = readCodePage(props.query, props.settings.imageHosts)
  if (!page) return <PageMessage text={m.badLink} />
  return (
    <div className="repay-page">
      {page.amount && (
        <section className="repay-title" aria-labelledby="code-amount">
          <p className="repay-title__label">{m.amount}</p>
          <h1 id="code-amount" className="repay-title__amount">
            {formatPesos(page.amount, { rupee: props.settings.rupee })}
          </h1>
        </section>
      )}
      {page.kind === 'code' ? (
        <section className="repay-card repay-code" aria-label={MESSAGES.payCode.label}>
          {page.image && <img className="repay-code__channel" src={page.image} alt={m.channelImage} />}
          <div className="repay-code__row">
            <span className="repay-code__label">{MESSAGES.payCode.label}</span>
            <strong className="repay-code__value">{page.payCode}</strong>
            <CopyButton value={page.payCode} label={`${MESSAGES.payCode.copy} ${MESSAGES.payCode.label}`} />
          </div>
        </section>
      ) : (
        <section className="repay-card" aria-label={m.qrImage}>
          <img className="repay-qr" src={page.image} alt={m.qrImage} />
          <ol className="repay-steps">
            {m.scanTips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ol>
        </section>
      )}
    </div>
  )
}
