import type { RemoteHead } from 'shared/remote/head'

/** What the site's pages say of themselves to search engines and shared links (ADR 0031). */
export const HEAD = {
  '/': { description: 'Cash loans on your phone: apply in minutes, follow your loan and repay it online.' },
  '/aboutUs': { description: 'Who we are, how our cash loans work and how to reach our customer service.' },
  '/privacyPolicy': {
    description: 'How we collect, use and protect your personal data when you apply for a loan and repay it.',
  },
  '/loanAgreement': {
    description: 'The terms and conditions of our cash loans: amounts, fees, repayment and your rights.',
  },
} satisfies RemoteHead
