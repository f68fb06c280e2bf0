import { IMAGE_URL_KINDS, type ImageUrlKind } from './image-urls';

/** The product rules' four image kinds (product rules, Entities: misc, bien, parcelle, fleet) as a labelled select. */
export function KindSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: ImageUrlKind;
  onChange: (kind: ImageUrlKind) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as ImageUrlKind)}>
        {IMAGE_URL_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {kind}
          </option>
        ))}
      </select>
    </div>
  );
}
