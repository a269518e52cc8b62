import type { LegalSection } from './legal-section'
import type { Lender } from './lender'

/**
 * The Lender as the parties clause names it: with every detail the settings give, else by its name (or its
 * role) and a plain statement that the rest is missing.
 */
function lenderOfParties(lender: Lender): string {
  const { name, secNo, authorityNo, address } = lender
  if (name && secNo && authorityNo && address) {
    return (
      `${name}, a lending company with SEC Registration No. ${secNo} and Certificate of Authority No. ` +
      `${authorityNo}, with its office at ${address}`
    )
  }
  return `${name ?? 'the lending company that operates this service'}, whose full company details are not available here`
}

export function loanTermsSections(lender: Lender): LegalSection[] {
  return [
    {
      id: 'parties',
      heading: 'Parties',
      paragraphs: [
        `These terms and conditions form the agreement between ${lenderOfParties(lender)} (the Lender), and ` +
          'the person who applies for and accepts a loan (the Borrower).',
        'By accepting a loan offer the Borrower confirms that they have read, understood and agreed to these ' +
          'terms, to the loan details shown on the confirmation page and to the Privacy Policy.',
      ],
    },
    {
      id: 'eligibility',
      heading: 'Eligibility',
      paragraphs: ['The Lender lends only to a Borrower who:'],
      items: [
        'is a Filipino citizen;',
        'is over 18 years of age;',
        'has full legal capacity to enter into a contract;',
        'has a permanent address in the Philippines.',
      ],
    },
    {
      id: 'lifecycle',
      heading: 'How a loan proceeds',
      paragraphs: ['Each loan goes through the following stages:'],
      items: [
        'Application: the Borrower applies through the Lender’s application and provides the information requested.',
        'Decision: the Lender decides on the application within 1 day and informs the Borrower of the result.',
        'Credit: after the Borrower accepts the offer, the funds are credited to the Borrower’s account within 1 to 3 calendar days after acceptance.',
        'Maturity: the loan and the interest fall due on the repayment date shown on the confirmation page.',
        'Default: an amount not repaid by the repayment date is overdue and the loan is in default.',
        'Prolongation: before or after the repayment date the Borrower may ask to prolong the loan, as described below.',
      ],
    },
    {
      id: 'loan-amount',
      heading: 'Loan Amount',
      paragraphs: [
        'The loan amount is the principal the Lender agrees to lend, as shown on the confirmation page before ' +
          'the Borrower accepts. The Lender sets the amount offered according to its assessment of the ' +
          'application and may offer less than the amount requested.',
        'The loan amount is paid only into a bank or e-wallet account in the Borrower’s own name.',
      ],
    },
    {
      id: 'loan-term',
      heading: 'Loan Term',
      paragraphs: [
        'The loan term is from 91 to 365 calendar days, counted from the day the funds are credited. The exact ' +
          'term and the repayment date are shown on the confirmation page.',
        'The Borrower may repay the whole loan before the repayment date once half of the loan term has ' +
          'elapsed and at least 7 calendar days have passed since disbursement. Interest is then charged only ' +
          'for the days the loan was outstanding.',
      ],
    },
    {
      id: 'interest',
      heading: 'Interest',
      paragraphs: [
        'Interest accrues daily on the outstanding principal from the day the funds are credited until the day ' +
          'the loan is repaid in full. The interest rate, the total interest and the total amount to repay are ' +
          'shown on the confirmation page before the Borrower accepts the loan, and do not change during the ' +
          'loan term.',
        'Payments are applied first to penalties and fees, then to late interest, then to interest and finally ' +
          'to principal.',
      ],
    },
    {
      id: 'late-payment',
      heading: 'Late Payment Penalties and Fees',
      paragraphs: [
        'If the Borrower does not repay in full by the repayment date, a default penalty of Rs.1,000 for new ' +
          'clients and Rs.800 for repeat clients is charged once.',
        'In addition, late interest is charged on the unpaid amount for each day it remains overdue:',
      ],
      items: [
        '5% per day on days 1 to 30 of the delay;',
        '4% per day on days 31 to 90 of the delay;',
        '2% per day from day 91 of the delay.',
      ],
    },
    {
      id: 'prolongation',
      heading: 'Prolongation',
      paragraphs: [
        'The Borrower may ask to prolong the loan by paying the prolongation amount shown in the application. ' +
          'Once it is paid the repayment date moves to the new date shown, and no default penalty or late ' +
          'interest accrues for the prolonged period. The Lender may refuse a prolongation, in particular if ' +
          'an event of default has occurred.',
      ],
    },
    {
      id: 'default-events',
      heading: 'Events of Default',
      paragraphs: [
        'Each of the following is an event of default, after which the Lender may declare the whole outstanding ' +
          'amount immediately due:',
      ],
      items: [
        'the Borrower fails to repay any amount by the repayment date;',
        'the Borrower gave false, incomplete or misleading information in the application;',
        'the Borrower fails to notify a change of name, date of birth or address as required below;',
        'the Borrower becomes insolvent or a court orders the seizure of the Borrower’s property.',
      ],
    },
    {
      id: 'borrower-obligations',
      heading: 'Borrower’s obligations',
      paragraphs: [
        'The Borrower must notify the Lender of any change of name, date of birth or address within 3 calendar ' +
          'days of the change, and keep the mobile number and payment account registered with the Lender up ' +
          'to date.',
      ],
    },
    {
      id: 'assignment',
      heading: 'Assignment',
      paragraphs: [
        'The Lender may assign its rights under this agreement to a third party after giving the Borrower at ' +
          'least 7 business days’ notice. The assignment does not change the Borrower’s obligations or make ' +
          'them more onerous. The Borrower may not assign their obligations without the Lender’s written consent.',
      ],
    },
    {
      id: 'disputes',
      heading: 'Disputes and governing law',
      paragraphs: [
        'This agreement is governed by the laws of the Republic of the Philippines. The parties will first try ' +
          'to settle any dispute amicably; the Borrower may also contact the Lender’s customer service or file ' +
          'a complaint with the Securities and Exchange Commission.',
        'If a court gives judgment against the Borrower, the Borrower must pay the amount of the judgment ' +
          'within 10 days of the judgment.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      paragraphs: ['Questions about these terms can be sent to the Lender by e-mail.'],
      email: lender.email,
    },
  ]
}
