import { useCallback } from 'react'
import type { RemoteProps } from 'shared/contract'
import { pageOrder } from 'shared/session'
import { formatDetailValue } from 'shared/format'
import { leftPage, openServerLink, type ServerLinkContext } from 'shared/navigation'
import { ServerImage, showToast } from 'shared/ui'
import { Skeleton } from 'shared/ui/screen-parts'
import { clickProduct, BORROW_AGAIN_MODULE, RECOMMENDED_MODULE, saveEvent } from '../../api/events'
import type { ApiResult } from 'shared/schema'
import { getLoanDetails, type LoanDetails, type RecProduct } from '../../api/loan-details'
import { MESSAGES } from '../../content/messages'
import { LoadError, Modal } from '../../components/screen-parts'
import { StatusIcon } from '../../components/status-icon'
import { useDialogQueue } from '../../components/use-dialog-queue'
import { useOneTap } from '../../components/use-one-tap'
import { useLoad } from 'shared/ui/use-load'
import {
  actionsFor,
  asksToWithdraw,
  bankTipSeen,
  markBankTipSeen,
  redirectsAway,
  showsRecommended,
  warnUnknownValues,
} from './loan-rules'
import { KindTipsDialog } from './kind-tips-dialog'
import { RatingDialog } from './rating-dialog'
import { RecommendedList } from './recommended-list'

const m = MESSAGES.details

/** What the bank-card dialog tells the bind page it came from (the spec: "called with source=loanDetail"). */
const BIND_SOURCE = 'loanDetail'

/** The global parameters a continuation link carries on. */
function globalParams(ids: { productId: string; orderId: string }): Record<string, string> {
  const params: Record<string, string> = {}
  if (ids.productId) params.productId = ids.productId
  if (ids.orderId) params.orderId = ids.orderId
  return params
}

interface Loaded {
  details: LoanDetails
  /** The continuation link is replacing the page: it stays in its loading shape. */
  leaving: boolean
}

/** 'Order Details' (`/loanDetails`, `/order`). */
export function LoanDetailsScreen(props: RemoteProps) {
  const ids = pageOrder(props)
  const { productId, orderId } = ids
  const { http, settings, navigate, bridge } = props
  const linkContext = useCallback(
    (extra: Partial<ServerLinkContext> = {}): ServerLinkContext => ({
      settings,
      navigate,
      bridge,
      refuse: (message) => showToast(message),
      ...extra,
    }),
    [settings, navigate, bridge],
  )
  // The redirect belongs to the answer: it happens once per load, before the page would paint. Only a web or
  // in-app navigation replaces the page; after a native page key (the app opens it over this page) or a link
  // the guard refused (it has toasted) the borrower comes back to, or stays on, the order.
  const load = useCallback(async (): Promise<ApiResult<Loaded>> => {
    const result = await getLoanDetails(http, { productId, orderId })
    if (!result.ok) return result
    const details = result.data
    warnUnknownValues(details)
    const leaving =
      redirectsAway(details) &&
      leftPage(
        openServerLink(
          details.playeduL,
          linkContext({ append: globalParams({ productId, orderId }), replace: true }),
        ),
      )
    return { ok: true, data: { details, leaving } }
  }, [http, productId, orderId, linkContext])
  const { state, retry } = useLoad(load)
  const leaving = state.status === 'ready' && state.data.leaving

  if (state.status === 'loading' || leaving) {
    // Reserved heights: the status banner, the product card, the buttons.
    return <Skeleton label={leaving ? m.redirecting : MESSAGES.common.loading} heights={[120, 180, 56]} />
  }
  if (state.status === 'error') return <LoadError message={state.message} onRetry={retry} />
  return <LoanDetailsView {...props} details={state.data.details} ids={ids} linkContext={linkContext} />
}

type Dialog = 'withdraw' | 'tips' | 'card' | 'rating'

interface ViewProps extends RemoteProps {
  details: LoanDetails
  ids: { productId: string; orderId: string }
  linkContext: (extra?: Partial<ServerLinkContext>) => ServerLinkContext
}

function LoanDetailsView({ details, ids, linkContext, ...props }: ViewProps) {
  // One dialog at a time, in this order; each one closed is gone for this visit.
  const { dialog, close } = useDialogQueue<Dialog>(() => {
    const dialogs: Dialog[] = []
    if (asksToWithdraw(details)) dialogs.push('withdraw')
    if (details.kindTipsMsg && !bankTipSeen(window.sessionStorage)) dialogs.push('tips')
    if (details.cardNeedPop) dialogs.push('card')
    if (details.isScore) dialogs.push('rating')
    return dialogs
  })
  const actions = actionsFor(details)
  const phone = details.telephone || props.settings.servicePhone
  const orderQuery = new URLSearchParams(globalParams(ids)).toString()
  // The page's ways on (repay, roll over, borrow again, withdraw): a double tap does one of them once.
  const tap = useOneTap()

  const goRepay = (path: '/repay' | '/delayRepay') =>
    void tap(() => {
      markBankTipSeen(window.sessionStorage)
      props.navigate(orderQuery ? `${path}?${orderQuery}` : path)
    })
  const goHome = () => props.bridge.call('toHome')
  const borrowAgain = () =>
    void tap(() => {
      saveEvent(props.http, { productId: ids.productId, moduleId: BORROW_AGAIN_MODULE, positionId: 0 })
      props.bridge.call('to', ['productDetail'])
    })
  const withdraw = () =>
    void tap(() => openServerLink(details.playeduL, linkContext({ append: globalParams(ids) })))
  const tapProduct = async (product: RecProduct, index: number) => {
    saveEvent(props.http, { productId: product.productId, moduleId: RECOMMENDED_MODULE, positionId: index })
    const link = await clickProduct(props.http, { productId: product.productId, positionId: index })
    if (link !== null) openServerLink(link, linkContext())
  }

  return (
    <div className="loan-details">
      <section className="loan-status" aria-label={details.noticeStatusText || m.title}>
        <StatusIcon status={details.orderStatus} />
        <div>
          <h1 className="loan-status__text">{details.noticeStatusText}</h1>
          {details.noticeDesText && <p className="loan-status__desc">{details.noticeDesText}</p>}
        </div>
      </section>

      <section className="loan-card" aria-label={details.productName}>
        <div className="loan-card__head">
          <ServerImage
            className="loan-card__logo"
            fetchPriority="low"
            src={details.productLogo}
            alt={m.productLogo(details.productName)}
          />
          <span className="loan-card__name">{details.productName}</span>
        </div>
        {details.detail.length > 0 && (
          <dl className="loan-card__lines">
            {details.detail.map((line, index) => (
              <div className="loan-card__line" key={`${line.text}-${index}`}>
                <dt>{line.text}</dt>
                <dd>{formatDetailValue(line.value, { rupee: props.settings.rupee })}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      {showsRecommended(details) ? (
        <RecommendedList
          products={details.recProducts}
          onTap={tapProduct}
          onMore={goHome}
          rupee={props.settings.rupee}
        />
      ) : (
        <div className="loan-actions">
          {actions.kind === 'delay' && (
            <>
              <button type="button" className="ui-button" onClick={() => goRepay('/repay')}>
                {m.repay}
              </button>
              <div className="loan-rollover">
                <p className="loan-rollover__tagline">{m.rolloverTagline}</p>
                <button
                  type="button"
                  className="ui-button ui-button--ghost"
                  onClick={() => goRepay('/delayRepay')}
                >
                  {m.rollover}
                </button>
              </div>
            </>
          )}
          {actions.kind === 'repayment' && (
            <button type="button" className="ui-button" onClick={() => goRepay('/repay')}>
              {m.repayment}
            </button>
          )}
          {actions.kind === 'borrowAgain' && (
            <button type="button" className="ui-button" onClick={borrowAgain}>
              {m.borrowAgain}
            </button>
          )}
        </div>
      )}

      {phone && (
        <p className="loan-phone">
          {m.servicePhone}:{' '}
          <button
            type="button"
            className="loan-link"
            onClick={() => props.bridge.call('callTelephone', [phone])}
          >
            {phone}
          </button>
        </p>
      )}

      {dialog === 'withdraw' && (
        <Modal label={MESSAGES.withdraw.title}>
          <p className="loan-modal__text">{details.reyMsg}</p>
          <div className="loan-modal__actions">
            <button
              type="button"
              className="ui-button ui-button--ghost"
              onClick={() => {
                close('withdraw')
                goHome()
              }}
            >
              {MESSAGES.withdraw.cancel}
            </button>
            <button type="button" className="ui-button" onClick={withdraw}>
              {MESSAGES.withdraw.confirm}
            </button>
          </div>
        </Modal>
      )}
      {dialog === 'tips' && <KindTipsDialog message={details.kindTipsMsg} onConfirm={() => close('tips')} />}
      {dialog === 'card' && (
        <Modal
          title={details.cardPopTitle}
          label={MESSAGES.bankCard.bind}
          onClose={() => close('card')}
          closeLabel={MESSAGES.bankCard.close}
        >
          <p className="loan-modal__text">{details.cardPopMsg}</p>
          <div className="loan-modal__actions">
            <button
              type="button"
              className="ui-button"
              onClick={() => {
                close('card')
                // This order's ids, not the session's last order: binding returns to it (issue #25).
                props.navigate(
                  `/bindBank?${new URLSearchParams({ ...globalParams(ids), source: BIND_SOURCE })}`,
                )
              }}
            >
              {MESSAGES.bankCard.bind}
            </button>
          </div>
        </Modal>
      )}
      {dialog === 'rating' && (
        <RatingDialog http={props.http} bridge={props.bridge} onClose={() => close('rating')} />
      )}
    </div>
  )
}
