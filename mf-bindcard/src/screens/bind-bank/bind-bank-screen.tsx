import { useCallback, useEffect, useRef, useState } from 'react'
import type { RemoteProps } from 'shared/contract'
import { pageOrder } from 'shared/session'
import { showToast } from 'shared/ui'
import { MESSAGES } from '../../content/messages'
import { bindCard, getCardInit, DEFAULT_CARD_TYPE, type FormItem } from '../../api/bind-card'
import { LoadError, LoadingBlock } from '../../components/screen-parts'
import {
  cardTypesOf,
  channelsOf,
  initialCardType,
  initialChannel,
  initialValues,
  visibleItems,
  type Named,
} from './bind-form'
import { FormField } from './form-field'

/** The source loan detail opens this page with: binding then changes the loan's card (DESIGN.md §3). */
export const LOAN_DETAIL_SOURCE = 'loanDetail'

/** The form as loaded: its items, and the tabs and channels they name (named once, so unknowns log once). */
interface Form {
  items: FormItem[]
  cardTypes: Named<number>[]
  channels: Named<string>[]
}

type Load = { state: 'loading' } | { state: 'failed'; message: string } | ({ state: 'ready' } & Form)

/** `/bindBank`, 'Payment account information': the server's form, per card type and channel, then Next. */
export function BindBankScreen({ query, session, http, bridge, navigate }: RemoteProps) {
  // The route's order (productId or product_id, orderId), else the session's: bound to it, back to it.
  const order = pageOrder({ query, session })
  const productId = order.productId || undefined
  const fromLoanDetail = query.source === LOAN_DETAIL_SOURCE
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [cardType, setCardType] = useState(DEFAULT_CARD_TYPE)
  const [channel, setChannel] = useState('')
  const [values, setValues] = useState<Record<string, string>>({})
  const [sending, setSending] = useState(false)
  // The state above re-renders too late to stop a second tap in the same frame.
  const sendingNow = useRef(false)

  // The app brackets the bank flow: it may, say, keep the screen from being captured while it is open.
  useEffect(() => {
    bridge.call('startBank')
    return () => bridge.call('endBank')
  }, [bridge])

  useEffect(() => {
    let live = true
    void getCardInit(http, productId).then((result) => {
      if (!live) return
      if (!result.ok) return setLoad({ state: 'failed', message: result.message })
      const items = result.data
      const cardTypes = cardTypesOf(items)
      const channels = channelsOf(items)
      setCardType(initialCardType(cardTypes))
      setChannel(initialChannel(channels))
      setValues(initialValues(items))
      setLoad({ state: 'ready', items, cardTypes, channels })
    })
    return () => {
      live = false
    }
  }, [http, productId, attempt])

  const retry = useCallback(() => {
    setLoad({ state: 'loading' })
    setAttempt((n) => n + 1)
  }, [])

  const items = load.state === 'ready' ? load.items : []
  const cardTypes = load.state === 'ready' ? load.cardTypes : []
  const channels = load.state === 'ready' && cardType === DEFAULT_CARD_TYPE ? load.channels : []
  const shown = visibleItems(items, cardType, channel)

  const next = async () => {
    if (sendingNow.current || shown.length === 0) return
    // Only a field the server flags is required (README.md, 'Decisions'): an optional one is sent empty.
    const empty = shown.find((item) => item.required && !values[item.code]?.trim())
    if (empty) return showToast(MESSAGES.fillIn(empty.title))
    sendingNow.current = true
    setSending(true)
    const result = await bindCard(http, {
      values: Object.fromEntries(shown.map((item) => [item.code, (values[item.code] ?? '').trim()])),
      productId,
      cardType,
      cardChange: fromLoanDetail,
    })
    sendingNow.current = false
    setSending(false)
    if (!result.ok) return
    if (fromLoanDetail) {
      const back = new URLSearchParams({ source: LOAN_DETAIL_SOURCE })
      if (order.productId) back.set('productId', order.productId)
      if (order.orderId) back.set('orderId', order.orderId)
      navigate(`/order?${back.toString()}`, { replace: true })
    } else {
      bridge.call('closeWebview')
    }
  }

  return (
    <main className="ui-page">
      <h1 className="bind-page__title">{MESSAGES.title}</h1>
      {load.state === 'loading' && <LoadingBlock />}
      {load.state === 'failed' && <LoadError message={load.message} onRetry={retry} />}
      {load.state === 'ready' && (
        <>
          {cardTypes.length > 0 && (
            <div role="tablist" aria-label={MESSAGES.cardTypes} className="bind-tabs">
              {cardTypes.map((type) => (
                <button
                  key={type.key}
                  type="button"
                  role="tab"
                  aria-selected={type.key === cardType}
                  className="bind-tabs__tab"
                  onClick={() => setCardType(type.key)}
                >
                  {type.name}
                </button>
              ))}
            </div>
          )}
          {channels.length > 0 && (
            <div role="radiogroup" aria-label={MESSAGES.channels} className="bind-channels">
              {channels.map((each) => (
                <button
                  key={each.key}
                  type="button"
                  role="radio"
                  aria-checked={each.key === channel}
                  className="bind-channels__channel"
                  onClick={() => setChannel(each.key)}
                >
                  {each.name}
                </button>
              ))}
            </div>
          )}
          <form
            className="bind-form"
            aria-label={MESSAGES.title}
            onSubmit={(event) => {
              event.preventDefault()
              void next()
            }}
          >
            {shown.length === 0 && <p className="bind-form__empty">{MESSAGES.noItems}</p>}
            {shown.map((item) => (
              <FormField
                key={item.code}
                item={item}
                value={values[item.code] ?? ''}
                onChange={(value) => setValues((previous) => ({ ...previous, [item.code]: value }))}
              />
            ))}
            <button
              type="submit"
              className="bind-button bind-form__next"
              disabled={sending || shown.length === 0}
            >
              {MESSAGES.next}
            </button>
          </form>
        </>
      )}
    </main>
  )
}
