import { z } from 'zod';
import type { SiteSettings } from '#shared/site-settings';

/** Validates the site settings assembled from the environment (server/config.ts). */
export const siteSettingsSchema: z.ZodType<SiteSettings> = z.object({
  name: z.string().min(1),
  phones: z.array(z.string().min(6)).min(1, 'au moins un numéro de téléphone'),
  email: z.email(),
  whatsapp: z.string().regex(/^\d{8,15}$/),
  address: z.string().min(1),
  social: z.object({
    facebook: z.url().nullable(),
    instagram: z.url().nullable(),
    linkedin: z.url().nullable(),
    youtube: z.url().nullable(),
  }),
  legal: z.object({
    rccm: z.string().nullable(),
    ifu: z.string().nullable(),
    publicationDirector: z.string().nullable(),
    hostName: z.string().nullable(),
    hostAddress: z.string().nullable(),
  }),
  openingHours: z.array(z.string().min(1)).min(1),
  openingHoursSchema: z.array(
    z.string().regex(/^(?:Mo|Tu|We|Th|Fr|Sa|Su)(?:-(?:Mo|Tu|We|Th|Fr|Sa|Su))? \d{2}:\d{2}-\d{2}:\d{2}$/),
  ),
  mapEmbedUrl: z.url(),
  foundedYear: z.number().int(),
  whatsappChannels: z.object({
    furnishedRentals: z.url(),
    construction: z.url(),
    architecture: z.url(),
    supplies: z.url(),
    rentals: z.url(),
  }),
});
