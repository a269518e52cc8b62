import type { RemoteHead } from 'shared/remote/head'

/** What the promotion landing, which ad links share, says of itself (ADR 0031); in the landing's language. */
export const HEAD = {
  '/promotion': { description: '用手机号注册，即可在手机上申请现金贷款。' },
} satisfies RemoteHead
