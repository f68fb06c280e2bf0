/**
 * A value that must never break inside (an e-mail, a phone, a reference): on one line,
 * shortened with an ellipsis when its column is narrow, the whole value in the tooltip.
 * The ellipsis is only drawn: selecting and copying the cell copies the whole value.
 */
export function ClippedText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className ? `clipped-text ${className}` : 'clipped-text'} title={text}>
      {text}
    </span>
  );
}
