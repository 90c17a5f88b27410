/** A short list of facts, each a term and its value: where and when to bring a device, the address, the cost. */
export function FactList({ datos }: { datos: ReadonlyArray<{ termino: string; valor: string }> }) {
  return (
    <dl className="facts">
      {datos.map((dato) => (
        <div key={dato.termino} className="facts__row">
          <dt>{dato.termino}</dt>
          <dd>{dato.valor}</dd>
        </div>
      ))}
    </dl>
  )
}
