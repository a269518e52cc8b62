import { MESSAGES } from '../../app/messages'
import { LegalDocument } from '../../components/legal-document'
import { LOAN_TERMS_SECTIONS } from '../../content/loan-terms'

/** The loan terms; also the marketing site's "Loan terms and conditions" section. */
export function LoanAgreementScreen() {
  return (
    <div className="site-page">
      <LegalDocument title={MESSAGES.titles.loanAgreement} sections={LOAN_TERMS_SECTIONS} />
    </div>
  )
}
