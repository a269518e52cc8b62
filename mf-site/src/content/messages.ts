/**
 * Every user-visible string of mf-site. Strings quoted by the product spec appear exactly as the spec
 * writes them; the legal documents themselves live in `src/content/`. Who the lender is, is not written
 * here: the deployment states it in the settings (ADR 0038).
 */

/** The site's in-page sections, keyed by the hash that selects them ('' is Home). */
export const SECTION_HASHES = {
  home: '',
  about: 'about',
  contact: 'contact',
  privacy: 'privacy',
  terms: 'terms',
} as const

export type SectionKey = keyof typeof SECTION_HASHES

export const MESSAGES = {
  nav: {
    label: 'Site sections',
    home: 'Home',
    about: 'About us',
    contact: 'Contact us',
    privacy: 'Privacy Policy',
    terms: 'Loan terms and conditions',
  },
  titles: {
    aboutUs: 'About us',
    privacyPolicy: 'Privacy Policy',
    loanAgreement: 'Loan terms and conditions',
  },
  home: {
    title: (product: string) => `${product}: cash loans made simple`,
    pitch: (product: string) =>
      `${product} lends to Filipinos who need money for the things that cannot wait: school fees, a medical bill, ` +
      'stock for a small business or a repair at home. Apply from your phone, see every fee before you accept, ' +
      'and repay on a schedule that fits your pay day.',
    stepsTitle: 'How it works',
    steps: [
      'Apply in the app with a valid ID and your bank or e-wallet account.',
      'Get our decision within 1 day.',
      'Accept the offer and receive the money within 1 to 3 calendar days.',
      'Repay by the due date through a bank, an e-wallet or an over-the-counter payment centre.',
    ],
    readTerms: 'Read the loan terms and conditions',
  },
  carousel: {
    label: 'Highlights',
    slide: (index: number, total: number) => `${index} of ${total}`,
    pause: 'Pause the highlights',
    play: 'Play the highlights',
    banners: [
      {
        title: 'A decision within 1 day',
        text: 'Apply in minutes from your phone. No queues, no paperwork.',
      },
      {
        title: 'Every fee shown up front',
        text: 'See the full amount to repay before you accept your loan.',
      },
      {
        title: 'Borrow for 91 to 365 days',
        text: 'Choose a term that fits your budget and repay early if you can.',
      },
    ],
  },
  contact: {
    title: 'Contact us',
    intro:
      'Questions about a loan, a payment or your account? Leave your details and a short message and our ' +
      'customer service team will get back to you.',
    name: 'Name',
    telephone: 'Telephone',
    email: 'Email',
    remark: 'Remark',
    submit: 'Submit',
    incomplete: 'Please provide complete information!',
    success: 'Successful!',
  },
  privacyFrame: {
    intro: 'Our Privacy Policy is shown below. Scroll inside the frame to read all of it.',
  },
  /** An e-mail address that opens no mail client is copied on tap instead. */
  emailCopy: {
    copy: 'Copy',
    copied: 'copy success',
    failed: 'Copying is not possible here. Please write the address down.',
  },
  footer: {
    label: 'Company information',
    phone: 'Phone',
    email: 'E-mail',
    address: 'Address',
    secRegistration: (number: string) => `SEC Registration No. ${number}`,
    certificateOfAuthority: (number: string) => `Certificate of Authority No. ${number}`,
    copyright: (year: number, lender: string) => `© ${year} ${lender}`,
  },
  /** Where a document lists a detail of the lender the settings do not give. */
  lenderDetailUnavailable: 'not available',
} as const
