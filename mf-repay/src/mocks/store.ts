import { createCappedStore, MAX_DEMO_VISITORS } from 'shared/mocks'

/*
 * What the demo pay call was asked, for tests (one entry per request the server received), kept under the
 * visitor who asked (`visitorKey`, ADR 0027) and capped: the demo is public and runs for weeks.
 */

export interface RecordedPay {
  form: Record<string, string>
  key: string | null
}

/** Pay requests a visitor keeps (the oldest goes first). */
export const MAX_PAYS_PER_VISITOR = 50

const pays = createCappedStore<RecordedPay>({ perKey: MAX_PAYS_PER_VISITOR, keys: MAX_DEMO_VISITORS })

export function recordPay(visitor: string, form: Record<string, string>, key: string | null): void {
  pays.add(visitor, { form, key })
}

/** The visitor's pay requests, oldest first; without a visitor, every visitor's (tests run as one). */
export function listPays(visitor?: string): readonly RecordedPay[] {
  return visitor === undefined ? pays.all() : pays.list(visitor)
}

export function resetStore(): void {
  pays.clear()
}
