import { formatDateText } from 'shared/format'
import { warnUnknown } from 'shared/schema'
import { ALL_CARD_TYPES, DEFAULT_CARD_TYPE, DEFAULT_CHANNEL, type FormItem } from '../../api/bind-card'
import { keepValue } from '../../api/input-rules'
import { CARD_TYPE_NAMES, CHANNEL_NAMES, MESSAGES } from '../../content/messages'

/** A card-type tab or a channel: its number and the name shown. */
export interface Named<K> {
  key: K
  name: string
}

/** The first name the server gives `key` on the items it applies to, else ours, else the generic one (logged). */
function nameOf<K extends string | number>(
  key: K,
  served: readonly string[],
  ours: ReadonlyMap<K, string>,
  generic: (key: K) => string,
  field: string,
): string {
  const name = served.find(Boolean) ?? ours.get(key)
  if (name) return name
  warnUnknown(field, key)
  return generic(key)
}

/** The card types the items name, in order, with their names: the tabs. */
export function cardTypesOf(items: readonly FormItem[]): Named<number>[] {
  const types = [...new Set(items.map((item) => item.cardTypeMi))].filter((type) => type !== ALL_CARD_TYPES)
  return types
    .sort((a, b) => a - b)
    .map((type) => ({
      key: type,
      name: nameOf(
        type,
        items.filter((item) => item.cardTypeMi === type).map((item) => item.cardTypeName),
        CARD_TYPE_NAMES,
        MESSAGES.cardType,
        'card-init cardTypeMi',
      ),
    }))
}

/** The spec's default (1) when the items have it, else the first the items name. */
export function initialCardType(types: readonly Named<number>[]): number {
  return types.some((type) => type.key === DEFAULT_CARD_TYPE) || types.length === 0
    ? DEFAULT_CARD_TYPE
    : types[0].key
}

/** The channels offered on card type 1: those its items name, with their names. */
export function channelsOf(items: readonly FormItem[]): Named<string>[] {
  const onType1 = items.filter((item) => item.cardTypeMi === DEFAULT_CARD_TYPE && item.channelNumber)
  return [...new Set(onType1.map((item) => item.channelNumber))].sort().map((channel) => ({
    key: channel,
    name: nameOf(
      channel,
      onType1.filter((item) => item.channelNumber === channel).map((item) => item.channelName),
      CHANNEL_NAMES,
      MESSAGES.channel,
      'card-init channelNumber',
    ),
  }))
}

export function initialChannel(channels: readonly Named<string>[]): string {
  return channels.some((channel) => channel.key === DEFAULT_CHANNEL) || channels.length === 0
    ? DEFAULT_CHANNEL
    : channels[0].key
}

/**
 * The items shown for a card type: its own and those for every type (0). On card type 1 an item that names a
 * channel shows only for that channel; an item without one belongs to every channel. One field per code: the
 * payload has one entry per code (spec §3), so a second item with a shown code is left out.
 */
export function visibleItems(items: readonly FormItem[], cardType: number, channel: string): FormItem[] {
  const codes = new Set<string>()
  return items.filter((item) => {
    const shown =
      (item.cardTypeMi === ALL_CARD_TYPES || item.cardTypeMi === cardType) &&
      (cardType !== DEFAULT_CARD_TYPE || !item.channelNumber || item.channelNumber === channel) &&
      !codes.has(item.code)
    if (shown) codes.add(item.code)
    return shown
  })
}

/**
 * The value a field starts with, as it would keep a typed one: a text field's digits (spec §5), a date as
 * YYYY-MM-DD whether the server sent a timestamp, an ISO date-time or a date (no date: empty).
 */
export function initialValue(item: FormItem): string {
  if (item.cate === 'txt') return keepValue(item.inputType, item.value)
  if (item.cate === 'day') {
    const day = formatDateText(item.value)
    return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : ''
  }
  return item.value
}

/** The starting values: one per code, the first item's when codes repeat (as `visibleItems` shows it). */
export function initialValues(items: readonly FormItem[]): Record<string, string> {
  const values = new Map<string, string>()
  for (const item of items) if (!values.has(item.code)) values.set(item.code, initialValue(item))
  // fromEntries defines each code as a field, so a code such as `__proto__` is a value like any other.
  return Object.fromEntries(values)
}

/** A city-select value: province and city, as submitted and shown. */
export const CITY_SEPARATOR = ', '
