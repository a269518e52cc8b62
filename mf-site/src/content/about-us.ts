import type { LegalSection } from './legal-section'
import type { Lender } from './lender'

export function aboutUsSections(lender: Lender): LegalSection[] {
  const { name, secNo, authorityNo, address } = lender
  return [
    {
      id: 'mission',
      heading: 'Our mission',
      paragraphs: [
        'We believe that borrowing a modest amount of money should be quick, fair and easy to understand. ' +
          'Our mission is to give working Filipinos access to responsible credit when they need it, with ' +
          'terms they can read in plain language and repay without surprises.',
        // One statement of registration: made whole or not at all.
        ...(name && secNo && authorityNo
          ? [
              `${name} is a lending company registered with the Securities and Exchange Commission ` +
                `(SEC Registration No. ${secNo}) and authorised to operate as a lending company ` +
                `(Certificate of Authority No. ${authorityNo}).`,
            ]
          : []),
      ],
    },
    {
      id: 'advantages',
      heading: 'Why borrowers choose us',
      paragraphs: ['Four promises guide every loan we make:'],
      items: [
        'Quick approval: apply from your phone and get our decision within 1 day.',
        'Transparent fees: the amount you receive, the interest and the total to repay are shown before you accept. There are no hidden charges.',
        'Flexible repayment: choose a loan term that suits your budget, repay early when you can, or ask for a prolongation if you need more time.',
        'Safe and reliable: your personal data is encrypted, used only as our Privacy Policy describes, and never sold.',
      ],
    },
    {
      id: 'team',
      heading: 'Our team',
      paragraphs: [
        'Our team brings together people from banking, microfinance, software engineering and ' +
          'customer care. We review every product decision with one question in mind: would we be comfortable ' +
          'explaining it to a member of our own family?',
        'Our customer service officers speak English and Filipino and are trained to help borrowers who are ' +
          'having difficulty repaying to find a workable plan rather than fall further behind.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      paragraphs: [
        'For questions about your application, your loan or this website, write to us. Please include your ' +
          'registered mobile number so that we can find your account quickly. We never ask for your password ' +
          'or one-time PIN by e-mail.',
        ...(address ? [`Office address: ${address}.`] : []),
      ],
      email: lender.email,
    },
  ]
}
