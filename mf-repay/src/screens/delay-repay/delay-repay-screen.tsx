import { useCallback } from 'react'
import type { RemoteProps } from 'shared/contract'
import { formatDateText, formatPesos } from 'shared/format'
import type { ApiResult } from 'shared/schema'
import { Skeleton } from 'shared/ui/screen-parts'
import { useLoad } from 'shared/ui/use-load'
import { getDelay, type Delay, type OrderIds, type PlanRow } from '../../api/repay-detail'
import { MESSAGES } from '../../app/messages'
import { LoadError, PAGE_SHAPE, PageMessage } from '../../components/screen-parts'
import { usePageOrder } from '../../components/order-ids'
import { GuideBanner, PayCodeBox } from '../../components/pay-code-box'
import { PaySection } from '../../components/pay-section'
import { ProductHead } from '../../components/product-head'
import { repayInfoOf, saveRepayInfo } from '../../components/repay-info'

const m = MESSAGES.delay

/** Extension (rollover) repayment (`/delayRepay`). */
export function DelayRepayScreen(props: RemoteProps) {
  const ids = usePageOrder(props)
  if (!ids) return <PageMessage text={MESSAGES.common.badLink} />
  return <ExtensionPage remote={props} ids={ids} />
}

function ExtensionPage({ remote, ids }: { remote: RemoteProps; ids: OrderIds }) {
  const { http } = remote
  const { productId, orderId } = ids
  const load = useCallback(async (): Promise<ApiResult<Delay>> => {
    const result = await getDelay(http, { productId, orderId })
    if (result.ok) {
      const { defDetail, delayInfo } = result.data
      // What /repaymentOfCode2 shows, should the borrower open it from the pay-code box.
      saveRepayInfo(
        window.sessionStorage,
        repayInfoOf(defDetail, { productId, orderId }, delayInfo.delayAmount),
      )
    }
    return result
  }, [http, productId, orderId])
  const { state, retry } = useLoad(load)

  if (state.status === 'loading') return <Skeleton label={MESSAGES.common.loading} heights={PAGE_SHAPE} />
  if (state.status === 'error') return <LoadError message={state.message} onRetry={retry} />
  const data = state.data
  const rupee = remote.settings.rupee
  const repayDate = formatDateText(data.repayDate)
  return (
    <div className="repay-page">
      <section className="repay-title" aria-labelledby="delay-amount">
        <p className="repay-title__label">{data.delayInfo.title || m.title}</p>
        <h1 id="delay-amount" className="repay-title__amount">
          {formatPesos(data.delayInfo.delayAmount, { rupee })}
        </h1>
        {repayDate && (
          <p className="repay-title__date">
            {m.nextDate} <span>{repayDate}</span>
          </p>
        )}
      </section>
      {data.isShowReyTop && <GuideBanner onOpen={() => remote.navigate('/paymentInstructions')} />}
      <section className="repay-card" aria-labelledby="delay-plan">
        <ProductHead name={data.productName} logo={data.productLogo} />
        <h2 id="delay-plan" className="repay-card__title">
          {m.plan}
        </h2>
        <Plan rows={data.repayPlan} rupee={rupee} />
      </section>
      <PayCodeBox detail={data.defDetail} onSteps={() => remote.navigate('/repaymentOfCode2')} />
      {data.noticeMsg && <p className="repay-notice">{data.noticeMsg}</p>}
      <PaySection
        remote={remote}
        ids={ids}
        channels={data.repayList}
        amount={data.delayInfo.delayAmount}
        delay
      />
    </div>
  )
}

/** The plan's rows: amounts in pesos (`formatPesos`), times as YYYY-MM-DD (`formatDateText`). */
function Plan({ rows, rupee }: { rows: readonly PlanRow[]; rupee: boolean }) {
  return (
    <ol className="repay-plan">
      {rows.map((row, index) => (
        <li className="repay-plan__row" key={`${row.title}-${index}`}>
          <span className="repay-plan__title">{row.title}</span>
          <strong className="repay-plan__amount">{formatPesos(row.amount, { rupee })}</strong>
          <span className="repay-plan__remark">{row.remark}</span>
          <span className="repay-plan__time">{formatDateText(row.time)}</span>
        </li>
      ))}
    </ol>
  )
}
