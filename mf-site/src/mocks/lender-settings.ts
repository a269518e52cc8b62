import type { Settings } from 'shared/contract'

/**
 * A deployment's statement of the lender (ADR 0038), for the screens' tests: values found nowhere in the
 * site's own text, so a screen can only show them by reading the settings.
 */
export const TEST_LENDER = {
  lenderName: 'Kalesa Lending Corp.',
  lenderSecRegistrationNo: 'CS2024-77777',
  lenderCertificateOfAuthorityNo: '4242',
  lenderAddress: '12 Test Street, Quezon City',
} satisfies Partial<Settings>

/**
 * Details the site once wrote into its own text as if they were the lender's: no screen may show them, with
 * the deployment's identity or without one.
 */
export const FORMERLY_INVENTED = /CashLoan Lending Corporation|CS201912345|No\.:? 3125|Sunbridge|Makati/
