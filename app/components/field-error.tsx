/** The message under a field; its id is what the field's aria-describedby names. */
export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  return (
    <p id={id} className="field__error" hidden={!errors?.length}>
      {errors?.[0]}
    </p>
  )
}
