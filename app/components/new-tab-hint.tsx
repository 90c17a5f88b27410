/** The id every link that opens a new tab names in aria-describedby. */
export const NEW_TAB_HINT_ID = 'aviso-pestana-nueva'

/** One hidden sentence, referenced as the description of links that open a new tab. */
export function NewTabHint() {
  return (
    <span id={NEW_TAB_HINT_ID} hidden>
      Se abre en una pestaña nueva
    </span>
  )
}
