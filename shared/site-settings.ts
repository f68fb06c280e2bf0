/**
 * Site settings (product rules, Identity and content): every contact detail lives here and
 * comes from the environment (validated in server/site-settings-schema.ts); components
 * read them, never repeat them. Kept free of zod so pages do not ship the validator.
 */
export interface SiteSettings {
  name: string;
  phones: string[];
  email: string;
  /** Digits only, country code included: used in wa.me links. */
  whatsapp: string;
  address: string;
  social: { facebook: string; instagram: string; linkedin: string; youtube: string };
  openingHours: string[];
  /** The same hours in schema.org syntax ('Mo-Fr 08:00-18:00'), for the business JSON-LD. */
  openingHoursSchema: string[];
  mapEmbedUrl: string;
  foundedYear: number;
  /** The five WhatsApp channels of the offers page. */
  whatsappChannels: {
    furnishedRentals: string;
    construction: string;
    architecture: string;
    supplies: string;
    rentals: string;
  };
}

/** Years of experience, computed from the founding year so home and about agree (product rules). */
export function yearsOfExperience(foundedYear: number, now: Date = new Date()): number {
  return Math.max(0, now.getFullYear() - foundedYear);
}
