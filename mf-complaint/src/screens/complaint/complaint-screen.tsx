import { useCallback, useLayoutEffect, useState } from 'react'
import type { RemoteProps } from 'shared/contract'
import { formatDetailValue } from 'shared/format'
import { ModalBox, ServerImage, showToast } from 'shared/ui'
import {
  COLLECTION_TYPE,
  getProblemInit,
  type ComplaintOrder,
  type ProblemInit,
} from '../../api/problem-init'
import type { Option } from '../../api/problem-init'
import { MESSAGES } from '../../content/messages'
import { LazyPopup } from '../../components/lazy-overlays'
import { LoadError, LoadingBlock } from '../../components/screen-parts'
import { carriedQuery, entryOrderId } from '../../components/route-query'
import { useLoad } from 'shared/ui/use-load'
import { useComplaintEntryStore } from './complaint-store'

const m = MESSAGES.entry

export function complaintFormPath(
  choice: { problemType: string; problemSonType: string; orderNo: string },
  query: Record<string, string>,
): string {
  const params = new URLSearchParams({ ...choice, ...carriedQuery(query) })
  return `/complainPageNext?${params.toString()}`
}

/** Complaint entry ('Online service'): the order, then the question type (and sub-type for type 1). */
export function ComplaintScreen(props: RemoteProps) {
  const { http } = props
  const orderId = entryOrderId(props)
  const load = useCallback(() => getProblemInit(http, orderId), [http, orderId])
  const { state, retry } = useLoad(load)
  // A new visit (or order) starts from the order the server proposes, not a previous choice.
  useLayoutEffect(() => useComplaintEntryStore.getState().reset(null), [orderId])

  return (
    <main className="ui-page">
      <header className="complaint-page__header">
        <h1 className="complaint-title">{m.title}</h1>
        <button type="button" className="complaint-link" onClick={() => props.navigate('/complaintList')}>
          {m.myComplaints}
        </button>
      </header>
      {state.status === 'loading' && <LoadingBlock minHeight={320} />}
      {state.status === 'error' && <LoadError message={state.message} onRetry={retry} />}
      {state.status === 'ready' && <EntryContent {...props} init={state.data} />}
    </main>
  )
}

function EntryContent(props: RemoteProps & { init: ProblemInit }) {
  const { init, navigate, query } = props
  const { order: chosen, pendingType, selectOrder, setPendingType } = useComplaintEntryStore()
  const [ordersOpen, setOrdersOpen] = useState(false)
  // Derived, not copied in an effect: a first frame without the order shifted the page (CLS 0.075).
  const order = chosen ?? init.orderDetail

  const openForm = (problemType: string, problemSonType: string) =>
    navigate(complaintFormPath({ problemType, problemSonType, orderNo: order?.orderNo ?? '' }, query))

  const collectionAllowed = order?.isShow === 1

  const chooseType = (type: Option) => {
    if (type.value !== COLLECTION_TYPE) {
      setPendingType(null)
      openForm(type.value, '')
      return
    }
    if (!collectionAllowed) {
      setPendingType(null)
      showToast(m.collectionRefused)
      return
    }
    // The save payload allows an empty sub-type: with none to choose from, the form is the next step.
    if (init.problemSonType.length === 0) {
      setPendingType(null)
      openForm(type.value, '')
      return
    }
    setPendingType(type.value)
  }

  const chooseSonType = (sonType: Option) => {
    if (pendingType === null) return
    // The order may have changed since the type was chosen.
    if (pendingType === COLLECTION_TYPE && !collectionAllowed) {
      showToast(m.collectionRefused)
      return
    }
    openForm(pendingType, sonType.value)
  }

  return (
    <>
      <section className="complaint-card" aria-label={m.orderLabel}>
        <div className="complaint-card__head">
          <h2 className="complaint-section-title">{m.orderLabel}</h2>
          {init.orderList.length > 0 && (
            <button
              type="button"
              className="complaint-link"
              aria-haspopup="dialog"
              onClick={() => setOrdersOpen(true)}
            >
              {m.all}
            </button>
          )}
        </div>
        {order ? (
          <OrderSummary order={order} rupee={props.settings.rupee} />
        ) : (
          <p className="complaint-muted">{m.noOrder}</p>
        )}
      </section>

      <section className="complaint-card" aria-labelledby="complaint-types-title">
        <h2 id="complaint-types-title" className="complaint-section-title">
          {m.selectType}
        </h2>
        {init.problemType.length === 0 ? (
          <p className="complaint-muted">{m.noTypes}</p>
        ) : (
          <ul className="complaint-choices">
            {init.problemType.map((type) => (
              <li key={type.value}>
                <button
                  type="button"
                  className="complaint-choice"
                  aria-pressed={type.value === COLLECTION_TYPE ? pendingType === type.value : undefined}
                  onClick={() => chooseType(type)}
                >
                  {type.title}
                </button>
              </li>
            ))}
          </ul>
        )}
        {pendingType === COLLECTION_TYPE && init.problemSonType.length > 0 && (
          <div className="complaint-subtypes">
            <h3
              className="complaint-section-title complaint-section-title--small"
              id="complaint-subtypes-title"
            >
              {m.selectSonType}
            </h3>
            <ul className="complaint-choices" aria-labelledby="complaint-subtypes-title">
              {init.problemSonType.map((sonType) => (
                <li key={sonType.value}>
                  <button type="button" className="complaint-choice" onClick={() => chooseSonType(sonType)}>
                    {sonType.title}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      <LazyPopup
        visible={ordersOpen}
        onMaskClick={() => setOrdersOpen(false)}
        onClose={() => setOrdersOpen(false)}
        bodyClassName="complaint-orders"
        destroyOnClose
      >
        <ModalBox open={ordersOpen} aria-labelledby="complaint-orders-title">
          <div className="complaint-orders__head">
            <h2 id="complaint-orders-title" className="complaint-section-title">
              {m.ordersTitle}
            </h2>
            <button type="button" className="complaint-link" onClick={() => setOrdersOpen(false)}>
              {m.close}
            </button>
          </div>
          {init.orderList.length === 0 ? (
            <p className="complaint-muted">{m.noOrders}</p>
          ) : (
            <ul className="complaint-orders__list">
              {init.orderList.map((item, index) => (
                <li key={`${index}-${item.orderNo}`}>
                  <button
                    type="button"
                    className="complaint-orders__item"
                    aria-pressed={order !== null && item.orderNo === order.orderNo}
                    onClick={() => {
                      selectOrder(item)
                      setOrdersOpen(false)
                    }}
                  >
                    <span className="complaint-orders__name">{item.productName || item.orderNo}</span>
                    <span className="complaint-muted">
                      {[item.orderNo, item.status].filter(Boolean).join(' · ')}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </ModalBox>
      </LazyPopup>
    </>
  )
}

function OrderSummary({ order, rupee }: { order: ComplaintOrder; rupee: boolean }) {
  return (
    <div className="complaint-order">
      <div className="complaint-order__product">
        {order.productLogo && (
          <ServerImage className="complaint-order__logo" src={order.productLogo} fetchPriority="low" />
        )}
        <span className="complaint-order__name">{order.productName}</span>
        {order.status && <span className="complaint-order__status">{order.status}</span>}
      </div>
      {order.rows.length > 0 && (
        <dl className="complaint-rows">
          {order.rows.map((row, index) => (
            <div className="complaint-rows__row" key={`${index}-${row.title}`}>
              <dt>{row.title}</dt>
              <dd>{formatDetailValue(row.value, { rupee })}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  )
}
