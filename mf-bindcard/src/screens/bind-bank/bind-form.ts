import { ALL_CARD_TYPES, DEFAULT_CARD_TYPE, DEFAULT_CHANNEL, type FormItem } from '../../api/bind-card'

/** The card types the items name, in order; the tabs. */
export function cardTypesOf(items: readonly FormItem[]): number[] {
  const types = new Set(items.map((item) => item.cardTypeMi).filter((type) => type !== ALL_CARD_TYPES))
  return [...types].sort((a, b) => a - b)
}

/** The spec's default (1) when the items have it, else the first the items name. */
export function initialCardType(types: readonly number[]): number {
  return types.includes(DEFAULT_CARD_TYPE) || types.length === 0 ? DEFAULT_CARD_TYPE : types[0]
}

/** The channels offered on card type 1: those its items name. */
export function channelsOf(items: readonly FormItem[]): string[] {
  const channels = new Set(
    items
      .filter((item) => item.cardTypeMi === DEFAULT_CARD_TYPE && item.channelNumber)
      .map((i) => i.channelNumber),
  )
  return [...channels].sort()
}

export function initialChannel(channels: readonly string[]): string {
  return channels.includes(DEFAULT_CHANNEL) || channels.length === 0 ? DEFAULT_CHANNEL : channels[0]
}

/**
 * The items shown for a card type: its own and those for every type (0). On card type 1 an item that names a
 * channel shows only for that channel; an item without one belongs to every channel.
 */
export function visibleItems(items: readonly FormItem[], cardType: number, channel: string): FormItem[] {
  return items.filter(
    (item) =>
      (item.cardTypeMi === ALL_CARD_TYPES || item.cardTypeMi === cardType) &&
      (cardType !== DEFAULT_CARD_TYPE || !item.channelNumber || item.channelNumber === channel),
  )
}

/** A city-select value: province and city, as submitted and shown. */
export const CITY_SEPARATOR = ', '
