import { apiOriginUrl, type CallOptions, type Http, type HttpResult } from 'shared/http'
import { list, parseLenient, requiredText, text } from 'shared/schema'
import * as v from 'valibot'
import { MESSAGES } from '../content/messages'
import { LEGACY_BASE, REPAYMENT_WAY_PATH } from './paths'
import { flagSwitch, oneSwitch } from './switches'

const m = MESSAGES.legacy

export { LEGACY_BASE, REPAYMENT_WAY_PATH } from './paths'
export const REPAYMENT_COMMIT_PATH = '/repayment-commit'
export const REPAYMENT_CONFIRM_PATH = '/repayment-confirm'
export const REPAYMENT_HUICHAO_PATH = '/repayment-huichao'

/** The absolute URL of a legacy call: the helper sends a relative path under the API base. */
export function legacyUrl(apiBase: string, path: string, pageOrigin = window.location.origin): string {
  return apiOriginUrl(apiBase, pageOrigin, `${LEGACY_BASE}${path}`)
}

/** The server's codes the spec gives a message of its own. */
export const WRONG_CODE = '800006'
export const DUPLICATE_PAYMENT = '800005'

const Card = v.object({ id: requiredText, bankName: text, cardNo: requiredText, bankCode: text })

const WaySchema = v.object({
  alipay: flagSwitch('alipay', false),
  repayToken: requiredText,
  bankCards: list(Card),
})

const CommitSchema = v.object({ needValid: oneSwitch('needValid'), repayRecordId: text })

const HuichaoSchema = v.object({ url: requiredText })

export type Card = v.InferOutput<typeof Card>
export type RepaymentWay = v.InferOutput<typeof WaySchema>
export type Commit = v.InferOutput<typeof CommitSchema>

export type LegacyResult<T> =
  | { ok: true; data: T }
  /** `unknown`: a money call whose answer never came (ADR 0012): it may have been done. */
  | { ok: false; message: string; unknown: boolean }

/** A call that never got an answer from the server (network error or timeout): the spec says 'error'. */
function noAnswer(result: HttpResult): boolean {
  return !result.success && result.code === null && result.raw === null
}

/** The message of a failed legacy call: the spec's own for its codes, else the server's. */
function failure(result: HttpResult, otherwise: string = result.message): LegacyResult<never> {
  if (result.outcome === 'unknown') return { ok: false, message: m.unknown, unknown: true }
  if (noAnswer(result)) return { ok: false, message: m.network, unknown: false }
  const code = String(result.code).trim()
  if (code === WRONG_CODE) return { ok: false, message: m.wrongCode, unknown: false }
  if (code === DUPLICATE_PAYMENT) return { ok: false, message: m.duplicate, unknown: false }
  return { ok: false, message: otherwise || m.loadFailed, unknown: false }
}

function parsed<S extends v.GenericSchema>(
  result: HttpResult,
  call: string,
  schema: S,
  malformed: string,
): LegacyResult<v.InferOutput<S>> {
  const value = parseLenient(call, schema, result.data)
  return value.ok ? { ok: true, data: value.value } : { ok: false, message: malformed, unknown: false }
}

// Silent: every failure has the spec's own message, shown by the screen.
const READ: CallOptions = { silent: true }
const MONEY: CallOptions = { silent: true, money: true, loading: 'loading...' }

/**
 * The cards (and the alipay option) the order can be repaid with, and the token the commit needs. The page's
 * origin is the server's page when the screen is rendered there (ADR 0054).
 */
export async function getRepaymentWay(
  http: Http,
  apiBase: string,
  input: { orderId: string; productId: string },
  pageOrigin?: string,
): Promise<LegacyResult<RepaymentWay>> {
  const result = await http.post(
    legacyUrl(apiBase, REPAYMENT_WAY_PATH, pageOrigin),
    { orderId: input.orderId, productId: input.productId || undefined },
    READ,
  )
  if (!result.success) return failure(result, m.cardsFailed)
  return parsed(result, 'repayment-way', WaySchema, m.cardsFailed)
}

export interface CommitInput {
  amount: string
  card: Card
  couponId: string
  orderId: string
  repayToken: string
  /** 1 asks the server to send the verification code again (the code step's resend). */
  sendMsg: 0 | 1
}

/** Repays with the chosen card: a money call (one intent, never retried). */
export async function commitRepayment(
  http: Http,
  apiBase: string,
  input: CommitInput,
): Promise<LegacyResult<Commit>> {
  const result = await http.post(
    legacyUrl(apiBase, REPAYMENT_COMMIT_PATH),
    {
      amount: input.amount,
      bankName: input.card.bankName,
      cardId: input.card.id,
      cardNo: input.card.cardNo,
      couponId: input.couponId,
      orderId: input.orderId,
      repayToken: input.repayToken,
      bankCode: input.card.bankCode,
      sendMsg: input.sendMsg,
    },
    MONEY,
  )
  if (!result.success) return failure(result)
  return parsed(result, 'repayment-commit', CommitSchema, m.malformed)
}

/** Confirms a committed repayment with the SMS code: a money call. */
export async function confirmRepayment(
  http: Http,
  apiBase: string,
  input: { orderId: string; verifyCode: string; repaymentRecordId: string },
): Promise<LegacyResult<true>> {
  const result = await http.post(legacyUrl(apiBase, REPAYMENT_CONFIRM_PATH), input, MONEY)
  return result.success ? { ok: true, data: true } : failure(result)
}

/** The alipay (huichao) payment page for the order: a money call; its `url` opens through the guard. */
export async function getHuichaoUrl(
  http: Http,
  apiBase: string,
  input: { userId: string; orderId: string; amount: string },
): Promise<LegacyResult<{ url: string }>> {
  const result = await http.post(
    legacyUrl(apiBase, REPAYMENT_HUICHAO_PATH),
    { userId: input.userId || undefined, orderId: input.orderId, amount: input.amount },
    MONEY,
  )
  if (!result.success) return failure(result)
  return parsed(result, 'repayment-huichao', HuichaoSchema, m.malformed)
}
