import {
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
} from 'react'
import type { RemoteProps } from 'shared/contract'
import { FIRST_IMAGE_ATTR, firstImageStamp } from 'shared/http/first-call'
import { showToast, useAfterFirstFrame } from 'shared/ui'
import { useLoad } from 'shared/ui/use-load'
import { captchaUrl } from '../../api/captcha'
import { CAPTCHA_PATH } from '../../api/paths'
import {
  clientType,
  getSid,
  register,
  sendSms,
  trackClick,
  trackVisit,
  type PromoOutcome,
  type PromoParams,
} from '../../api/promotion'
import { MESSAGES } from '../../content/messages'
import { NO_PARAMS, promoHref } from '../../components/promo-route'
import { TemplateHeader, useTemplate } from '../../components/template'
import { onColour } from '../../components/colour'
import { applyProblem, FIELD_LIMITS, smsProblem, type RegisterFields } from './register-rules'
import { SMS_COUNTDOWN_SECONDS, useCountdown } from './use-countdown'

type Props = Pick<RemoteProps, 'http' | 'settings' | 'navigate'> & { params: PromoParams }

/** A new image address, never the previous one (two refreshes within one millisecond). */
const nextStamp = (previous: number) => Math.max(Date.now(), previous + 1)

/** The registration landing (`#/registerTemplate`, also `#/`). */
export function RegisterScreen({ http, settings, navigate, params }: Props) {
  const ids = { phone: useId(), captcha: useId(), sms: useId() }
  const { config } = useTemplate(http, params.id)
  const [fields, setFields] = useState<RegisterFields>({ phone: '', capcode: '', smsCode: '' })
  const [mountedAt] = useState(() => Date.now())
  // Null until the borrower asks for a new picture: the first one is the page's, when it preloaded one for
  // this sid (first-calls.ts), else one stamped at mount.
  const [refreshedAt, setRefreshedAt] = useState<number | null>(null)
  const [applying, setApplying] = useState(false)
  const countdown = useCountdown()
  // One request per tap: a tap while the previous one is unanswered does nothing.
  const busy = useRef({ sms: false, apply: false })
  // A tap that needs the captcha session while the screen is still getting it is done once it is there: right
  // after the page hydrates (a tap made on its first frame is replayed then), the page's own get-sid may have
  // answered without the screen having read it yet, and the picture the borrower typed from is that session's.
  // Refusing would say the captcha is wrong and ask for another picture. A session that fails drops the tap,
  // with the failure's message.
  const waitingForSid = useRef(new Set<'sms' | 'apply'>())

  const loadSid = useCallback(() => getSid(http), [http])
  const { state: sidState, retry: retrySid } = useLoad(loadSid)
  const sid = sidState.status === 'ready' ? sidState.data : null
  const sidFailure = sidState.status === 'error' ? sidState.message : null
  // Read from the page once per sid, not on every keystroke's render.
  const preloadedAt = useMemo(
    () => (sid === null ? null : firstImageStamp(document, CAPTCHA_PATH, sid)),
    [sid],
  )
  const stamp = refreshedAt ?? preloadedAt ?? mountedAt
  useEffect(() => {
    if (sidFailure !== null) showToast(sidFailure)
  }, [sidFailure])

  useEffect(() => {
    trackVisit(http, params, clientType(navigator.userAgent))
  }, [http, params])

  const refreshCaptcha = () => {
    setFields((f) => ({ ...f, capcode: '' }))
    if (sid) setRefreshedAt(nextStamp(stamp))
    else retrySid()
  }

  const onRefresh = () => {
    if (!fields.phone) showToast(MESSAGES.phoneInvalid)
    else refreshCaptcha()
  }

  const toDownload = () => navigate(promoHref('download', params))

  /** What both calls' answers 11, wrong captcha and anything else lead to. */
  const settle = (outcome: Exclude<PromoOutcome, { kind: 'done' }>) => {
    if (outcome.kind === 'alreadyRegistered') {
      showToast(MESSAGES.alreadyRegistered)
      toDownload()
      return
    }
    if (outcome.kind === 'wrongCaptcha') refreshCaptcha()
    showToast(outcome.message)
  }

  /**
   * The captcha session a tap (whose fields have no `problem`, else it is told) can send now. Without one, the
   * tap waits for the session that is loading, or a new one is asked for.
   */
  const sidFor = (tap: 'sms' | 'apply', problem: string | null): string | null => {
    if (problem) {
      showToast(problem)
      return null
    }
    if (!sid) {
      if (sidState.status === 'loading') waitingForSid.current.add(tap)
      else {
        // No captcha session, so no picture the typed text could match: get one.
        showToast(MESSAGES.captchaInvalid)
        retrySid()
      }
    }
    return sid
  }

  const onSms = async () => {
    if (countdown.remaining > 0) {
      showToast(MESSAGES.smsRepeated)
      return
    }
    if (busy.current.sms) return
    const readySid = sidFor('sms', smsProblem(fields))
    if (!readySid) return
    busy.current.sms = true
    const outcome = await sendSms(http, {
      phone: fields.phone,
      capcode: fields.capcode,
      sid: readySid,
      params,
    })
    busy.current.sms = false
    if (outcome.kind === 'done') {
      showToast(MESSAGES.smsSent)
      countdown.start(SMS_COUNTDOWN_SECONDS)
    } else settle(outcome)
  }

  const onApply = async () => {
    if (busy.current.apply) return
    const readySid = sidFor('apply', applyProblem(fields))
    if (!readySid) return
    busy.current.apply = true
    setApplying(true)
    trackClick(http, params, clientType(navigator.userAgent), fields.phone)
    const outcome = await register(http, { ...fields, sid: readySid, params })
    busy.current.apply = false
    setApplying(false)
    if (outcome.kind === 'done') {
      showToast(MESSAGES.registered)
      toDownload()
    } else settle(outcome)
  }

  const runWaiting = useEffectEvent((tap: 'sms' | 'apply') => void (tap === 'sms' ? onSms() : onApply()))
  useEffect(() => {
    if (sidState.status === 'loading') return
    const waiting = [...waitingForSid.current]
    waitingForSid.current.clear()
    if (sidState.status === 'ready') for (const tap of waiting) runWaiting(tap)
  }, [sidState])

  const typed = (field: keyof RegisterFields, limit: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value.slice(0, limit)
    setFields((f) => ({ ...f, [field]: value }))
  }

  const agreement = promoHref('agreement', params)
  // The landing's first frame is the same for every ad link; the link shows its parameters once it runs.
  const agreementLink = useAfterFirstFrame(agreement, promoHref('agreement', NO_PARAMS))

  return (
    <div className="promo-page">
      <TemplateHeader config={config} />
      {/* `method="dialog"`: in the page's first frame, a tap on apply (or Enter) before the JS has arrived
          submits nothing, instead of reloading the page without the ad link's parameters. */}
      <form
        className="promo-form"
        aria-label={MESSAGES.title}
        method="dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void onApply()
        }}
      >
        <div className="promo-field">
          <label htmlFor={ids.phone}>{MESSAGES.phone}</label>
          <input
            id={ids.phone}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder={MESSAGES.phonePlaceholder}
            value={fields.phone}
            onChange={typed('phone', FIELD_LIMITS.phone)}
          />
        </div>
        <div className="promo-field promo-field--with-side">
          <label htmlFor={ids.captcha}>{MESSAGES.captcha}</label>
          <input
            id={ids.captcha}
            autoComplete="off"
            autoCapitalize="characters"
            placeholder={MESSAGES.captchaPlaceholder}
            value={fields.capcode}
            onChange={typed('capcode', FIELD_LIMITS.captcha)}
          />
          <button
            type="button"
            className="promo-captcha"
            aria-label={MESSAGES.captchaRefresh}
            onClick={onRefresh}
          >
            {/* Hidden, without an address, until there is a sid: in the first frame the page's script gives it
                the picture it preloaded and shows it (FIRST_IMAGE_ATTR), so it paints before the JS has
                arrived; the screen then shows that same address. */}
            <img
              {...{ [FIRST_IMAGE_ATTR]: CAPTCHA_PATH }}
              hidden={!sid}
              src={sid ? captchaUrl(settings.apiBase, window.location.origin, sid, stamp) : undefined}
              alt={MESSAGES.captchaImage}
              width={100}
              height={40}
              suppressHydrationWarning
            />
            {!sid && <span className="promo-captcha__empty">{MESSAGES.captchaRefresh}</span>}
          </button>
        </div>
        <div className="promo-field promo-field--with-side">
          <label htmlFor={ids.sms}>{MESSAGES.sms}</label>
          <input
            id={ids.sms}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={MESSAGES.smsPlaceholder}
            value={fields.smsCode}
            onChange={typed('smsCode', FIELD_LIMITS.sms)}
          />
          <button
            type="button"
            className="promo-sms"
            aria-disabled={countdown.remaining > 0}
            onClick={() => void onSms()}
          >
            {countdown.remaining > 0 ? MESSAGES.countdown(countdown.remaining) : MESSAGES.getCode}
          </button>
        </div>
        <button
          type="submit"
          className="promo-apply"
          disabled={applying}
          style={onColour(config.buttonColor)}
        >
          {MESSAGES.apply}
        </button>
        <p className="promo-agreement">
          {MESSAGES.agreementPrefix}
          <a
            href={agreementLink}
            onClick={(event) => {
              event.preventDefault()
              navigate(agreement)
            }}
          >
            {MESSAGES.agreementLink}
          </a>
        </p>
      </form>
    </div>
  )
}
