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
  /** The spec names no card types; the demo data's types are these (README.md, 'Decisions'). */
  cardType: (type: number) => CARD_TYPE_NAMES[type] ?? `Card type ${type}`,
  /** The spec names no channels; the ones the demo data uses are these (README.md, 'Decisions'). */
  channel: (channel: string) => CHANNEL_NAMES[channel] ?? `Channel ${channel}`,
  province: 'Province',
  city: 'City',
} as const

const CARD_TYPE_NAMES: Record<number, string> = { 1: 'E-wallet', 2: 'Bank card' }

const CHANNEL_NAMES: Record<string, string> = { '90006': 'GCash', '90007': 'Maya' }
