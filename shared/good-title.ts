/** Product rules, Entities and Limits and constants: a miscellaneous good is titled by its first 30 characters, else 'Bien divers'. */
export const GOOD_TITLE_LENGTH = 30;

export function goodTitle(description: string | null | undefined): string {
  const text = (description ?? '').trim();
  if (!text) return 'Bien divers';
  return text.length > GOOD_TITLE_LENGTH ? `${text.slice(0, GOOD_TITLE_LENGTH).trimEnd()}…` : text;
}
