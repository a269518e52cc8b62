// On their own, without runtime imports: vite.config.ts reads them (through first-calls.ts) in plain Node,
// which cannot load the workspace's TypeScript packages.

export const LOAN_DETAILS_PATH = '/v3/loan-details/loan-details'
export const GOOGLE_SCORE_PATH = '/v3/loan-details/google-score'
export const JOINT_FAILURE_PATH = '/v4/joint/failure-info'
