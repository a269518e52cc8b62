/** What the demo pay call was asked, for tests (one entry per request the server received). */
const pays: { form: Record<string, string>; key: string | null }[] = []

export function recordPay(form: Record<string, string>, key: string | null): void {
  pays.push({ form, key })
}

export function listPays(): readonly { form: Record<string, string>; key: string | null }[] {
  return pays
}

export function resetStore(): void {
  pays.length = 0
}
