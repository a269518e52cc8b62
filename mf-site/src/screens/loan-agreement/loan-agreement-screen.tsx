import type { Settings } from 'shared/contract'
import { MESSAGES } from '../../content/messages'
import { LegalDocument } from '../../components/legal-document'
import { loanTermsSections } from '../../content/loan-terms'
import { lenderOf } from '../../content/lender'

/** The loan terms; also the marketing site's "Loan terms and conditions" section. */
export function LoanAgreementScreen({ settings }: { settings: Settings }) {
  return (
    <div className="site-page">
      <LegalDocument title={MESSAGES.titles.loanAgreement} sections={loanTermsSections(lenderOf(settings))} />
    </div>
  )
}
