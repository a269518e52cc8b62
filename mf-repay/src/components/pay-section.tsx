import { useEffect, useRef, useState } from 'react'
import type { RemoteProps } from 'shared/contract'
import { openServerLink } from 'shared/navigation'
import { showToast } from 'shared/ui'
import { generatePayUrl } from '../api/pay'
import type { Channel, OrderIds } from '../api/repay-detail'
import { MESSAGES } from '../content/messages'
import { ChannelPicker } from './channel-picker'

interface PaySectionProps {
  remote: RemoteProps
  ids: OrderIds
  channels: readonly Channel[]
  /** The amount as the server gave it (repayAmount, or the extension's delayAmount). */
  amount: string
  delay: boolean
}

type PayState = 'idle' | 'paying' | 'leaving'

/**
 * 'Payment Method' and its channel sheet. One tap, one request: the pay button is blocked from the first
 * tap until the answer (and for good once the payment page opens), on top of the helper's own guard of a
 * money call in flight (ADR 0012).
 */
export function PaySection({ remote, ids, channels, amount, delay }: PaySectionProps) {
  const [open, setOpen] = useState(false)
  const [state, setState] = useState<PayState>('idle')
  /** The helper's unknown-outcome message, while it applies. */
  const [unknown, setUnknown] = useState('')
  // React re-renders between taps, but a ref blocks the next tap in the very same task too.
  const busy = useRef(false)

  // Back from the payment page, the browser may show this page from its cache as it was left: blocked.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return
      busy.current = false
      setState('idle')
      setOpen(false)
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [])

  const pay = async (channel: Channel) => {
    if (busy.current) return
    busy.current = true
    setState('paying')
    setUnknown('')
    const result = await generatePayUrl(remote.http, {
      ...ids,
      amount,
      channelNumber: channel.channelNumber,
      delay,
    })
    if (result.ok) {
      const opened = openServerLink(result.payUrl, {
        settings: remote.settings,
        navigate: remote.navigate,
        bridge: remote.bridge,
        refuse: (message) => showToast(message),
      })
      if (opened !== null) {
        setState('leaving')
        return
      }
    } else {
      if (!result.notified) showToast(result.message)
      // The payment may have been created: point at the order rather than the same button (ADR 0012).
      if (result.unknown) {
        setUnknown(result.message)
        setOpen(false)
      }
    }
    busy.current = false
    setState('idle')
  }

  const checkOrder = () => {
    const query = new URLSearchParams(Object.entries(ids).filter(([, value]) => value !== '')).toString()
    remote.navigate(query ? `/loanDetails?${query}` : '/loanDetails')
  }

  return (
    <div className="repay-pay">
      {unknown && (
        <div className="repay-unknown" role="alert">
          <p>{unknown}</p>
          <button type="button" className="repay-link" onClick={checkOrder}>
            {MESSAGES.pay.checkOrder}
          </button>
        </div>
      )}
      {channels.length === 0 && <p className="repay-note">{MESSAGES.pay.noChannels}</p>}
      <button
        type="button"
        className="ui-button"
        disabled={channels.length === 0 || state === 'leaving'}
        onClick={() => setOpen(true)}
      >
        {MESSAGES.repay.paymentMethod}
      </button>
      {open && (
        <ChannelPicker
          channels={channels}
          paying={state !== 'idle'}
          onPay={(channel) => void pay(channel)}
          onCancel={() => setOpen(false)}
        />
      )}
    </div>
  )
}
