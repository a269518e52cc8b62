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
    /** A QR picture the page may not show (a host the deployment does not list) or that failed to load. */
    qrUnavailable:
      'This QR code cannot be shown here. Please choose another payment method, or contact customer service.',
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
  /**
   * The legacy card repayment is a Chinese page: the spec writes its messages in Chinese (issue #25, item 8),
   * so every label, button and message of it is Chinese; only 'error' and the loading toast are the spec's own.
   */
  legacy: {
    title: '银行卡还款',
    amount: '还款金额',
    cards: '支付方式',
    alipay: '支付宝',
    pay: '立即还款',
    paying: '处理中...',
    codeTitle: '短信验证',
    codeLabel: '验证码',
    codeHint: '请输入发送到您手机上的短信验证码。',
    resend: '重新发送',
    countdown: (seconds: number) => `${seconds}秒`,
    confirm: '确认',
    cancel: '取消',
    loading: '加载中...',
    retry: '重试',
    loadFailed: '页面加载失败，请稍后重试。',
    badLink: '还款链接不完整，请从借款详情页重新打开。',
    checkOrder: '查看订单状态',
    /** A money call whose answer never came (ADR 0012): it may have been done. */
    unknown: '暂时无法确认支付结果，请先查看订单状态，再决定是否重新支付。',
    /** An answer the page cannot read (not the spec's fields). */
    malformed: '服务器返回的数据有误，请稍后重试。',
    /** The payment link the server gave was refused by the link guard. */
    linkRefused: '无法打开该支付链接。',
    /** No card and no alipay: nothing to pay with. */
    noWay: '暂无可用的支付方式。',
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
