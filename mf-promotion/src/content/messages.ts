/**
 * Every user-visible string of mf-promotion. The strings the product spec quotes appear exactly as the spec
 * writes them (the validation and result toasts, 'get verification code', 'Ns', 'error'); the rest are ours
 * (README.md, 'Decisions'), in Simplified Chinese like the rest of the promotion flow.
 */
export const MESSAGES = {
  // The spec's texts.
  phoneInvalid: '请正确输入手机号！',
  captchaInvalid: '请正确输入图形验证码！',
  smsInvalid: '请正确输入短信验证码！',
  smsRepeated: '请勿重复发送验证码!',
  smsSent: '验证码已发送，请在手机上查看！',
  registered: '注册成功',
  alreadyRegistered: '您已注册,请直接下载APP登录！',
  getCode: 'get verification code',
  /** The SMS button while it counts down. */
  countdown: (seconds: number) => `${seconds}s`,
  /** Any promotion call that got no answer (network failure, timeout, a body that is no envelope). */
  error: 'error',

  // Ours.
  title: '注册',
  phone: '手机号',
  phonePlaceholder: '请输入手机号',
  captcha: '图形验证码',
  captchaPlaceholder: '请输入图形验证码',
  captchaImage: '图形验证码图片',
  captchaRefresh: '换一张',
  sms: '短信验证码',
  smsPlaceholder: '请输入短信验证码',
  apply: '立即申请',
  agreementPrefix: '注册即表示同意',
  agreementLink: '《用户注册协议》',
  downloadTitle: '注册成功，下载APP立即借款',
  download: '下载APP',
  /** The navigation guard refused the template's link (an unknown host or scheme): 'This link cannot be opened.' */
  linkRefused: '无法打开此链接。',
  agreementTitle: '用户注册协议',
  // A refusal the server gave no message for (a blank one, or none), per call: 'The page's information could
  // not be loaded; the default page is shown.', 'The picture captcha could not be loaded: type your phone
  // number and tap "换一张" to try again.' (also a get-sid success without a sid), 'The code could not be
  // sent, please try again later.', 'Registration failed, please try again later.'
  templateFailed: '页面信息加载失败，已为您显示默认页面。',
  sidMissing: '图形验证码加载失败，请输入手机号后点击“换一张”重试。',
  smsFailed: '验证码发送失败，请稍后再试。',
  registerFailed: '注册失败，请稍后再试。',
  loading: '加载中…',
} as const

/** The registration agreement (`#/agreementTemplate`): the spec names it but does not give its text. */
export function agreementSections(productName: string): { title: string; body: string }[] {
  return [
    {
      title: '一、协议的接受',
      body: `欢迎注册${productName}。您在注册页面输入手机号并完成短信验证，即表示您已阅读、理解并同意本协议的全部内容。`,
    },
    {
      title: '二、账号注册',
      body: '您应使用本人实名登记的手机号注册。每个手机号只能注册一个账号；账号仅供您本人使用，不得转让或出借。',
    },
    {
      title: '三、个人信息保护',
      body: `${productName}仅为向您提供借款服务而收集必要的个人信息，并依照隐私政策和菲律宾《数据隐私法》（Republic Act No. 10173）加以保护，未经您同意不会向第三方提供。`,
    },
    {
      title: '四、短信与通知',
      body: '您同意接收与注册、借款及还款相关的短信通知。验证码仅用于本次注册，请勿向任何人透露。',
    },
    {
      title: '五、协议的变更',
      body: '我们可能根据法律法规或业务需要更新本协议，更新后的协议将在本页面公布；您继续使用服务即视为接受更新后的协议。',
    },
  ]
}
