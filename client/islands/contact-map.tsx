import { useEffect, useRef, useState } from 'react';
import { island } from '#client/lib/island';

interface ContactMapProps {
  /** The iframe's address (site settings, already checked by safeHref). */
  embedUrl: string;
  /** The same place as a map page, opened in a new tab. */
  pageUrl: string;
  /** Accessible name of the iframe. */
  title: string;
}

/**
 * The contact map, loaded only when the visitor asks: no request leaves for the map's
 * provider on page load (privacy, and a lighter page). The server HTML holds the plain
 * link only; the button appears once the island is hydrated, since it needs script.
 */
function ContactMap({ embedUrl, pageUrl, title }: ContactMapProps) {
  const [ready, setReady] = useState(false);
  const [shown, setShown] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => setReady(true), []);
  // The button disappears with the click: keep the keyboard user's place on the map.
  useEffect(() => {
    if (shown) frame.current?.focus();
  }, [shown]);

  return (
    <div className="map-box">
      {shown ? (
        <iframe
          ref={frame}
          src={embedUrl}
          title={title}
          loading="lazy"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <div className="map-placeholder">
          <p>La carte est fournie par un service externe : elle ne se charge que si vous la demandez.</p>
          {ready && (
            <button type="button" className="btn btn-primary" onClick={() => setShown(true)}>
              Afficher la carte
            </button>
          )}
        </div>
      )}
      <p className="map-link">
        <a href={pageUrl} target="_blank" rel="noopener noreferrer">
          Ouvrir la carte dans un nouvel onglet
        </a>
      </p>
    </div>
  );
}

export default island('contact-map', ContactMap);
