import type { InputHTMLAttributes } from 'react'

import { FieldError } from './field-error'

interface TextFieldProps {
  /** The field's name; its id is `{form}-{name}` and its message's `{form}-{name}-error`. */
  name: string
  form: string
  label: string
  type: 'email' | 'tel' | 'text'
  defaultValue: string | undefined
  error: string | undefined
  /** Extra attributes: autoComplete, inputMode, placeholder, required, onInput. */
  input?: Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'type' | 'defaultValue'>
}

/** A labelled input with its message underneath, wired for aria-invalid and aria-describedby. */
export function TextField({ name, form, label, type, defaultValue, error, input }: TextFieldProps) {
  const id = `${form}-${name}`
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  )
}
