// On their own, without runtime imports: vite.config.ts reads them (through first-calls.ts) in plain Node,
// which cannot load the workspace's TypeScript packages.

export const LOAN_PLAY_DETAIL_PATH = '/v3/installment/loan-play-detail'
/** DESIGN.md §3 fixes the path the spec leaves obfuscated. */
export const DELAY_PLAY_DETAIL_PATH = '/v3/installment/delay-play-detail'
export const GENERATE_VCODE_PATH = '/v3/loan-details/generate-vcode'
/** DESIGN.md §3: the legacy repayment calls live outside the API base, on the API's origin. */
export const LEGACY_BASE = '/api/v1/h5/service/loan'
export const REPAYMENT_WAY_PATH = '/repayment-way'
