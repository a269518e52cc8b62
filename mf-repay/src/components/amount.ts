const AMOUNT = /^\d+(?:\.\d{1,2})?$/

/**
 * An amount of pesos as a link or the server writes it ('1530.00'): digits with at most two decimals, more
 * than zero. The one rule every page of this remote applies before it shows or sends an amount: anything else
 * ('-1', 'abc', '<script>', '0') is no amount.
 */
export function isAmount(value: string): boolean {
  return AMOUNT.test(value) && Number(value) > 0
}
