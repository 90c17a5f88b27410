import { getInputProps, type FieldMetadata } from '@conform-to/react'
import type { InputHTMLAttributes } from 'react'

import { FieldError } from './field-error'

interface TextFieldProps {
  label: string
  field: FieldMetadata<string | undefined>
  type: 'email' | 'tel' | 'text'
  /** Extra attributes: autoComplete, inputMode, placeholder, required. */
  input?: Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'type' | 'defaultValue'>
}

/** A labelled input with its message underneath, wired for aria-invalid and aria-describedby. */
export function TextField({ label, field, type, input }: TextFieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      <input {...getInputProps(field, { type })} className="field__control" {...input} />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  )
}
