import { useCallback, useEffect, useRef, useState } from 'react'
import type { RemoteProps } from 'shared/contract'
import type { ApiResult } from 'shared/schema'
import { useLoad } from 'shared/ui/use-load'
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

/** The server's form, named (a plain value: a page rendered with the borrower's data carries it, ADR 0054). */
async function loadForm(http: RemoteProps['http'], productId: string | undefined): Promise<ApiResult<Form>> {
  const result = await getCardInit(http, productId)
  if (!result.ok) return result
  const items = result.data
  return { ok: true, data: { items, cardTypes: cardTypesOf(items), channels: channelsOf(items) } }
}

/** `/bindBank`, 'Payment account information': the server's form, per card type and channel, then Next. */
export function BindBankScreen(props: RemoteProps) {
  const { query, session, http, bridge } = props
  // The route's order (productId or product_id, orderId), else the session's: bound to it, back to it.
  const order = pageOrder({ query, session })
  const productId = order.productId || undefined
  const load = useCallback(() => loadForm(http, productId), [http, productId])
  const { state, retry } = useLoad(load)

  // The app brackets the bank flow: it may, say, keep the screen from being captured while it is open.
  useEffect(() => {
    bridge.call('startBank')
    return () => bridge.call('endBank')
  }, [bridge])

  return (
    <main className="ui-page">
      <h1 className="bind-page__title">{MESSAGES.title}</h1>
      {state.status === 'loading' && <LoadingBlock />}
      {state.status === 'error' && <LoadError message={state.message} onRetry={retry} />}
      {/* Another order's form starts the choices again (a retry does too: it shows the loading state first). */}
      {state.status === 'ready' && (
        <BindForm key={`${productId}`} form={state.data} order={order} {...props} />
      )}
    </main>
  )
}

/** The tabs, channels and fields of a loaded form, with the borrower's choices and entries, and Next. */
function BindForm({
  form,
  order,
  query,
  http,
  bridge,
  navigate,
}: RemoteProps & { form: Form; order: ReturnType<typeof pageOrder> }) {
  const productId = order.productId || undefined
  const fromLoanDetail = query.source === LOAN_DETAIL_SOURCE
  const { items, cardTypes } = form
  const [cardType, setCardType] = useState(() => initialCardType(form.cardTypes))
  const [channel, setChannel] = useState(() => initialChannel(form.channels))
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(items))
  const [sending, setSending] = useState(false)
  // The state above re-renders too late to stop a second tap in the same frame.
  const sendingNow = useRef(false)

  const channels = cardType === DEFAULT_CARD_TYPE ? form.channels : []
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
    <>
      {cardTypes.length > 0 && (
        <Choices
          kind="tab"
          label={MESSAGES.cardTypes}
          className="bind-tabs"
          choices={cardTypes}
          chosen={cardType}
          choose={setCardType}
        />
      )}
      {channels.length > 0 && (
        <Choices
          kind="radio"
          label={MESSAGES.channels}
          className="bind-channels"
          choices={channels}
          chosen={channel}
          choose={setChannel}
        />
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
  )
}

interface ChoicesProps<K extends string | number> {
  /** Tabs (the card types) or radio buttons (the channels). */
  kind: 'tab' | 'radio'
  label: string
  /** The row's class; each choice's is `<className>__tab` or `__channel`, as the stylesheet names them. */
  className: 'bind-tabs' | 'bind-channels'
  choices: Named<K>[]
  chosen: K
  choose: (key: K) => void
}

/** A row of the form's choices, one of them chosen. */
function Choices<K extends string | number>({
  kind,
  label,
  className,
  choices,
  chosen,
  choose,
}: ChoicesProps<K>) {
  const each = className === 'bind-tabs' ? 'bind-tabs__tab' : 'bind-channels__channel'
  return (
    <div role={kind === 'tab' ? 'tablist' : 'radiogroup'} aria-label={label} className={className}>
      {choices.map((choice) => (
        <button
          key={choice.key}
          type="button"
          role={kind}
          {...(kind === 'tab'
            ? { 'aria-selected': choice.key === chosen }
            : { 'aria-checked': choice.key === chosen })}
          className={each}
          onClick={() => choose(choice.key)}
        >
          {choice.name}
        </button>
      ))}
    </div>
  )
}
