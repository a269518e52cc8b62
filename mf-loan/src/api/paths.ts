// On their own, without runtime imports: vite.config.ts reads them (through first-calls.ts) in plain Node,
// which cannot load the workspace's TypeScript packages.

export const LOAN_DETAILS_PATH = '/v3/loan-details/loan-details'
export const GOOGLE_SCORE_PATH = '/v3/loan-details/google-score'
export const JOINT_FAILURE_PATH = '/v4/joint/failure-info'

// The loan confirmation (v1: the spec's paths; v2: DESIGN.md §3).
export const CONFIRM_PATHS = {
  v1: {
    detail: '/v3/loan-confirm/loan-detail-confirm',
    agreements: '/v3/contract/contract',
    agreementLink: '/v3/contract/contract-jump',
    push: '/v3/loan-confirm/loan-detail-push',
  },
  v2: {
    detail: '/v4/loan-confirm/detail',
    agreements: '/v4/contract/list',
    agreementLink: '/v4/contract/link',
    push: '/v4/loan-confirm/push',
  },
} as const

/** The agreements of a loan confirmation (the spec's "agreement scene 3"). */
export const AGREEMENT_SCENE = 3
