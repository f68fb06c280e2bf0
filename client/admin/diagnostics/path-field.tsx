import { useState } from 'react';

/**
 * The image tester's path, proposed by the last upload: a new upload replaces it, and the
 * administrator may still type another one in between.
 */
export function useProposedPath(initialPath: string): [string, (path: string) => void] {
  const [path, setPath] = useState(initialPath);
  const [seen, setSeen] = useState(initialPath);
  if (initialPath !== seen) {
    setSeen(initialPath);
    setPath(initialPath);
  }
  return [path, setPath];
}

/** A stored image path typed by the administrator ('products/photo.jpg'). */
export function PathField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (path: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="text"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        placeholder="products/photo.jpg"
        autoComplete="off"
        spellCheck={false}
      />
    </div>
  );
}
