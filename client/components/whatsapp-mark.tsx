const SYMBOL_ID = 'whatsapp-mark';

/**
 * The WhatsApp mark, drawn once per document by the public layout (a hidden <svg> holding a
 * <symbol>); every green WhatsApp action reuses it with <use>, so a page of a hundred offers
 * carries its path once (decision 0026). Islands use it too: the symbol is in the document
 * they hydrate in.
 */
export function WhatsAppMarkSymbol() {
  return (
    <svg style={{ display: 'none' }} aria-hidden="true">
      <symbol id={SYMBOL_ID} viewBox="0 0 32 32">
        <path
          fill="currentColor"
          d="M16 3a13 13 0 0 0-11.2 19.6L3 29l6.6-1.7A13 13 0 1 0 16 3zm0 2.4a10.6 10.6 0 1 1-5.4 19.7l-.4-.2-3.9 1 1-3.8-.2-.4A10.6 10.6 0 0 1 16 5.4zm-4.4 4.2c-.3 0-.8.1-1.2.6-.4.4-1.5 1.4-1.5 3.5s1.5 4.1 1.7 4.4c.2.3 3 4.7 7.3 6.4 3.6 1.4 4.3 1.1 5.1 1.1.8-.1 2.5-1 2.8-2 .4-1 .4-1.8.3-2-.1-.2-.4-.3-.8-.5l-2.8-1.4c-.4-.1-.6-.2-.9.2l-1.2 1.5c-.2.3-.5.3-.9.1-.4-.2-1.7-.6-3.2-2-1.2-1-2-2.3-2.2-2.7-.2-.4 0-.6.2-.8l.6-.7c.2-.2.3-.4.4-.7.1-.3 0-.5 0-.7l-1.3-3c-.3-.7-.6-.7-.9-.7h-.5z"
        />
      </symbol>
    </svg>
  );
}

/** The mark beside an action's words: decorative, the words name the action. */
export function WhatsAppMark() {
  return (
    <svg className="whatsapp-mark" aria-hidden="true" focusable="false" width="20" height="20">
      <use href={`#${SYMBOL_ID}`} />
    </svg>
  );
}
