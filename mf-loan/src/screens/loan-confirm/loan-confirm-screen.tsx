import { useCallback, useEffect, useState } from 'react'
import type { RemoteProps } from 'shared/contract'
import { pageOrder } from 'shared/session'
import { formatDateText, formatDetailValue, formatPesos } from 'shared/format'
import { openServerLink, type ServerLinkContext } from 'shared/navigation'
import { warnUnknown, type ApiResult } from 'shared/schema'
import { ServerImage, showToast } from 'shared/ui'
import { Skeleton } from 'shared/ui/screen-parts'
import { useLoad } from 'shared/ui/use-load'
import {
  getAgreementLink,
  getAgreements,
  getLoanConfirm,
  type Agreement,
  type ConfirmVariant,
  type LoanConfirm,
} from '../../api/loan-confirm'
import { CONFIRM_MESSAGES, days, isKnownTermUnit, MESSAGES, termByPeriod } from '../../content/messages'
import { LoadError } from '../../components/screen-parts'
import { useDialogQueue } from '../../components/use-dialog-queue'
import { useOneTap } from '../../components/use-one-tap'
import { ConfirmDialogs, type ConfirmDialog } from './confirm-dialogs'
import { usePushLoan } from './use-push-loan'

const m = CONFIRM_MESSAGES

export interface LoanConfirmScreenProps extends RemoteProps {
  variant: ConfirmVariant
  /** `/confirmByPeriod`: the term reads by period (`termUnit`) instead of in days. */
  byPeriod?: boolean
}

interface Loaded {
  loan: LoanConfirm
  agreements: Agreement[]
}

/** The loan confirmation: v1 (`/loanConfirm`, `/confirmByPeriod`) and v2 (`/loanConfirmNew`). */
export function LoanConfirmScreen({ variant, byPeriod = false, ...props }: LoanConfirmScreenProps) {
  const { productId } = pageOrder(props)
  const { http } = props
  const load = useCallback(async (): Promise<ApiResult<Loaded>> => {
    const [loan, agreements] = await Promise.all([
      getLoanConfirm(http, variant, productId),
      getAgreements(http, variant, productId),
    ])
    if (!loan.ok) return loan
    if (!agreements.ok) return agreements
    // Only the by-period page reads the unit; it shows one it does not know as periods.
    if (byPeriod && !isKnownTermUnit(loan.data.termUnit)) warnUnknown('termUnit', loan.data.termUnit)
    return { ok: true, data: { loan: loan.data, agreements: agreements.data } }
  }, [http, variant, productId, byPeriod])
  const { state, retry } = useLoad(load)

  if (state.status === 'loading') {
    // Reserved heights: the amount, the details and plan, the agreements and 'Next'.
    return <Skeleton label={MESSAGES.common.loading} heights={[120, 240, 96]} />
  }
  if (state.status === 'error') return <LoadError message={state.message} onRetry={retry} />
  return <ConfirmView {...props} variant={variant} byPeriod={byPeriod} {...state.data} />
}

interface ViewProps extends LoanConfirmScreenProps, Loaded {}

function ConfirmView({ loan, agreements, variant, byPeriod, ...props }: ViewProps) {
  const ids = pageOrder(props)
  const { http, bridge } = props
  const [ticked, setTicked] = useState(true)
  const [pointOut, setPointOut] = useState(false)
  // One dialog at a time: the agreement to accept first, then the offer.
  const { dialog, close } = useDialogQueue<ConfirmDialog>(() => {
    const dialogs: ConfirmDialog[] = []
    if (loan.popAgreementUrl) dialogs.push('agreement')
    if (variant === 'v2' && loan.popMsg) dialogs.push('promotion')
    return dialogs
  })
  // One agreement link per tap: a second tap while the first asks (or just after) would open two pages.
  const tap = useOneTap()

  const linkContext = (extra: Partial<ServerLinkContext> = {}): ServerLinkContext => ({
    settings: props.settings,
    navigate: props.navigate,
    bridge,
    refuse: (message) => showToast(message),
    ...extra,
  })

  useEffect(
    () =>
      bridge.onNativeBack(() => {
        if (!loan.isPopType) return false
        setPointOut(true)
        return true
      }),
    [bridge, loan.isPopType],
  )

  const openAgreement = (position: number) =>
    void tap(async () => {
      const link = await getAgreementLink(http, variant, { ...ids, position })
      if (link !== null) openServerLink(link, linkContext())
    })

  const { sending, received, push } = usePushLoan({
    http,
    variant,
    productId: ids.productId,
    loan,
    query: props.query,
    linkContext,
  })
  const next = () => {
    if (ticked) void push()
  }

  const term = byPeriod ? termByPeriod(loan.periods, loan.termUnit) : days(loan.periods)
  // Pesos, and dates in any shape the server sends them (README.md, Calls): all through shared/format.
  const money = { rupee: props.settings.rupee }

  return (
    <div className="loan-confirm">
      <section className="loan-card loan-confirm__head" aria-label={m.title}>
        <div className="loan-card__head">
          {/* Decoration beside the name: a logo that cannot show is a box of its size. */}
          <ServerImage className="loan-card__logo" src={loan.comProductLogo} fetchPriority="low" />
          <span className="loan-card__name">{loan.comProductName}</span>
        </div>
        <h1 className="loan-confirm__title">{m.title}</h1>
        <dl className="loan-card__lines">
          <div className="loan-card__line loan-confirm__amount">
            <dt>{m.amount}</dt>
            <dd>{formatPesos(loan.amount, money)}</dd>
          </div>
          <div className="loan-card__line">
            <dt>{m.term}</dt>
            <dd>{term}</dd>
          </div>
          {loan.pRateDsc && (
            <div className="loan-card__line">
              <dt>{m.rate}</dt>
              <dd>{loan.pRateDsc}</dd>
            </div>
          )}
        </dl>
      </section>

      {loan.details.length > 0 && (
        <section className="loan-card" aria-label={m.details}>
          <dl className="loan-card__lines">
            {loan.details.map((line, index) => (
              <div className="loan-card__line" key={`${line.text}-${index}`}>
                <dt>{line.text}</dt>
                <dd>{formatDetailValue(line.value, money)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      <section className="loan-card" aria-labelledby="loan-confirm-plan">
        <h2 id="loan-confirm-plan" className="loan-confirm__section">
          {m.plan}
        </h2>
        <dl className="loan-card__lines">
          {loan.firstPayTime && (
            <div className="loan-card__line">
              <dt>{m.firstPayTime}</dt>
              <dd>{formatDateText(loan.firstPayTime)}</dd>
            </div>
          )}
          {loan.firstPeriodDay && (
            <div className="loan-card__line">
              <dt>{m.firstPeriodDay}</dt>
              <dd>{days(loan.firstPeriodDay)}</dd>
            </div>
          )}
        </dl>
        {loan.repay_plans.length > 0 && (
          <ol className="loan-plan">
            {loan.repay_plans.map((plan, index) => (
              <li className="loan-plan__item" key={`${plan.title}-${index}`}>
                <span className="loan-plan__title">{plan.title}</span>
                <span className="loan-plan__amount">{formatPesos(plan.amount, money)}</span>
                {plan.description && <span className="loan-plan__desc">{plan.description}</span>}
                <span className="loan-plan__time">{formatDateText(plan.pay_time)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="loan-agreements" aria-label={m.agreements}>
        <label className="loan-agreements__tick">
          <input type="checkbox" checked={ticked} onChange={(event) => setTicked(event.target.checked)} />
          <span>{m.agree}</span>
        </label>
        <ul className="loan-agreements__list">
          {agreements.map((agreement, position) => (
            <li key={`${agreement.title}-${position}`}>
              <button type="button" className="loan-link" onClick={() => openAgreement(position)}>
                {agreement.title}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <div className="loan-actions">
        {received && (
          <p className="loan-confirm__received" role="status">
            {m.received}
          </p>
        )}
        <button
          type="button"
          className={`ui-button${ticked && !received ? '' : ' is-grey'}`}
          disabled={!ticked || sending}
          onClick={next}
        >
          {(variant === 'v2' && loan.buttonMsg) || m.next}
        </button>
      </div>

      <ConfirmDialogs
        loan={loan}
        bridge={bridge}
        settings={props.settings}
        dialog={dialog}
        close={close}
        pointOut={pointOut}
        onPointOutAgree={() => setPointOut(false)}
        onReadAgreement={() => void tap(() => openServerLink(loan.popAgreementUrl, linkContext()))}
      />
    </div>
  )
}
