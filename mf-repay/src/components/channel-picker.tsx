import { useState } from 'react'
import { ServerImage } from 'shared/ui'
import type { Channel } from '../api/repay-detail'
import { MESSAGES } from '../content/messages'
import { Modal } from './screen-parts'

interface ChannelPickerProps {
  channels: readonly Channel[]
  paying: boolean
  onPay: (channel: Channel) => void
  onCancel: () => void
}

/** The 'Payment Method' sheet: the channels (first one chosen as it opens) and the pay button. */
export function ChannelPicker({ channels, paying, onPay, onCancel }: ChannelPickerProps) {
  const [chosen, setChosen] = useState(0)
  const channel = channels[chosen]
  return (
    <Modal title={MESSAGES.repay.paymentMethod}>
      <div role="radiogroup" aria-label={MESSAGES.picker.channels} className="repay-channels">
        {channels.map((item, index) => (
          <button
            key={`${item.channelNumber}-${index}`}
            type="button"
            role="radio"
            aria-checked={index === chosen}
            className="repay-channel"
            disabled={paying}
            onClick={() => setChosen(index)}
          >
            <ServerImage className="repay-channel__logo" src={item.logo} fetchPriority="low" />
            <span className="repay-channel__name">{item.name || item.channelNumber}</span>
          </button>
        ))}
      </div>
      <div className="repay-sheet__actions">
        <button type="button" className="ui-button ui-button--ghost" disabled={paying} onClick={onCancel}>
          {MESSAGES.picker.cancel}
        </button>
        <button
          type="button"
          className="ui-button"
          disabled={paying || !channel}
          onClick={() => channel && onPay(channel)}
        >
          {paying ? MESSAGES.picker.paying : MESSAGES.picker.pay}
        </button>
      </div>
    </Modal>
  )
}
