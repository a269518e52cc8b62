import { useCallback, useState } from 'react'
import type { RemoteProps } from 'shared/contract'
import { formatDateText, formatDetailValue, formatPesos } from 'shared/format'
import type { ApiResult } from 'shared/schema'
import { Skeleton } from 'shared/ui/screen-parts'
import { useLoad } from 'shared/ui/use-load'
import { getInstalment, type DetailLine, type Instalment, type OrderIds } from '../../api/repay-detail'
import { MESSAGES } from '../../app/messages'
import { LoadError, PAGE_SHAPE, PageMessage } from '../../components/screen-parts'
import { usePageOrder } from '../../components/order-ids'
import { GuideBanner, PayCodeBox } from '../../components/pay-code-box'
import { PaySection } from '../../components/pay-section'
import { ProductHead } from '../../components/product-head'
import { repayInfoOf, saveRepayInfo } from '../../components/repay-info'

const m = MESSAGES.repay

/** The detail list shows this many rows until 'more'. */
export const COLLAPSED_ROWS = 2

/** Instalment repayment (`/repay`). */
export function RepayScreen(props: RemoteProps) {
  const ids = usePageOrder(props)
  if (!ids) return <PageMessage text={MESSAGES.common.badLink} />
  return <InstalmentPage remote={props} ids={ids} />
}

function InstalmentPage({ remote, ids }: { remote: RemoteProps; ids: OrderIds }) {
  const { http } = remote
  const { productId, orderId } = ids
  const load = useCallback(async (): Promise<ApiResult<Instalment>> => {
    const result = await getInstalment(http, { productId, orderId })
    if (result.ok) {
      const { defDetail, repayAmount } = result.data
      // What /repaymentOfCode2 shows, should the borrower open it from the pay-code box.
      saveRepayInfo(window.sessionStorage, repayInfoOf(defDetail, { productId, orderId }, repayAmount))
    }
    return result
  }, [http, productId, orderId])
  const { state, retry } = useLoad(load)

  if (state.status === 'loading') return <Skeleton label={MESSAGES.common.loading} heights={PAGE_SHAPE} />
  if (state.status === 'error') return <LoadError message={state.message} onRetry={retry} />
  const data = state.data
  const rupee = remote.settings.rupee
  // Seconds, milliseconds, ISO or YYYY-MM-DD all show as YYYY-MM-DD; a number that is no date, not at all.
  const repayDate = formatDateText(data.repayDate)
  return (
    <div className="repay-page">
      <section className="repay-title" aria-labelledby="repay-amount">
        <p className="repay-title__label">{m.repayAmount}</p>
        <h1 id="repay-amount" className="repay-title__amount">
          {formatPesos(data.repayAmount, { rupee })}
        </h1>
        {repayDate && (
          <p className="repay-title__date">
            {m.repayDate}: <span>{repayDate}</span>
          </p>
        )}
      </section>
      {data.isShowReyTop && <GuideBanner onOpen={() => remote.navigate('/paymentInstructions')} />}
      <section className="repay-card" aria-label={m.details}>
        <ProductHead name={data.productName} logo={data.productLogo} />
        <DetailList lines={data.detail} rupee={rupee} />
      </section>
      <PayCodeBox detail={data.defDetail} onSteps={() => remote.navigate('/repaymentOfCode2')} />
      {data.noticeMsg && <p className="repay-notice">{data.noticeMsg}</p>}
      <PaySection
        remote={remote}
        ids={ids}
        channels={data.repayList}
        amount={data.repayAmount}
        delay={false}
      />
    </div>
  )
}

/** The detail rows, collapsed to two until 'more'; 'hide' collapses them again. */
function DetailList({ lines, rupee }: { lines: readonly DetailLine[]; rupee: boolean }) {
  const [expanded, setExpanded] = useState(false)
  if (lines.length === 0) return null
  const shown = expanded ? lines : lines.slice(0, COLLAPSED_ROWS)
  return (
    <>
      <dl className="repay-lines">
        {shown.map((line, index) => (
          <div className="repay-line" key={`${line.text}-${index}`}>
            <dt>{line.text}</dt>
            {/* Free text: a bare amount in the peso format, a timestamp as a date, words as they are. */}
            <dd>{formatDetailValue(line.value, { rupee })}</dd>
          </div>
        ))}
      </dl>
      {lines.length > COLLAPSED_ROWS && (
        <button
          type="button"
          className="repay-link repay-lines__toggle"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? m.hide : m.more}
        </button>
      )}
    </>
  )
}
