/** The decoy field `website` of every public form: people never see or reach it; bots fill it in. */
export function Honeypot({ form }: { form: string }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={`${form}-website`}>Sitio web</label>
      <input id={`${form}-website`} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}
