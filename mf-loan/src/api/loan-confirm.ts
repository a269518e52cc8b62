import { parseMoney } from 'shared/format'
import type { CallOptions, Http } from 'shared/http'
import {
  flag,
  isOne,
  list,
  parseLenient,
  record,
  requiredText,
  text,
  toApiResult,
  type ApiResult,
} from 'shared/schema'
import * as v from 'valibot'
import { AGREEMENT_SCENE, CONFIRM_PATHS } from './paths'

export { AGREEMENT_SCENE, CONFIRM_PATHS }

/** v1: the spec's `/v3/...` calls (`/loanConfirm`, `/confirmByPeriod`); v2: DESIGN.md §3's `/v4/...` ones. */
export type ConfirmVariant = keyof typeof CONFIRM_PATHS

const DetailLine = v.object({ text, value: text })

// `amount` is pesos (README.md, Calls): shown through shared/format `formatPesos`; `pay_time` any date shape.
const RepayPlan = v.object({ title: text, description: text, amount: text, pay_time: text })

/**
 * The loan's amount: pesos, as a number or a decimal string (shared/format `parseMoney`; README.md, Calls).
 * Kept as the server sent it (a number as its digits, a string untouched), since the push sends it back;
 * one that is no amount makes the confirmation unusable: the borrower must see what they take.
 */
const Amount = v.pipe(
  v.union([v.string(), v.number()]),
  v.check((value) => parseMoney(value) !== null, 'Invalid amount'),
  v.transform(String),
)

const LoanConfirmData = record({
  comProductLogo: text,
  comProductName: text,
  // What the push sends back: without them there is no loan to confirm.
  amount: Amount,
  periods: requiredText,
  termUnit: text,
  details: list(DetailLine),
  repay_plans: list(RepayPlan),
  firstPayTime: text,
  firstPeriodDay: text,
  pRateDsc: text,
  sendSms: flag,
  // The spec: the back pop-up shows "only when isPopType is 1" (not on any other nonzero value).
  isPopType: isOne,
  popTitle: text,
  popContent: text,
  popAgreementUrl: text,
  // v2 only (DESIGN.md §3).
  buttonMsg: text,
  popMsg: text,
})

export type LoanConfirm = v.InferOutput<typeof LoanConfirmData>
export type RepayPlan = v.InferOutput<typeof RepayPlan>

const Agreement = v.object({ title: requiredText })
// The spec: `data.data` is the agreement list (v2 reads the same shape: README.md, Decisions).
const Agreements = v.pipe(
  record({ data: list(Agreement) }),
  v.transform((payload) => payload.data),
)

export type Agreement = v.InferOutput<typeof Agreement>

/** The loan to confirm; silent: the screen shows the failure (v2: the server's message) with 'Try again'. */
export async function getLoanConfirm(
  http: Http,
  variant: ConfirmVariant,
  productId: string,
): Promise<ApiResult<LoanConfirm>> {
  const options: CallOptions = { silent: true }
  const result = await http.post(
    CONFIRM_PATHS[variant].detail,
    { productId: productId || undefined },
    options,
  )
  return toApiResult(result, options, `${variant} loan-confirm detail`, LoanConfirmData)
}

/** The agreements the borrower accepts with the tick box (scene 3); silent, as the page load. */
export async function getAgreements(
  http: Http,
  variant: ConfirmVariant,
  productId: string,
): Promise<ApiResult<Agreement[]>> {
  const options: CallOptions = { silent: true }
  const body = { productId: productId || undefined, scene: AGREEMENT_SCENE }
  const path = CONFIRM_PATHS[variant].agreements
  const result = variant === 'v1' ? await http.post(path, body, options) : await http.get(path, body, options)
  return toApiResult(result, options, `${variant} contract list`, Agreements)
}

const AgreementLink = v.object({ contract_url: text })

export interface AgreementLinkInput {
  productId: string
  /** The agreement's index in the list. */
  position: number
  orderId: string
}

/** Where an agreement is read; null after the helper has toasted the server's message. */
export async function getAgreementLink(
  http: Http,
  variant: ConfirmVariant,
  input: AgreementLinkInput,
): Promise<string | null> {
  const params = {
    productId: input.productId || undefined,
    scene: AGREEMENT_SCENE,
    position: input.position,
    orderId: input.orderId || undefined,
  }
  const path = CONFIRM_PATHS[variant].agreementLink
  const result = variant === 'v1' ? await http.post(path, params) : await http.get(path, params)
  if (!result.success) return null
  const parsed = parseLenient(`${variant} contract link`, AgreementLink, result.data ?? {})
  return parsed.ok ? parsed.value.contract_url : ''
}

export interface PushInput {
  productId: string
  amount: string
  periods: string
  termUnit: string
}

const Pushed = v.object({ lendDetailsUrl: text })

/**
 * Takes the loan and answers where its details are. Money-moving (ADR 0012): one request per intent with its
 * `Idempotency-Key`, never retried. null after the helper has toasted the failure: the server's message, or,
 * when no answer came, that the outcome is unknown (the same tap again is the same intent, with the same key).
 */
export async function pushLoan(
  http: Http,
  variant: ConfirmVariant,
  input: PushInput,
): Promise<string | null> {
  const result = await http.post(
    CONFIRM_PATHS[variant].push,
    {
      productId: input.productId || undefined,
      amount: input.amount,
      periods: input.periods,
      termUnit: input.termUnit || undefined,
    },
    { money: true },
  )
  if (!result.success) return null
  const parsed = parseLenient(`${variant} loan push`, Pushed, result.data ?? {})
  return parsed.ok ? parsed.value.lendDetailsUrl : ''
}
