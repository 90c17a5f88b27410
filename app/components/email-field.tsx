import { Field } from './field'

interface EmailFieldProps {
  /** The form's id: the field's id is `${form}-email`. */
  form: string
  /** What the visitor typed, kept after a message. */
  defaultValue: string | undefined
  error: string | undefined
}

/** The 'Email' field of the tracking page's two forms: the lookup and the lost links. */
export function EmailField({ form, defaultValue, error }: EmailFieldProps) {
  return (
    <Field form={form} name="email" label="Email" error={error}>
      {(control) => (
        <input
          {...control}
          type="email"
          defaultValue={defaultValue}
          autoComplete="email"
          placeholder="tu@email.com"
          required
        />
      )}
    </Field>
  )
}
