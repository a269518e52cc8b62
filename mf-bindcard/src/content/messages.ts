/**
 * Every user-visible string of mf-bindcard. Strings the product spec quotes appear exactly as the spec writes
 * them ('Payment account information', 'Confirm', 'Cancel', 'Next').
 */
export const MESSAGES = {
  title: 'Payment account information',
  loading: 'Loading...',
  retry: 'Try again',
  loadFailed: 'This page could not be loaded.',
  noItems: 'No account details are needed for this card type.',
  openFailed: 'This could not be opened. Please check your connection and try again.',
  close: 'Close',
  next: 'Next',
  confirm: 'Confirm',
  cancel: 'Cancel',
  cardTypes: 'Card type',
  channels: 'Channel',
  choose: 'Please choose',
  /** A visible field left empty when Next is tapped. */
  fillIn: (title: string) => `Please fill in ${title}`,
  /** A card type neither the server nor `CARD_TYPE_NAMES` names. */
  cardType: (type: number) => `Card type ${type}`,
  /** A channel neither the server nor `CHANNEL_NAMES` names. */
  channel: (channel: string) => `Channel ${channel}`,
  province: 'Province',
  city: 'City',
} as const

/**
 * The spec names no card types: ours for the demo data's, shown when the server sends no name (README.md,
 * 'Decisions'). A Map, so a card type or channel such as `constructor` is no name.
 */
export const CARD_TYPE_NAMES: ReadonlyMap<number, string> = new Map([
  [1, 'E-wallet'],
  [2, 'Bank card'],
])

/** The spec names no channels: ours for the demo data's, shown when the server sends no name. */
export const CHANNEL_NAMES: ReadonlyMap<string, string> = new Map([
  ['90006', 'GCash'],
  ['90007', 'Maya'],
])
