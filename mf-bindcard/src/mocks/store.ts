/*
 * The demo API's in-memory data (DESIGN.md §7): the form card-init answers and the binds received, kept until
 * the process ends (or `resetStore()` in tests).
 */

/** Demo scenario ids and values (see README.md). */
export const SCENARIOS = {
  /** card-init fails with a server error for this product_id. */
  productInitError: 'error',
  /** A bind or card change is refused when an account number (phone or card) ends with this. */
  failingAccountSuffix: '0000',
} as const

export const BIND_FAILURE_MESSAGE = 'Demo: this account could not be verified. Please check the number.'

/**
 * Card type 1 is the e-wallet (channels 90006 GCash and 90007 Maya), card type 2 the bank card; the city, the
 * birth date and the ZIP code belong to every type (cardTypeMi 0). Every `cate` and input type appears.
 */
export const DEMO_ITEMS = [
  {
    code: 'walletPhone',
    title: 'GCash number',
    subtitle: 'Mobile number registered with GCash',
    cate: 'txt',
    value: '',
    note: [],
    inputType: 'phone',
    cardTypeMi: 1,
    channelNumber: '90006',
  },
  {
    code: 'mayaPhone',
    title: 'Maya number',
    subtitle: 'Mobile number registered with Maya',
    cate: 'txt',
    value: '',
    note: [],
    inputType: 'phone',
    cardTypeMi: 1,
    channelNumber: '90007',
  },
  {
    code: 'bankCode',
    title: 'Bank',
    subtitle: 'Choose your bank',
    cate: 'enum',
    value: '',
    note: [
      { name: 'BDO Unibank', type: 'BDO' },
      { name: 'Bank of the Philippine Islands', type: 'BPI' },
      { name: 'Metrobank', type: 'MBTC' },
      { name: 'Land Bank of the Philippines', type: 'LBP' },
    ],
    inputType: '',
    cardTypeMi: 2,
    channelNumber: '',
  },
  {
    code: 'cardNo',
    title: 'Bank card number',
    subtitle: 'Card or account number',
    cate: 'txt',
    value: '',
    note: [],
    inputType: 'bankCard',
    cardTypeMi: 2,
    channelNumber: '',
  },
  {
    code: 'city',
    title: 'City of residence',
    subtitle: 'Choose your province and city',
    cate: 'city select',
    value: '',
    note: [
      { name: 'Quezon City', type: 'Metro Manila' },
      { name: 'Makati', type: 'Metro Manila' },
      { name: 'Cebu City', type: 'Cebu' },
      { name: 'Mandaue', type: 'Cebu' },
      { name: 'Davao City', type: 'Davao del Sur' },
    ],
    inputType: '',
    cardTypeMi: 0,
    channelNumber: '',
  },
  {
    code: 'birthday',
    title: 'Date of birth',
    subtitle: 'YYYY-MM-DD',
    cate: 'day',
    value: '',
    note: [],
    inputType: '',
    cardTypeMi: 0,
    channelNumber: '',
  },
  {
    code: 'zipCode',
    title: 'ZIP code',
    subtitle: '4-digit ZIP code',
    cate: 'txt',
    value: '',
    note: [],
    inputType: 'number',
    cardTypeMi: 0,
    channelNumber: '',
  },
]

export interface StoredBind {
  path: string
  body: Record<string, string>
}

let binds: StoredBind[] = []

export function recordBind(bind: StoredBind): void {
  binds.push(bind)
}

export function listBinds(): readonly StoredBind[] {
  return binds
}

export function resetStore(): void {
  binds = []
}
