import { useCallback, useEffect, useId, type ReactNode } from 'react'
import type { RemoteProps } from 'shared/contract'
import { formatDateText, formatPesos } from 'shared/format'
import type { Http } from 'shared/http'
import type { ApiResult } from 'shared/schema'
import { Skeleton } from 'shared/ui/screen-parts'
import { useLoad } from 'shared/ui/use-load'
import type { Instalment, OrderIds } from '../api/repay-detail'
import { MESSAGES } from '../content/messages'
import { LoadError, PAGE_SHAPE, PageMessage } from './screen-parts'
import { usePageOrder } from './order-ids'
import { GuideBanner, PayCodeBox } from './pay-code-box'
import { PaySection } from './pay-section'
import { repayInfoOf, saveRepayInfo } from './repay-info'

/** What the instalment's and the extension's answers both carry. */
type OrderDetail = Pick<Instalment, 'repayDate' | 'repayList' | 'noticeMsg' | 'defDetail' | 'isShowReyTop'>

/** What a repayment page repays: the call for its order's detail, the total of the answer, and its kind. */
export interface Repayment<T extends OrderDetail> {
  get: (http: Http, ids: OrderIds) => Promise<ApiResult<T>>
  /** The instalment's repayAmount or the extension's delayAmount. */
  amountOf: (data: T) => string
  /** The extension (rollover), not the instalment. */
  delay: boolean
}

interface RepayPageProps<T extends OrderDetail> {
  remote: RemoteProps
  /** A constant of the screen's module: a new one each render would load again. */
  repayment: Repayment<T>
  /** What the amount is, above it. */
  label: (data: T) => string
  /** What the due date is, before it. */
  dateLabel: string
  /** The order's card, between the payment guide and the pay code. */
  children: (data: T) => ReactNode
}

/**
 * A page that repays the order its link names (`/repay`, `/delayRepay`). Without an order it says the link is
 * incomplete; otherwise it loads the order's detail (its shape held while loading, a failure with 'Try
 * again'), keeps what `/repaymentOfCode2` shows, and shows the amount and due date, the payment guide, the
 * page's card, the pay code, the server's notice and 'Payment Method'.
 */
export function RepayPage<T extends OrderDetail>(props: RepayPageProps<T>) {
  const ids = usePageOrder(props.remote)
  if (!ids) return <PageMessage text={MESSAGES.common.badLink} />
  return <LoadedRepayPage {...props} ids={ids} />
}

function LoadedRepayPage<T extends OrderDetail>({
  remote,
  repayment,
  label,
  dateLabel,
  children,
  ids,
}: RepayPageProps<T> & { ids: OrderIds }) {
  const { http } = remote
  const { productId, orderId } = ids
  const load = useCallback(
    (): Promise<ApiResult<T>> => repayment.get(http, { productId, orderId }),
    [repayment, http, productId, orderId],
  )
  const { state, retry } = useLoad(load)
  const amountId = useId()
  const loaded = state.status === 'ready' ? state.data : null
  // What /repaymentOfCode2 shows, should the borrower open it from the pay-code box: kept once the detail is
  // on screen, loaded here or come with the page (ADR 0054), never while the page is rendered on a server.
  useEffect(() => {
    if (!loaded) return
    const amount = repayment.amountOf(loaded)
    saveRepayInfo(window.sessionStorage, repayInfoOf(loaded.defDetail, { productId, orderId }, amount))
  }, [loaded, repayment, productId, orderId])

  if (state.status === 'loading') return <Skeleton label={MESSAGES.common.loading} heights={PAGE_SHAPE} />
  if (state.status === 'error') return <LoadError message={state.message} onRetry={retry} />
  const data = state.data
  const amount = repayment.amountOf(data)
  // Seconds, milliseconds, ISO or YYYY-MM-DD all show as YYYY-MM-DD; a number that is no date, not at all.
  const repayDate = formatDateText(data.repayDate)
  return (
    <div className="repay-page">
      <section className="repay-title" aria-labelledby={amountId}>
        <p className="repay-title__label">{label(data)}</p>
        <h1 id={amountId} className="repay-title__amount">
          {formatPesos(amount, { rupee: remote.settings.rupee })}
        </h1>
        {repayDate && (
          <p className="repay-title__date">
            {dateLabel} <span>{repayDate}</span>
          </p>
        )}
      </section>
      {data.isShowReyTop && <GuideBanner onOpen={() => remote.navigate('/paymentInstructions')} />}
      {children(data)}
      <PayCodeBox detail={data.defDetail} onSteps={() => remote.navigate('/repaymentOfCode2')} />
      {data.noticeMsg && <p className="repay-notice">{data.noticeMsg}</p>}
      <PaySection
        remote={remote}
        ids={ids}
        channels={data.repayList}
        amount={amount}
        delay={repayment.delay}
      />
    </div>
  )
}
