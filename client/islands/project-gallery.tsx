import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ProjectImage } from '#shared/types';
import { island } from '#client/lib/island';
import { tabIndexForKey } from '#client/lib/tab-keys';
import { ProjectImageGrid } from '#client/pages/projects/project-image-grid';

interface ProjectGalleryProps {
  projectTitle: string;
  renders: ProjectImage[];
  photos: ProjectImage[];
}

/**
 * The toggle between 'Rendus Architecturaux (n)' and 'Images de Projet (n)' (product rules,
 * Pages and routes), as WAI-ARIA tabs. The server (and a visitor without
 * script) gets both sets one after the other under their headings; once hydrated, the
 * headings become tabs. The hidden panel's lazy images are not fetched until shown.
 */
function ProjectGallery({ projectTitle, renders, photos }: ProjectGalleryProps) {
  const [enhanced, setEnhanced] = useState(false);
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  const sets = [
    { label: `Rendus Architecturaux (${renders.length})`, images: renders },
    { label: `Images de Projet (${photos.length})`, images: photos },
  ];

  // Tabs only exist once script runs: the first client render matches the server's.
  useEffect(() => setEnhanced(true), []);

  if (!enhanced) {
    return (
      <>
        {sets.map((set, i) => (
          <section key={set.label} className="gallery-set" aria-labelledby={`${id}h${i}`}>
            <h2 id={`${id}h${i}`}>{set.label}</h2>
            <ProjectImageGrid images={set.images} projectTitle={projectTitle} />
          </section>
        ))}
      </>
    );
  }

  function select(index: number) {
    const next = (index + sets.length) % sets.length;
    setSelected(next);
    tabs.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const target = tabIndexForKey(event.key, selected, sets.length);
    if (target === null) return;
    event.preventDefault();
    select(target);
  }

  return (
    <div className="gallery-set">
      <div className="tabs" role="tablist" aria-label="Visuels du projet" onKeyDown={onKeyDown}>
        {sets.map((set, i) => (
          <button
            key={set.label}
            ref={(element) => {
              tabs.current[i] = element;
            }}
            type="button"
            role="tab"
            id={`${id}t${i}`}
            className="tab"
            aria-selected={i === selected}
            aria-controls={`${id}p${i}`}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => setSelected(i)}
          >
            {set.label}
          </button>
        ))}
      </div>
      {sets.map((set, i) => (
        <div
          key={set.label}
          role="tabpanel"
          id={`${id}p${i}`}
          aria-labelledby={`${id}t${i}`}
          hidden={i !== selected}
          tabIndex={0}
        >
          <ProjectImageGrid images={set.images} projectTitle={projectTitle} />
        </div>
      ))}
    </div>
  );
}

export default island('project-gallery', ProjectGallery);
