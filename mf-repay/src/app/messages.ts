/**
 * Every user-visible string of mf-repay. Strings the product spec quotes ('more', 'hide', 'Payment Method',
 * 'Your next payment date is', 'Plan', 'copy success') appear exactly as the spec writes them.
 */

export const MESSAGES = {
  common: {
    loading: 'Loading...',
    retry: 'Try again',
    loadFailed: 'This page could not be loaded.',
    notAvailable: 'This page is not available yet',
    notAvailableBody: 'It has not been released yet. Please check back later.',
    /** A repayment page whose link names no order (or, for the legacy page, no valid amount). */
    badLink: 'This repayment link is incomplete. Please open it again from your loan details.',
    productLogo: (name: string) => `${name} logo`,
  },
  repay: {
    title: 'Repayment',
    repayDate: 'Repayment date',
    repayAmount: 'Repayment amount',
    details: 'Repayment details',
    more: 'more',
    hide: 'hide',
    banner: 'How to repay? Read the payment instructions',
    paymentMethod: 'Payment Method',
  },
  delay: {
    title: 'Rollover Repayment',
    nextDate: 'Your next payment date is',
    plan: 'Plan',
    failed: 'Your rollover details could not be loaded.',
  },
  payCode: {
    label: 'Pay code',
    contract: 'Contract number',
    copy: 'Copy',
    copied: 'copy success',
    copyFailed: 'Copying is not possible here. Please write the code down.',
    steps: 'How to pay with this code',
  },
  picker: {
    channels: 'Payment channels',
    pay: 'Pay now',
    paying: 'Opening the payment page...',
    cancel: 'Cancel',
  },
  pay: {
    checkOrder: 'Check my order status',
    noChannels: 'No payment channel is available for this order right now.',
  },
  code: {
    title: 'Repayment',
    amount: 'Total payment',
    channelImage: 'Payment channel',
    qrImage: 'Payment QR code',
    scanTips: [
      'Open your e-wallet app and choose Scan to pay.',
      'Scan this QR code and check the amount.',
      'Confirm the payment in your e-wallet app.',
    ],
    badLink: 'This repayment link is incomplete. Please open it again from your repayment page.',
    nothingStored: 'No repayment was started on this device. Please open your repayment page first.',
    backToRepay: 'Go to my repayment',
    notices: 'Payment notices',
  },
  instructions: {
    title: 'Payment instructions',
    intro: 'Pay with the Reference_no shown on your repayment page. Tap a picture to enlarge it.',
    channels: [
      {
        name: 'GCash',
        steps: [
          'Open the GCash app and tap Bills.',
          'Choose Loans and search for your lender.',
          'Enter your Reference_no and the amount, then tap Next.',
          'Check the details and tap Confirm.',
        ],
      },
      {
        name: 'Maya',
        steps: [
          'Open the Maya app and tap Bills.',
          'Search for your lender.',
          'Enter your Reference_no and the amount, then tap Continue.',
          'Check the details and tap Pay.',
        ],
      },
      {
        name: 'Offline stores (7-Eleven, Cebuana Lhuillier, M Lhuillier)',
        steps: [
          'Go to the counter and say you want to pay a bill to your lender.',
          'Give your Reference_no and the amount to the cashier.',
          'Pay and keep the receipt until your repayment shows in the app.',
        ],
      },
    ],
    step: (number: number) => `Step ${number}`,
    enlarge: (channel: string, number: number) => `Enlarge step ${number} of ${channel}`,
    pictures: (channel: string) => `${channel}: step pictures`,
    close: 'Close',
    openFailed: 'This could not be opened. Please check your connection.',
    retry: 'Try again',
  },
  legacy: {
    title: 'Card repayment',
    amount: 'Repayment amount',
    cards: 'Payment card',
    alipay: 'Alipay',
    pay: 'Repay now',
    paying: 'Processing...',
    codeTitle: 'Verification code',
    codeLabel: 'SMS code',
    codeHint: 'Enter the verification code we sent to your phone by SMS.',
    resend: 'Send again',
    countdown: (seconds: number) => `${seconds}s`,
    confirm: 'Confirm',
    cancel: 'Cancel',
    // The spec names these Chinese messages by their meaning only; the wording here is ours.
    /** 'Please select a payment card first.' */
    selectCard: '请先选择支付银行卡',
    /** 'Please enter the correct verification code.' (fewer than 6 characters) */
    badCode: '请输入正确的验证码',
    /** 'The verification code is wrong.' (code 800006) */
    wrongCode: '验证码错误',
    /** 'Please do not submit the payment request twice.' (code 800005) */
    duplicate: '请勿重复提交支付请求',
    /** 'The bank card query failed.' (the card list could not be loaded) */
    cardsFailed: '银行卡查询失败',
    /** A call that got no answer (network error, timeout), as the spec writes it. */
    network: 'error',
  },
} as const
