import { useId, useState, type FormEvent } from 'react'
import { showToast } from 'shared/ui'
import { MESSAGES } from '../../content/messages'

const FIELDS = ['name', 'telephone', 'email', 'remark'] as const
type Field = (typeof FIELDS)[number]
type Values = Record<Field, string>

const EMPTY: Values = { name: '', telephone: '', email: '', remark: '' }

/** The spec's contact form: all four fields required; nothing is sent anywhere. */
export function ContactForm() {
  const m = MESSAGES.contact
  const id = useId()
  const [values, setValues] = useState<Values>(EMPTY)

  const bind = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    required: true,
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target
      setValues((previous) => ({ ...previous, [field]: value }))
    },
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const missing = FIELDS.find((field) => values[field].trim() === '')
    if (missing) {
      showToast(m.incomplete)
      const element = event.currentTarget.elements.namedItem(missing)
      if (element instanceof HTMLElement) element.focus()
      return
    }
    showToast(m.success)
    setValues(EMPTY)
  }

  return (
    <form className="site-form" noValidate onSubmit={onSubmit}>
      <div className="site-form__field">
        <label htmlFor={`${id}-name`}>{m.name}</label>
        <input type="text" autoComplete="name" {...bind('name')} />
      </div>
      <div className="site-form__field">
        <label htmlFor={`${id}-telephone`}>{m.telephone}</label>
        <input type="tel" inputMode="tel" autoComplete="tel" {...bind('telephone')} />
      </div>
      <div className="site-form__field">
        <label htmlFor={`${id}-email`}>{m.email}</label>
        <input type="email" inputMode="email" autoComplete="email" {...bind('email')} />
      </div>
      <div className="site-form__field">
        <label htmlFor={`${id}-remark`}>{m.remark}</label>
        <textarea rows={4} {...bind('remark')} />
      </div>
      <button type="submit" className="site-button">
        {m.submit}
      </button>
    </form>
  )
}
