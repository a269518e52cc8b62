import { MESSAGES } from './messages'
import type { LegalSection } from './legal-section'
import type { Lender } from './lender'

export function privacyPolicySections(lender: Lender): LegalSection[] {
  const { name, secNo, authorityNo, address } = lender
  // The controller's details are a statement the policy must make: one the settings lack says so.
  const detail = (value: string | undefined) => value ?? MESSAGES.lenderDetailUnavailable
  return [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      paragraphs: [
        (name
          ? `This Privacy Policy explains how ${name} ("we", "us", "our") collects, uses, discloses and protects `
          : 'This Privacy Policy explains how we collect, use, disclose and protect ') +
          'your personal information when you visit our website, use our mobile application or apply ' +
          'for a loan with us. We process personal information in accordance with the Data Privacy Act of 2012 ' +
          '(Republic Act No. 10173) and its implementing rules.',
        'The personal information controller is:',
      ],
      items: [
        `Company name: ${detail(name)}`,
        `SEC Registration No.: ${detail(secNo)}`,
        `Certificate of Authority No.: ${detail(authorityNo)}`,
        `Address: ${detail(address)}`,
        `E-mail: ${lender.email}`,
      ],
    },
    {
      id: 'collection',
      heading: 'Information we collect',
      paragraphs: [
        'We collect only the information we need to assess your application, provide your loan, meet our ' +
          'legal obligations and keep your account secure. This includes:',
      ],
      items: [
        'Identity details: your full name, date of birth, sex, civil status, nationality and the details and photo of a government-issued ID.',
        'Contact details: your mobile number, e-mail address and permanent and current addresses.',
        'Employment and financial details: your employer or business, monthly income and pay day, and the bank or e-wallet account you ask us to pay into and collect from.',
        'Loan details: your applications, loan offers, repayments, prolongations and any messages or complaints you send us.',
        'Device information, as described in the next section.',
      ],
    },
    {
      id: 'device-information',
      heading: 'Device information',
      paragraphs: [
        'When you use our mobile application, and only with the permission you grant on your device, we collect:',
      ],
      items: [
        'Camera: to take a photo of your ID and a selfie so that we can verify that you are the person applying. We do not access your camera at any other time.',
        'GPS location: your approximate location when you apply, to confirm that you are in the Philippines and to help prevent fraud.',
        'Advertising ID: the resettable advertising identifier of your device, to measure which of our campaigns brought you to us and to detect duplicate or fraudulent applications.',
        'Network information: your IP address, network type and mobile carrier, to protect your account against unauthorised access and to diagnose connection problems.',
      ],
    },
    {
      id: 'use',
      heading: 'How we use your information',
      paragraphs: ['We use your personal information to:'],
      items: [
        'verify your identity and assess your application and your ability to repay;',
        'disburse your loan, collect repayments and send you reminders before and after your due date;',
        'answer your questions and handle your complaints;',
        'prevent, detect and investigate fraud and other unlawful activity;',
        'comply with the law, including anti-money laundering rules and the reporting requirements of the Securities and Exchange Commission and the Credit Information Corporation;',
        'improve our products and, where you have not opted out, tell you about offers that may interest you.',
      ],
    },
    {
      id: 'disclosure',
      heading: 'Disclosure of your information',
      paragraphs: [
        'We do not sell your personal information. We share it only with those who need it to provide our ' +
          'service or whom the law requires us to inform, and only to the extent necessary:',
      ],
      items: [
        'banks, e-wallets and payment centres that process your disbursements and repayments;',
        'identity verification, fraud prevention and credit reporting providers, including the Credit Information Corporation;',
        'service providers that host our systems, send our text messages and e-mails, or assist with collection, each bound by a data sharing or outsourcing agreement;',
        'courts, regulators and law enforcement agencies when we are legally required to do so.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      paragraphs: [
        'Our website uses cookies and similar technologies to keep you signed in, remember your preferences ' +
          'and understand how visitors use our pages. Strictly necessary cookies cannot be switched off because ' +
          'the website does not work without them. You can block or delete other cookies in your browser ' +
          'settings; some features may then stop working.',
      ],
    },
    {
      id: 'minors',
      heading: 'Minors',
      paragraphs: [
        'Our services are intended only for adults. We do not lend to, and do not knowingly collect personal ' +
          'information from, anyone under 18 years of age. If we learn that we have collected information from ' +
          'a person under 18, we will delete it promptly.',
      ],
    },
    {
      id: 'password-security',
      heading: 'Password security',
      paragraphs: [
        'You are responsible for keeping your password and the one-time PINs we send you confidential. Choose ' +
          'a password you do not use anywhere else and never share it with anyone, including people who claim ' +
          'to work for us: our staff will never ask for your password or PIN. If you believe someone has ' +
          'accessed your account, change your password immediately and contact us.',
        'We protect your information with encryption in transit and at rest, access controls and regular ' +
          'security reviews. No system is completely secure, so we cannot guarantee absolute security.',
      ],
    },
    {
      id: 'opt-out',
      heading: 'Your rights and how to opt out',
      paragraphs: [
        'Under the Data Privacy Act you have the right to be informed, to access, to object, to erasure or ' +
          'blocking, to rectification, to data portability and to claim damages. You may:',
      ],
      items: [
        'opt out of marketing messages at any time by following the instructions in the message or by writing to us;',
        'withdraw a device permission (camera, location) in your device settings at any time;',
        'reset your advertising ID or limit ad tracking in your device settings;',
        'ask us for a copy of your personal information or for corrections to it.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      paragraphs: [
        'We may update this Privacy Policy when our services or the law change. We will publish the new ' +
          'version on our website and in our application and, for material changes, notify you by text message ' +
          'or e-mail before the changes take effect.',
      ],
    },
    {
      id: 'grievance-officer',
      heading: 'Grievance officer',
      paragraphs: [
        'Our Grievance Officer, who is also our Data Protection Officer, handles questions and complaints about ' +
          'how we process your personal information. Write to the Grievance Officer by e-mail, with the subject ' +
          (address ? `"Grievance", or by post at ${address}.` : '"Grievance".'),
        'If you are not satisfied with our answer, you may file a complaint with the National Privacy Commission.',
      ],
      email: lender.email,
    },
  ]
}
