/**
 * The shop's word mark: a small pad glyph and the name; links home. The glyph is drawn by the stylesheet
 * (.brand-mark__glyph, a mask in currentColor), so it paints with the first render and no page's JavaScript
 * carries its paths.
 */
export function BrandMark({ name }: { name: string }) {
  return (
    <a href="/" className="brand-mark" aria-label={`${name}, inicio`}>
      <span className="brand-mark__glyph" aria-hidden="true" />
      <span className="brand-mark__name">{name}</span>
    </a>
  )
}
