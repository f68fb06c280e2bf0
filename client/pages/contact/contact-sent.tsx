import { useEffect, useRef, type MouseEvent } from 'react';
import { contactMessages } from '#shared/contact-message-rules';
import { CONTACT_FORM_ANCHOR } from '#shared/contact-outcome';
import { paths } from '#shared/paths';

/**
 * The confirmation that replaces the contact form once the message is sent, with its
 * reference. Hydrated, it takes the focus when it appears, and 'Envoyer un autre message'
 * brings the form back at once (without script the link reloads an empty form).
 */
export function ContactSent({
  reference,
  enhanced,
  onAnother,
}: {
  reference: string;
  enhanced: boolean;
  onAnother: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (enhanced) box.current?.focus();
  }, [enhanced]);

  const another = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onAnother();
  };

  return (
    <div className="notice notice-success" role="status" tabIndex={-1} ref={box}>
      <p className="notice-title">{contactMessages.sent}</p>
      <p>{contactMessages.sentDetail}</p>
      {reference && (
        <p>
          {contactMessages.referenceIntro} <strong className="contact-reference">{reference}</strong>
        </p>
      )}
      <p>
        <a href={`${paths.contact}#${CONTACT_FORM_ANCHOR}`} onClick={enhanced ? another : undefined}>
          Envoyer un autre message
        </a>
      </p>
    </div>
  );
}
