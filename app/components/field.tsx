import type { ReactNode } from 'react'

/** What a field gives its control: the id its label names, the name it posts, and the aria wiring. */
interface FieldControlProps {
  id: string
  name: string
  className: 'field__control'
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

interface FieldBaseProps {
  /** The form's id: the field's id is `{form}-{name}`, its message's `{form}-{name}-error` (conform's ids). */
  form: string
  /** The posted field name. */
  name: string
  label: ReactNode
  /** A line under the control that stays: what to write, or where to find it. */
  hint?: ReactNode
  /** The message shown under the field; none, the field is valid. */
  error: string | undefined
  /** A modifier of the field's box ('field--modelo'). */
  className?: string
}

interface ControlFieldProps extends FieldBaseProps {
  group?: false
  /** The control (input, select, textarea), given its id, name and aria attributes. */
  children: (control: FieldControlProps) => ReactNode
}

interface GroupFieldProps extends FieldBaseProps {
  /** A group of controls (radio buttons): a fieldset whose legend is the label, the aria wiring on it. */
  group: true
  children: ReactNode
}

/**
 * A form field, written once: its label, its control, an optional hint and
 * its message, with the ids and the aria wiring of conform's conventions:
 * the message's id is `{id}-error`, the hint's `{id}-description`; while
 * there is a message the control (or the group) is aria-invalid and
 * described by the message, then the hint. The message's element is always
 * rendered, hidden while empty, so the id the control names never dangles.
 */
export function Field(props: ControlFieldProps | GroupFieldProps) {
  const { form, name, label, hint, error, className } = props
  const id = `${form}-${name}`
  const errorId = `${id}-error`
  const hintId = hint ? `${id}-description` : undefined
  const aria = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': (error ? [errorId, hintId] : [hintId]).filter(Boolean).join(' ') || undefined,
  } as const
  const box = className ? `field ${className}` : 'field'
  const after = (
    <>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <p id={errorId} className="field__error" hidden={!error}>
        {error}
      </p>
    </>
  )

  if (props.group) {
    return (
      <fieldset className={box} {...aria}>
        <legend className="field__label">{label}</legend>
        {props.children}
        {after}
      </fieldset>
    )
  }
  return (
    <div className={box}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {props.children({ id, name, className: 'field__control', ...aria })}
      {after}
    </div>
  )
}
