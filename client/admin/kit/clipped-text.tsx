/**
 * A value that must never break inside (an e-mail, a phone, a reference): on one line,
 * shortened with an ellipsis when its column is narrow, the whole value in the tooltip.
 * The ellipsis is only drawn: selecting and copying the cell copies the whole value.
 * `lines={2}`: a text that may wrap between words (a subject, a project's title) but stops
 * at two lines, so a list's row keeps its height (docs/product-rules.md, "Lists of the
 * back office"), the rest behind the same ellipsis and tooltip.
 */
export function ClippedText({
  text,
  className,
  lines = 1,
}: {
  text: string;
  className?: string;
  lines?: 1 | 2;
}) {
  const classes = ['clipped-text', lines === 2 ? 'clipped-lines' : null, className].filter(Boolean).join(' ');
  return (
    <span className={classes} title={text}>
      {text}
    </span>
  );
}
