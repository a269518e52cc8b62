import { useState } from 'react'
import { ModalBox } from 'shared/ui'
import { MESSAGES } from '../../content/messages'
import type { FormOption } from '../../api/bind-card'
import { LazyPopup } from '../../components/lazy-overlays'
import { CITY_SEPARATOR } from './bind-form'

interface PickerFrameProps {
  title: string
  visible: boolean
  canConfirm: boolean
  onConfirm: () => void
  onCancel: () => void
  children: React.ReactNode
}

/** The bottom sheet both pickers use: Cancel, the field's title, Confirm. */
function PickerFrame({ title, visible, canConfirm, onConfirm, onCancel, children }: PickerFrameProps) {
  return (
    <LazyPopup visible={visible} onMaskClick={onCancel} onClose={onCancel} bodyClassName="bind-picker">
      <ModalBox open={visible} aria-label={title}>
        <div className="bind-picker__bar">
          <button type="button" className="bind-picker__action" onClick={onCancel}>
            {MESSAGES.cancel}
          </button>
          <span className="bind-picker__title">{title}</span>
          <button type="button" className="bind-picker__action" disabled={!canConfirm} onClick={onConfirm}>
            {MESSAGES.confirm}
          </button>
        </div>
        {children}
      </ModalBox>
    </LazyPopup>
  )
}

function Choices(props: {
  label: string
  options: readonly { key: string; name: string }[]
  chosen: string
  onChoose: (key: string) => void
}) {
  return (
    <div role="radiogroup" aria-label={props.label} className="bind-picker__column">
      {props.options.map((option, index) => (
        <button
          // Two options may submit the same value (the server's list is not checked for repeats).
          key={index}
          type="button"
          role="radio"
          aria-checked={option.key === props.chosen}
          className="bind-picker__option"
          onClick={() => props.onChoose(option.key)}
        >
          {option.name}
        </button>
      ))}
    </div>
  )
}

/**
 * The value an `enum` option submits under the item's code: its `type` (the option's code; its `name` is what
 * the borrower reads), else its name when it has no type. The spec (§3) does not say which (README.md).
 */
export function optionValue(option: FormOption): string {
  return option.type || option.name
}

interface PickerProps {
  title: string
  options: readonly FormOption[]
  value: string
  visible: boolean
  onConfirm: (value: string) => void
  onCancel: () => void
}

/** Single choice (`enum`): a choice counts only on Confirm; Cancel keeps the value there was. */
export function EnumPicker({ title, options, value, visible, onConfirm, onCancel }: PickerProps) {
  const [chosen, setChosen] = useState(value)
  const [wasVisible, setWasVisible] = useState(visible)
  if (visible !== wasVisible) {
    setWasVisible(visible)
    if (visible) setChosen(value)
  }
  return (
    <PickerFrame
      title={title}
      visible={visible}
      canConfirm={chosen !== ''}
      onConfirm={() => onConfirm(chosen)}
      onCancel={onCancel}
    >
      <Choices
        label={title}
        options={options.map((option) => ({ key: optionValue(option), name: option.name }))}
        chosen={chosen}
        onChoose={setChosen}
      />
    </PickerFrame>
  )
}

/** Province, then city (`city select`): the options' type is the province, their name the city. */
export function CityPicker({ title, options, value, visible, onConfirm, onCancel }: PickerProps) {
  const [current, setCurrent] = useState(() => splitCity(value))
  const [wasVisible, setWasVisible] = useState(visible)
  if (visible !== wasVisible) {
    setWasVisible(visible)
    if (visible) setCurrent(splitCity(value))
  }
  const provinces = [...new Set(options.map((option) => option.type).filter(Boolean))]
  const cities = options.filter((option) => option.type === current.province)
  return (
    <PickerFrame
      title={title}
      visible={visible}
      canConfirm={current.province !== '' && current.city !== ''}
      onConfirm={() => onConfirm(`${current.province}${CITY_SEPARATOR}${current.city}`)}
      onCancel={onCancel}
    >
      <div className="bind-picker__columns">
        <Choices
          label={MESSAGES.province}
          options={provinces.map((name) => ({ key: name, name }))}
          chosen={current.province}
          onChoose={(province) => setCurrent({ province, city: '' })}
        />
        <Choices
          label={MESSAGES.city}
          options={cities.map((option) => ({ key: option.name, name: option.name }))}
          chosen={current.city}
          onChoose={(city) => setCurrent((previous) => ({ ...previous, city }))}
        />
      </div>
    </PickerFrame>
  )
}

function splitCity(value: string): { province: string; city: string } {
  const at = value.indexOf(CITY_SEPARATOR)
  return at < 0 ? { province: '', city: '' } : { province: value.slice(0, at), city: value.slice(at + 2) }
}
