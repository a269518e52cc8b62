import { createCappedStore, MAX_DEMO_VISITORS } from 'shared/mocks'

/*
 * The demo API's in-memory data (DESIGN.md §7): the form card-init answers and the binds received, each kept
 * under the visitor who sent it (`visitorKey`, ADR 0027) until the process ends, the cap below drops it, or
 * `resetStore()` in tests.
 */

/** Demo scenario ids and values (see README.md). */
export const SCENARIOS = {
  /** card-init fails with a server error for this product_id. */
  productInitError: 'error',
  /** card-init answers `REALISTIC_ITEMS`, shaped as a real backend plausibly sends the form, for this product_id. */
  realisticProduct: 'realistic',
  /** A bind or card change is refused when an account number (phone or card) ends with this. */
  failingAccountSuffix: '0000',
} as const

export const BIND_FAILURE_MESSAGE = 'Demo: this account could not be verified. Please check the number.'

/** A card-init item's fields as the spec names them; `cardInitItem` fills those left out. */
interface SpecItem {
  code: string
  title: string
  subtitle: string
  cate: string
  value?: string
  note?: { name: string; type: string }[]
  inputType?: string
  cardTypeMi?: number
  channelNumber?: string
  required?: number
}

/**
 * A card-init item with every field the spec names, in its order: what `item` leaves out is empty (no value,
 * no options, no input type, no channel) or every card type (cardTypeMi 0). Other fields follow.
 */
export function cardInitItem({
  code,
  title,
  subtitle,
  cate,
  value = '',
  note = [],
  inputType = '',
  cardTypeMi = 0,
  channelNumber = '',
  ...rest
}: SpecItem & Record<string, unknown>) {
  return { code, title, subtitle, cate, value, note, inputType, cardTypeMi, channelNumber, ...rest }
}

/** An e-wallet's account: the phone number registered with it, on its channel. */
const walletPhone = (code: string, wallet: string, channelNumber: string) =>
  cardInitItem({
    code,
    title: `${wallet} number`,
    subtitle: `Mobile number registered with ${wallet}`,
    cate: 'txt',
    inputType: 'phone',
    cardTypeMi: 1,
    channelNumber,
    required: 1,
  })

/**
 * Card type 1 is the e-wallet (channels 90006 GCash and 90007 Maya), card type 2 the bank card; the city, the
 * birth date and the ZIP code belong to every type (cardTypeMi 0). Every `cate` and input type appears. Every
 * field is `required` but the ZIP code, which may be left empty.
 */
export const DEMO_ITEMS = [
  walletPhone('walletPhone', 'GCash', '90006'),
  walletPhone('mayaPhone', 'Maya', '90007'),
  cardInitItem({
    code: 'bankCode',
    title: 'Bank',
    subtitle: 'Choose your bank',
    cate: 'enum',
    note: [
      { name: 'BDO Unibank', type: 'BDO' },
      { name: 'Bank of the Philippine Islands', type: 'BPI' },
      { name: 'Metrobank', type: 'MBTC' },
      { name: 'Land Bank of the Philippines', type: 'LBP' },
    ],
    cardTypeMi: 2,
    required: 1,
  }),
  cardInitItem({
    code: 'cardNo',
    title: 'Bank card number',
    subtitle: 'Card or account number',
    cate: 'txt',
    inputType: 'bankCard',
    cardTypeMi: 2,
    required: 1,
  }),
  cardInitItem({
    code: 'city',
    title: 'City of residence',
    subtitle: 'Choose your province and city',
    cate: 'city select',
    note: [
      { name: 'Quezon City', type: 'Metro Manila' },
      { name: 'Makati', type: 'Metro Manila' },
      { name: 'Cebu City', type: 'Cebu' },
      { name: 'Mandaue', type: 'Cebu' },
      { name: 'Davao City', type: 'Davao del Sur' },
    ],
    required: 1,
  }),
  cardInitItem({
    code: 'birthday',
    title: 'Date of birth',
    subtitle: 'YYYY-MM-DD',
    cate: 'day',
    required: 1,
  }),
  cardInitItem({
    code: 'zipCode',
    title: 'ZIP code',
    subtitle: '4-digit ZIP code',
    cate: 'txt',
    inputType: 'number',
  }),
]

/**
 * The form as a real backend plausibly sends it where the spec leaves types and keys open (README.md,
 * 'Demo API'): the spec's `text` cate (and `Text`), numbers as strings and strings as numbers, null where a
 * field has nothing, its own names for card types and channels (one channel we do not name), one code per
 * account across channels, `isRequired` on the fields it needs and no flag on optional ones, a field type
 * the screen does not know, and the birthday it has on file as a unix time in seconds.
 */
export const REALISTIC_ITEMS: unknown[] = [
  ...[
    { channelNumber: 90006, channelName: 'GCash', title: 'GCash Number' },
    { channelNumber: '90007', channelName: 'PayMaya', title: 'PayMaya Account Number' },
    { channelNumber: 90011, channelName: 'ShopeePay', title: 'ShopeePay Mobile Number' },
  ].map((channel) => ({
    code: 'account_no',
    ...channel,
    subtitle: '09XX XXX XXXX',
    cate: 'text',
    value: '',
    note: null,
    inputType: 'phone',
    cardTypeMi: '1',
    cardTypeName: 'E-Wallet',
    isRequired: 1,
  })),
  {
    code: 'bank_code',
    title: 'Bank Name',
    subtitle: 'Select your bank',
    cate: 'enum',
    value: null,
    note: [
      { name: 'BDO Unibank, Inc.', type: '010530667' },
      { name: 'Bank of the Philippine Islands', type: 10040018 },
      { name: 'Metropolitan Bank and Trust Company', type: '010269996' },
      { name: 'UnionBank of the Philippines', type: 10419995 },
      { name: 'Land Bank of the Philippines', type: '010350025' },
    ],
    inputType: null,
    cardTypeMi: 2,
    cardTypeName: 'Bank Account',
    channelNumber: null,
    isRequired: '1',
  },
  {
    code: 'bank_card_no',
    title: 'Account Number',
    subtitle: null,
    cate: 'Text',
    value: '',
    inputType: 'bankCard',
    cardTypeMi: '2',
    cardTypeName: 'Bank Account',
    isRequired: true,
  },
  {
    code: 'city',
    title: 'City / Municipality',
    subtitle: 'Province, City',
    cate: 'city select',
    value: '',
    note: [
      { name: 'Quezon City', type: 'Metro Manila' },
      { name: 'Pasig', type: 'Metro Manila' },
      { name: 'Cebu City', type: 'Cebu' },
      { name: 'Lapu-Lapu City', type: 'Cebu' },
    ],
    cardTypeMi: '0',
    isRequired: 1,
  },
  {
    code: 'birthday',
    title: 'Birthday',
    subtitle: '',
    cate: 'day',
    // 1995-08-21, noon in Manila: the same day in every time zone the demo or a test runs in.
    value: 808977600,
    cardTypeMi: 0,
    isRequired: 1,
  },
  {
    code: 'postal_code',
    title: 'Postal Code (optional)',
    subtitle: '4 digits',
    cate: 'txt',
    value: '',
    inputType: 'number',
    cardTypeMi: 0,
  },
  {
    code: 'email',
    title: 'Email (optional)',
    subtitle: 'name@example.com',
    cate: 'email',
    value: '',
    cardTypeMi: 0,
  },
]

export interface StoredBind {
  path: string
  body: Record<string, string>
}

/** Binds a visitor keeps (the oldest goes first). */
export const MAX_BINDS_PER_VISITOR = 20

const binds = createCappedStore<StoredBind>({ perKey: MAX_BINDS_PER_VISITOR, keys: MAX_DEMO_VISITORS })

export function recordBind(visitor: string, bind: StoredBind): void {
  binds.add(visitor, bind)
}

/** The visitor's binds, oldest first; without a visitor, every visitor's (tests run as one). */
export function listBinds(visitor?: string): readonly StoredBind[] {
  return visitor === undefined ? binds.all() : binds.list(visitor)
}

export function resetStore(): void {
  binds.clear()
}
