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
  /** The company's pages on each network; null: no link is shown. */
  social: Record<SocialNetwork, string | null>;
  /** Identifiers of the legal notices; null: 'communiqué sur demande' there, a warning in the diagnostic. */
  legal: LegalIdentity;
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

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'linkedin', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export interface LegalIdentity {
  rccm: string | null;
  ifu: string | null;
  publicationDirector: string | null;
  hostName: string | null;
  hostAddress: string | null;
}

/** The legal identifiers still unset, named as the legal notices name them. */
export function missingLegalIdentifiers(legal: LegalIdentity): string[] {
  const labels: Record<keyof LegalIdentity, string> = {
    rccm: 'RCCM',
    ifu: 'IFU',
    publicationDirector: 'directeur de la publication',
    hostName: "nom de l'hébergeur",
    hostAddress: "adresse de l'hébergeur",
  };
  return (Object.keys(labels) as Array<keyof LegalIdentity>)
    .filter((key) => !legal[key])
    .map((key) => labels[key]);
}

/** The networks the company has a page on, in the footer's order. */
export function socialLinks(
  site: Pick<SiteSettings, 'social'>,
): Array<{ network: SocialNetwork; url: string }> {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const url = site.social[network];
    return url ? [{ network, url }] : [];
  });
}

/** Years of experience, computed from the founding year so home and about agree (product rules). */
export function yearsOfExperience(foundedYear: number, now: Date = new Date()): number {
  return Math.max(0, now.getFullYear() - foundedYear);
}
