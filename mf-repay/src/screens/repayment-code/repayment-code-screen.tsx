import { useState } from 'react'
import type { RemoteProps } from 'shared/contract'
import { formatPesos } from 'shared/format'
import { ServerImage } from 'shared/ui'
import { MESSAGES } from '../../content/messages'
import { CopyButton } from '../../components/copy-button'
import { PageMessage } from '../../components/screen-parts'
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
          {/* A picture the page may not show ('') is a grey box: the code is what the borrower pays with. */}
          {page.image !== null && (
            <ServerImage className="repay-code__channel" src={page.image} alt={m.channelImage} />
          )}
          <div className="repay-code__row">
            <span className="repay-code__label">{MESSAGES.payCode.label}</span>
            <strong className="repay-code__value">{page.payCode}</strong>
            <CopyButton value={page.payCode} label={`${MESSAGES.payCode.copy} ${MESSAGES.payCode.label}`} />
          </div>
        </section>
      ) : (
        <QrCode image={page.image} />
      )}
    </div>
  )
}

/**
 * The QR picture with the scan-to-pay tips. One that may not show, or fails to load, is a grey box with a
 * way out instead of tips under nothing: pay another way, or ask customer service.
 */
function QrCode({ image }: { image: string }) {
  const [failed, setFailed] = useState(false)
  const shown = image !== '' && !failed
  return (
    // A picture's error event reaches the section through React's tree (ServerImage then shows its box).
    <section className="repay-card" aria-label={m.qrImage} onError={() => setFailed(true)}>
      <div className="repay-qr__frame">
        <ServerImage className="repay-qr" src={image} alt={m.qrImage} />
      </div>
      {shown ? (
        <ol className="repay-steps">
          {m.scanTips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ol>
      ) : (
        <p className="repay-code__unavailable">{m.qrUnavailable}</p>
      )}
    </section>
  )
}
