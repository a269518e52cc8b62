import { useCallback, useState } from 'react'
import type { RemoteProps } from 'shared/contract'
import { formatPesos } from 'shared/format'
import type { ApiResult } from 'shared/schema'
import { ServerImage, usePageOrigin } from 'shared/ui'
import { Skeleton } from 'shared/ui/screen-parts'
import { useLoad } from 'shared/ui/use-load'
import { MESSAGES } from '../../content/messages'
import { CopyButton } from '../../components/copy-button'
import { PAGE_SHAPE, PageMessage } from '../../components/screen-parts'
import { readCodePage, type CodePage } from './code-query'

const m = MESSAGES.code

/**
 * Repayment by code (`/repaymentOfCode?showType&payCode&payCodeImg&repayAmount`). What it shows is its link,
 * read as a load (ADR 0057): its first frame, rendered where no link is known, is the loading state, and the
 * render service, which knows the link, sends the pay code in the page.
 */
export function RepaymentCodeScreen(props: RemoteProps) {
  const { showType = '', payCode = '', payCodeImg = '', repayAmount = '' } = props.query
  const { imageHosts } = props.settings
  const pageOrigin = usePageOrigin()
  const load = useCallback(async (): Promise<ApiResult<CodePage>> => {
    const page = readCodePage({ showType, payCode, payCodeImg, repayAmount }, imageHosts, pageOrigin)
    return page ? { ok: true, data: page } : { ok: false, message: m.badLink, notified: false }
  }, [showType, payCode, payCodeImg, repayAmount, imageHosts, pageOrigin])
  const { state } = useLoad(load)
  if (state.status === 'loading') return <Skeleton label={MESSAGES.common.loading} heights={PAGE_SHAPE} />
  if (state.status === 'error') return <PageMessage text={state.message} />
  const page = state.data
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
