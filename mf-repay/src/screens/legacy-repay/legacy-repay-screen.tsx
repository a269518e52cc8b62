import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { RemoteProps } from 'shared/contract'
import { formatPesos } from 'shared/format'
import { openServerLink } from 'shared/navigation'
import type { ApiResult } from 'shared/schema'
import { showToast, useAfterFirstFrame, usePageOrigin } from 'shared/ui'
import { Skeleton } from 'shared/ui/screen-parts'
import { useLoad } from 'shared/ui/use-load'
import {
  commitRepayment,
  confirmRepayment,
  getHuichaoUrl,
  getRepaymentWay,
  type Card,
  type LegacyResult,
  type RepaymentWay,
} from '../../api/legacy-repay'
import { MESSAGES } from '../../content/messages'
import { isAmount } from '../../components/amount'
import { LoadError, PAGE_SHAPE, PageMessage } from '../../components/screen-parts'
import { usePageOrder } from '../../components/order-ids'
import { CodeStep } from './code-step'
import './legacy-repay.css'
import { NO_CHOICE, useLegacyRepayStore, type LegacyOrder } from './legacy-repay-store'

const m = MESSAGES.legacy

/**
 * The order the route names (`usePageOrder`) plus the amount, coupon and user the legacy calls send; null when
 * the link names no order or no amount (`isAmount`, the rule the code page reads its total by).
 */
function useLegacyOrder(props: RemoteProps): LegacyOrder | null {
  const ids = usePageOrder(props)
  const amount = (props.query.amount ?? '').trim()
  // As the order: the first frame is the loading state, and the amount is checked once the screen is on the page.
  const priced = useAfterFirstFrame(isAmount(amount), true)
  if (!ids || !priced) return null
  return { ...ids, userId: props.query.userId ?? '', amount, couponId: props.query.couponId ?? '' }
}

/** The card's number as the page shows it: only its last four digits. */
export function maskCardNo(cardNo: string): string {
  const digits = cardNo.replace(/\D/g, '')
  return `**** ${digits.slice(-4)}`
}

/** Legacy card repayment (`/legacyRepay?orderId&amount[&couponId&userId&productId]`). */
export function LegacyRepayScreen(props: RemoteProps) {
  const order = useLegacyOrder(props)
  if (!order) return <PageMessage text={m.badLink} />
  return <LegacyRepay remote={props} order={order} />
}

function LegacyRepay({ remote, order }: { remote: RemoteProps; order: LegacyOrder }) {
  const { http, settings } = remote
  const { orderId, productId, userId, amount, couponId } = order
  const { apiBase } = settings
  const store = useLegacyRepayStore()
  const start = useLegacyRepayStore((state) => state.start)
  const setWay = useLegacyRepayStore((state) => state.setWay)

  // The cards are the load's data, rendered from it (on a server too, ADR 0054); the visit's store gets them
  // once the screen is on the page, for the taps. Without an amount (a link the screen is about to call
  // incomplete, while it hydrates its first frame) there is nothing to ask.
  const pageOrigin = usePageOrigin()
  const load = useCallback(async (): Promise<ApiResult<RepaymentWay>> => {
    if (!isAmount(amount)) return { ok: false, message: m.badLink, notified: false }
    const result = await getRepaymentWay(http, apiBase, { orderId, productId }, pageOrigin)
    return result.ok ? result : { ok: false, message: result.message, notified: false }
  }, [http, apiBase, orderId, productId, amount, pageOrigin])
  const { state, retry } = useLoad(load)
  const way = state.status === 'ready' ? state.data : null
  // In the commit that shows the cards, before any tap on one can be handled: a later seeding would reset it.
  useLayoutEffect(() => {
    if (!way) return
    start({ orderId, productId, userId, amount, couponId })
    setWay(way)
  }, [way, orderId, productId, userId, amount, couponId, start, setWay])

  // One borrower intent, one request: blocked from the first tap until the answer (ADR 0012).
  const busy = useRef(false)
  const [working, setWorking] = useState(false)
  /** The payment page is opening: no second payment from this page. */
  const [leaving, setLeaving] = useState(false)

  // Back from the payment page, the browser may show this page from its cache as it was left: blocked.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false)
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [])
  /** The helper's unknown-outcome message, while it applies. */
  const [unknown, setUnknown] = useState('')

  const loanDetails = () => {
    const query = new URLSearchParams(
      Object.entries({ productId, orderId }).filter(([, value]) => value !== ''),
    ).toString()
    return `/loanDetails?${query}`
  }

  /** Runs one money call with the double-tap guard; a failure is toasted, an unknown outcome kept. */
  const once = async <T,>(call: () => Promise<LegacyResult<T>>): Promise<T | null> => {
    if (busy.current) return null
    busy.current = true
    setWorking(true)
    setUnknown('')
    try {
      const result = await call()
      if (result.ok) return result.data
      showToast(result.message)
      if (result.unknown) {
        setUnknown(result.message)
        useLegacyRepayStore.getState().cancelCode()
      }
      return null
    } finally {
      busy.current = false
      setWorking(false)
    }
  }

  const commit = (card: Card, sendMsg: 0 | 1) => {
    const current = useLegacyRepayStore.getState()
    return commitRepayment(http, apiBase, {
      amount: current.amount,
      card,
      couponId: current.couponId,
      orderId: current.orderId,
      repayToken: current.repayToken,
      sendMsg,
    })
  }

  const pay = async () => {
    const { choice, cards, userId, amount } = useLegacyRepayStore.getState()
    if (choice === NO_CHOICE) {
      showToast(m.selectCard)
      return
    }
    if (choice === 'alipay') {
      const answer = await once(() => getHuichaoUrl(http, apiBase, { userId, orderId, amount }))
      if (!answer) return
      const opened = openServerLink(answer.url, {
        settings,
        navigate: remote.navigate,
        bridge: remote.bridge,
        // The guard's own refusal is English; this page speaks Chinese.
        refuse: () => showToast(m.linkRefused),
      })
      setLeaving(opened !== null)
      return
    }
    const card = cards[choice]
    const answer = await once(() => commit(card, 0))
    if (!answer) return
    useLegacyRepayStore.getState().committed(answer)
    if (!answer.needValid) remote.navigate(loanDetails())
  }

  const resend = async () => {
    const { choice, cards } = useLegacyRepayStore.getState()
    if (typeof choice !== 'number' || !cards[choice]) return false
    const answer = await once(() => commit(cards[choice], 1))
    if (!answer) return false
    useLegacyRepayStore.getState().committed(answer)
    return true
  }

  const confirm = async (verifyCode: string) => {
    const { repayRecordId } = useLegacyRepayStore.getState()
    const answer = await once(() =>
      confirmRepayment(http, apiBase, { orderId, verifyCode, repaymentRecordId: repayRecordId }),
    )
    if (answer) remote.navigate(loanDetails())
  }

  if (state.status === 'loading') return <Skeleton label={m.loading} heights={PAGE_SHAPE} />
  if (state.status === 'error') return <LoadError message={state.message} onRetry={retry} words={m} />
  const { bankCards, alipay } = state.data
  const nothingToPay = bankCards.length === 0 && !alipay
  return (
    <div className="repay-page">
      <section className="repay-title" aria-labelledby="legacy-amount">
        <p className="repay-title__label">{m.amount}</p>
        <h1 id="legacy-amount" className="repay-title__amount">
          {formatPesos(amount, { rupee: settings.rupee })}
        </h1>
      </section>
      {unknown && (
        <div className="repay-unknown" role="alert">
          <p>{unknown}</p>
          <button type="button" className="repay-link" onClick={() => remote.navigate(loanDetails())}>
            {m.checkOrder}
          </button>
        </div>
      )}
      <section className="repay-card" aria-labelledby="legacy-cards">
        <h2 id="legacy-cards" className="repay-card__title legacy-cards__title">
          {m.cards}
        </h2>
        <div role="radiogroup" aria-labelledby="legacy-cards" className="repay-channels">
          {bankCards.map((card, index) => (
            <button
              key={`${card.id}-${index}`}
              type="button"
              role="radio"
              aria-checked={store.choice === index}
              className="repay-channel"
              disabled={working}
              onClick={() => store.choose(index)}
            >
              <span className="repay-channel__name">
                {card.bankName} {maskCardNo(card.cardNo)}
              </span>
            </button>
          ))}
          {alipay && (
            <button
              type="button"
              role="radio"
              aria-checked={store.choice === 'alipay'}
              className="repay-channel"
              disabled={working}
              onClick={() => store.choose('alipay')}
            >
              <span className="repay-channel__name">{m.alipay}</span>
            </button>
          )}
        </div>
        {nothingToPay && <p className="repay-notice">{m.noWay}</p>}
      </section>
      <button
        type="button"
        className="ui-button"
        disabled={working || leaving || nothingToPay}
        onClick={() => void pay()}
      >
        {working && !store.codeStep ? m.paying : m.pay}
      </button>
      {store.codeStep && (
        <CodeStep
          busy={working}
          onConfirm={(code) => void confirm(code)}
          onResend={resend}
          onCancel={store.cancelCode}
        />
      )}
    </div>
  )
}
