/** The message under a field; its id is what the field's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return (
    <p id={id} className="field__error" hidden={!error}>
      {error}
    </p>
  )
}
