import type { RemoteProps } from 'shared/contract'
import { pageOrder } from 'shared/session'
import { formatPesos } from 'shared/format'
import { ServerImage } from 'shared/ui'
import { MESSAGES } from '../../content/messages'
import { CopyButton } from '../../components/copy-button'
import { PageMessage } from '../../components/screen-parts'
import { readRepayInfo } from '../../components/repay-info'

const m = MESSAGES.code

/**
 * Repayment by code (`/repaymentOfCode2`), from what the instalment or extension page stored for this page's
 * order (its query's, else the session's).
 */
export function RepaymentCode2Screen(props: RemoteProps) {
  const ids = pageOrder(props)
  const info = readRepayInfo(window.sessionStorage, ids)
  if (!info) {
    const query = new URLSearchParams(Object.entries(ids).filter(([, value]) => value !== '')).toString()
    const back = query ? `/repay?${query}` : '/repay'
    return (
      <PageMessage text={m.nothingStored}>
        <button type="button" className="ui-button ui-button--ghost" onClick={() => props.navigate(back)}>
          {m.backToRepay}
        </button>
      </PageMessage>
    )
  }
  const label = info.payCode ? MESSAGES.payCode.label : MESSAGES.payCode.contract
  const value = info.payCode || info.orderId
  return (
    <div className="repay-page">
      <section className="repay-card repay-code" aria-label={label}>
        {/* The logo of the server's default pay details: any https origin; else a grey box (ADR 0022). */}
        <ServerImage className="repay-code__logo" src={info.logo} fetchPriority="low" />
        <div className="repay-code__row">
          <span className="repay-code__label">{label}</span>
          <strong className="repay-code__value">{value}</strong>
          <CopyButton value={value} label={`${MESSAGES.payCode.copy} ${label}`} />
        </div>
        {info.amount && (
          <p className="repay-code__row">
            <span className="repay-code__label">{m.amount}</span>
            <strong>{formatPesos(info.amount, { rupee: props.settings.rupee })}</strong>
          </p>
        )}
      </section>
      {info.notices.length > 0 && (
        <section className="repay-card" aria-labelledby="code2-notices">
          <h2 id="code2-notices" className="repay-card__title">
            {m.notices}
          </h2>
          {info.notices.map((group) => (
            <section key={group.group} aria-label={group.group}>
              <h3 className="repay-notices__group">{group.group}</h3>
              {group.entries.map((entry, index) => (
                <div key={`${entry.name}-${index}`}>
                  <h4 className="repay-notices__name">{entry.name}</h4>
                  <ol className="repay-steps">
                    {entry.steps.map((step, stepIndex) => (
                      <li key={stepIndex}>{step}</li>
                    ))}
                  </ol>
                </div>
              ))}
            </section>
          ))}
        </section>
      )}
    </div>
  )
}
