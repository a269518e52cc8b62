import { useState } from 'react'
import { MESSAGES } from '../../content/messages'
import type { FormItem } from '../../api/bind-card'
import { keepValue, PHONE_DIGITS, showValue } from '../../api/input-rules'
import { CityPicker, EnumPicker, optionValue } from './choice-picker'

interface FormFieldProps {
  item: FormItem
  value: string
  onChange: (value: string) => void
}

/** One server-described field, by its `cate`. */
export function FormField({ item, value, onChange }: FormFieldProps) {
  const id = `bind-field-${item.code}`
  return (
    <div className="bind-field">
      <label className="bind-field__label" htmlFor={id}>
        {item.title}
      </label>
      {item.cate === 'txt' && (
        <input
          id={id}
          className="bind-field__input"
          inputMode="numeric"
          autoComplete="off"
          // Display spaces count: 11 digits as 3-4-4 are 13 characters.
          maxLength={item.inputType === 'phone' ? PHONE_DIGITS + 2 : undefined}
          placeholder={item.subtitle}
          aria-required={item.required}
          value={showValue(item.inputType, value)}
          onChange={(event) => onChange(keepValue(item.inputType, event.target.value))}
        />
      )}
      {item.cate === 'free' && (
        // A field type the screen does not know: any text, so the borrower can still fill it and bind.
        <input
          id={id}
          className="bind-field__input"
          autoComplete="off"
          placeholder={item.subtitle}
          aria-required={item.required}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {item.cate === 'day' && <DateField id={id} item={item} value={value} onChange={onChange} />}
      {(item.cate === 'enum' || item.cate === 'city select') && (
        <PickerField id={id} item={item} value={value} onChange={onChange} />
      )}
    </div>
  )
}

/**
 * A date field that shows its placeholder while empty. Engines ignore a date input's placeholder and paint
 * their own text instead: Chromium 'mm/dd/yyyy', WebKit today's date in grey, which reads as a date already
 * chosen (issue #42). The field stays the native date input (the phone's own date picker); while empty and
 * not being edited, its own text is not painted and the placeholder lies over it, as the field's description.
 */
function DateField({ id, item, value, onChange }: FormFieldProps & { id: string }) {
  const hintId = `${id}-placeholder`
  const empty = value === '' && item.subtitle !== ''
  return (
    <span className="bind-field__date">
      <input
        id={id}
        type="date"
        className={`bind-field__input${empty ? ' bind-field__input--empty' : ''}`}
        aria-required={item.required}
        aria-describedby={empty ? hintId : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {empty && (
        <span id={hintId} className="bind-field__placeholder">
          {item.subtitle}
        </span>
      )}
    </span>
  )
}

function PickerField({ id, item, value, onChange }: FormFieldProps & { id: string }) {
  const [open, setOpen] = useState(false)
  const shown =
    item.cate === 'enum' ? (item.note.find((option) => optionValue(option) === value)?.name ?? value) : value
  const Picker = item.cate === 'enum' ? EnumPicker : CityPicker
  return (
    <>
      <button
        id={id}
        type="button"
        aria-haspopup="dialog"
        className={`bind-field__input bind-field__choice${shown ? '' : ' bind-field__choice--empty'}`}
        onClick={() => setOpen(true)}
      >
        {shown || item.subtitle || MESSAGES.choose}
      </button>
      <Picker
        title={item.title}
        options={item.note}
        value={value}
        visible={open}
        onConfirm={(chosen) => {
          onChange(chosen)
          setOpen(false)
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  )
}
