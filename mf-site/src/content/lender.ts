import type { Settings } from 'shared/contract'

/**
 * The lender as the deployment's settings state it (ADR 0038): each detail only when it was set, and the
 * service e-mail as its address. The documents leave out or mark what is missing, never fill it in.
 */
export interface Lender {
  name?: string
  secNo?: string
  authorityNo?: string
  address?: string
  email: string
}

export const lenderOf = (settings: Settings): Lender => ({
  name: settings.lenderName,
  secNo: settings.lenderSecRegistrationNo,
  authorityNo: settings.lenderCertificateOfAuthorityNo,
  address: settings.lenderAddress,
  email: settings.serviceEmail,
})
