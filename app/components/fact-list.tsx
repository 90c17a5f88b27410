/** A short list of facts, each a term and its value: where and when to bring a device, the address, the cost. */
export function FactList({ facts }: { facts: ReadonlyArray<{ termino: string; valor: string }> }) {
  return (
    <dl className="facts">
      {facts.map((fact) => (
        <div key={fact.termino} className="facts__row">
          <dt>{fact.termino}</dt>
          <dd>{fact.valor}</dd>
        </div>
      ))}
    </dl>
  )
}
