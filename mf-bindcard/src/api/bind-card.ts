import type { CallOptions, Http } from 'shared/http'
import {
  flag,
  list,
  number,
  requiredText,
  text,
  toApiResult,
  warnUnknown,
  type ApiResult,
} from 'shared/schema'
import * as v from 'valibot'
import { BIND_CARD_PATH, CARD_CHANGE_PATH, CARD_INIT_PATH } from './paths'

/** The spec's defaults: card type 1 and, on it, channel 90006. */
export const DEFAULT_CARD_TYPE = 1
export const DEFAULT_CHANNEL = '90006'
/** `cardTypeMi` 0: the item belongs to every card type. */
export const ALL_CARD_TYPES = 0

export const CATES = ['txt', 'enum', 'city select', 'day'] as const
export type Cate = (typeof CATES)[number]
/**
 * How the screen shows a field: a spec `cate`, or `free` for one it does not know (a plain text input that
 * keeps what is typed: the borrower can still fill it and bind, and the server judges the value).
 */
export type FieldKind = Cate | 'free'

/** The field kind of a `cate` as the server writes it: the spec's `text` is `txt`; case and `_`/`-` aside. */
export function fieldKind(cate: string): FieldKind {
  const word = cate.toLowerCase().replace(/[\s_-]+/g, ' ')
  const known = word === 'text' ? 'txt' : CATES.find((each) => each === word)
  if (known) return known
  warnUnknown('card-init cate', cate)
  return 'free'
}

const optionSchema = v.object({ name: requiredText, type: text })

const itemSchema = v.pipe(
  v.object({
    code: requiredText,
    title: requiredText,
    subtitle: text,
    cate: v.pipe(requiredText, v.transform(fieldKind)),
    value: text,
    note: list(optionSchema),
    inputType: text,
    cardTypeMi: number(ALL_CARD_TYPES),
    // 0 is no channel, as `cardTypeMi` 0 is every card type: the item belongs to every channel.
    channelNumber: v.pipe(
      text,
      v.transform((channel) => (/^0+$/.test(channel) ? '' : channel)),
    ),
    // Not in the spec's item (§3): the names and the required flag a backend may add (README.md, 'Decisions').
    cardTypeName: text,
    channelName: text,
    required: flag,
    isRequired: flag,
    must: flag,
  }),
  v.transform(({ required, isRequired, must, ...item }) => ({
    ...item,
    /** The server flags the field as one to fill; the spec itself requires none (README.md). */
    required: required || isRequired || must,
  })),
)

const cardInitSchema = v.pipe(
  v.object({ items: list(itemSchema) }),
  v.transform(({ items }) => items),
)

export type FormOption = v.InferOutput<typeof optionSchema>
export type FormItem = v.InferOutput<typeof itemSchema>

/** The server's form for this product; a malformed item is skipped (logged by parseLenient). */
export async function getCardInit(http: Http, productId: string | undefined): Promise<ApiResult<FormItem[]>> {
  const options: CallOptions = { silent: true }
  const result = await http.post(CARD_INIT_PATH, { product_id: productId || undefined }, options)
  return toApiResult(result, options, 'card-init', cardInitSchema)
}

export interface BindInput {
  /** Item code → value as submitted (no display spaces). */
  values: Record<string, string>
  productId: string | undefined
  cardType: number
  /** From loan detail the card-change path is used (DESIGN.md §3). */
  cardChange: boolean
}

export function bindBody(input: BindInput): Record<string, string | number | undefined> {
  return { ...input.values, product_id: input.productId || undefined, cardType: input.cardType }
}

/** Binds the account (or changes the card); a failure is toasted by the helper with the server's message. */
export async function bindCard(http: Http, input: BindInput): Promise<{ ok: boolean }> {
  const path = input.cardChange ? CARD_CHANGE_PATH : BIND_CARD_PATH
  const result = await http.post(path, bindBody(input), { money: true, loading: 'saving...' })
  return { ok: result.success }
}
