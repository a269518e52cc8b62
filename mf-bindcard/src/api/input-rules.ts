/**
 * The spec's input rules for the bank screen's text fields (section 5). What is kept is digits only; what is
 * shown may add spaces, which are never submitted.
 */

export const PHONE_DIGITS = 11

function digits(value: string): string {
  return value.replace(/\D/g, '')
}

/** The value kept for a text field of `inputType`: digits only, a phone capped at 11. */
export function keepValue(inputType: string, typed: string): string {
  const kept = digits(typed)
  return inputType === 'phone' ? kept.slice(0, PHONE_DIGITS) : kept
}

/** The kept value as the field shows it: a phone as 3-4-4, a bank card in groups of 4. */
export function showValue(inputType: string, kept: string): string {
  if (inputType === 'phone') {
    return [kept.slice(0, 3), kept.slice(3, 7), kept.slice(7, 11)].filter(Boolean).join(' ')
  }
  if (inputType === 'bankCard') return (kept.match(/.{1,4}/g) ?? []).join(' ')
  return kept
}
