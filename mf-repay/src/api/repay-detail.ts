import type { CallOptions, Http } from 'shared/http'
import { list, object, requiredText, text, toApiResult, type ApiResult } from 'shared/schema'
import * as v from 'valibot'
import { MESSAGES } from '../content/messages'
import { DELAY_PLAY_DETAIL_PATH, LOAN_PLAY_DETAIL_PATH } from './paths'
import { flagSwitch, oneSwitch } from './switches'

export { DELAY_PLAY_DETAIL_PATH, LOAN_PLAY_DETAIL_PATH }

const DetailLine = v.object({ text, value: text })

const Channel = v.pipe(
  v.object({ logo: text, name: text, channel_number: requiredText }),
  v.transform(({ channel_number, ...rest }) => ({ ...rest, channelNumber: channel_number })),
)

const NoticeEntry = v.object({ name: text, list: list(requiredText) })

/** `payNotice`: group name → entries, each a named list of steps. */
const PayNotice = v.optional(v.record(v.string(), list(NoticeEntry)), {})

const DefDetail = v.optional(object({ payCode: text, logo: text, title: text, payNotice: PayNotice }), {
  payCode: '',
  logo: '',
  title: '',
  payNotice: {},
})

const common = {
  productName: text,
  productLogo: text,
  repayDate: text,
  repayList: list(Channel),
  noticeMsg: text,
  defDetail: DefDetail,
  isShowReyTop: oneSwitch('isShowReyTop'),
}

const InstalmentSchema = v.object({ ...common, repayAmount: text, detail: list(DetailLine) })

const PlanRow = v.object({ remark: text, title: text, amount: text, time: text })

const DelaySchema = v.object({
  ...common,
  delayInfo: v.optional(object({ delayAmount: text, title: text }), { delayAmount: '', title: '' }),
  repayPlan: list(PlanRow),
  // Only an explicit false (or 0) is the server saying it has no extension for this order.
  success: flagSwitch('success', true),
})

export type Channel = v.InferOutput<typeof Channel>
export type DetailLine = v.InferOutput<typeof DetailLine>
export type PlanRow = v.InferOutput<typeof PlanRow>
export type DefDetail = v.InferOutput<typeof DefDetail>
export type Instalment = v.InferOutput<typeof InstalmentSchema>
export type Delay = Omit<v.InferOutput<typeof DelaySchema>, 'success'>

export interface OrderIds {
  productId: string
  orderId: string
}

function orderBody({ productId, orderId }: OrderIds) {
  return { productId: productId || undefined, orderId: orderId || undefined }
}

/**
 * Without an order there is nothing to ask the server: no call. The page says its link is incomplete
 * (`usePageOrder`); this also holds while it hydrates its first frame, rendered as if an order were named.
 */
const NO_ORDER = { ok: false, message: MESSAGES.common.badLink, notified: false } as const

/** The instalment to repay; silent: the page shows the failure with 'Try again'. */
export async function getInstalment(http: Http, ids: OrderIds): Promise<ApiResult<Instalment>> {
  if (!ids.orderId) return NO_ORDER
  const options: CallOptions = { silent: true }
  const result = await http.post(LOAN_PLAY_DETAIL_PATH, orderBody(ids), options)
  return toApiResult(result, options, 'loan-play-detail', InstalmentSchema)
}

/** The extension (rollover) to pay; its own `success: false` is a failed load too. */
export async function getDelay(http: Http, ids: OrderIds): Promise<ApiResult<Delay>> {
  if (!ids.orderId) return NO_ORDER
  const options: CallOptions = { silent: true }
  const result = await http.post(DELAY_PLAY_DETAIL_PATH, orderBody(ids), options)
  const parsed = toApiResult(result, options, 'delay-play-detail', DelaySchema)
  if (!parsed.ok) return parsed
  const { success, ...delay } = parsed.data
  return success ? { ok: true, data: delay } : { ok: false, message: MESSAGES.delay.failed, notified: false }
}
