import { PROJECT_STATUSES, type ProjectCategory } from '#shared/constants';
import { demoProjects } from '#server/seed/demo/seed-projects';
import { insertProjects, type ProjectRow } from '#server/seed/project-rows';
import { picker } from '#server/seed/random';
import { dateTimeFrom, type SeedContext } from '#server/seed/seed-context';
import { ownedImages, presentInStorage } from './owned-images';
import { daysApart } from './spread';
import { PLACES, PROJECT_KINDS } from './vocabulary';

const CATEGORIES = Object.keys(PROJECT_KINDS) as ProjectCategory[];
const RENDERS_PER_PROJECT = 2;
const PHOTOS_PER_PROJECT = 2;

/**
 * Older portfolio entries (2018 to 2022, entered before the demo samples, which stay the
 * most recent), each with a main image, two renders and two site photos.
 */
export async function insertLargeProjects(ctx: SeedContext, count: number): Promise<number> {
  const random = picker(60);
  const mains = await presentInStorage(ctx, await ctx.knex('projects').pluck('main_image'));
  const renders = await presentInStorage(
    ctx,
    await ctx.knex('project_images').where('kind', 'render').pluck('image'),
  );
  const photos = await presentInStorage(
    ctx,
    await ctx.knex('project_images').where('kind', 'project').pluck('image'),
  );
  const fallback = demoProjects.map((p) => p.mainImage);
  const [mainImages, renderImages, photoImages] = await Promise.all([
    ownedImages(ctx, 'projects', count, mains, fallback),
    ownedImages(ctx, 'projects', count * RENDERS_PER_PROJECT, renders, fallback),
    ownedImages(ctx, 'projects', count * PHOTOS_PER_PROJECT, photos, fallback),
  ]);

  const rows: ProjectRow[] = Array.from({ length: count }, (_, i) => {
    const category = CATEGORIES[i % CATEGORIES.length]!;
    const kind = random.pick(PROJECT_KINDS[category]);
    const place = random.pick(PLACES);
    const year = 2018 + (i % 5);
    const status =
      year < 2022 ? random.pick(['Complété', 'Complété', 'Annulé'] as const) : random.pick(PROJECT_STATUSES);
    const extra = i % 7 === 0 && category !== 'Résidentiel' ? ['Résidentiel' as const] : [];
    return {
      title: `${kind} à ${place}`,
      numero: `PRJ-${year}-${String(100 + i).padStart(3, '0')}`,
      date: `${year}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      status,
      description: `${kind} réalisé(e) à ${place} : études, permis, gros œuvre et finitions par nos équipes.`,
      long_description:
        `Pour ce projet à ${place}, notre bureau d’études a conçu les plans et suivi chaque étape du chantier. ` +
        'Le client recevait un rapport hebdomadaire avec photos, budget consommé et planning mis à jour.',
      categories: [category, ...extra],
      main_image: mainImages[i]!,
      challenges:
        'Respect du calendrier pendant la saison des pluies et approvisionnement régulier en matériaux.',
      materials: 'Ciment CPJ 45, fer HA 10 et HA 12, parpaings de 15, tôles bac aluminium.',
      created_at: dateTimeFrom(ctx.now, -(60 + (count - i) * daysApart(600, count))),
      images: [
        ...Array.from({ length: RENDERS_PER_PROJECT }, (_, k) => ({
          kind: 'render' as const,
          image: renderImages[i * RENDERS_PER_PROJECT + k]!,
          description: k === 0 ? 'Rendu 3D de la façade principale' : 'Plan d’aménagement intérieur',
        })),
        ...Array.from({ length: PHOTOS_PER_PROJECT }, (_, k) => ({
          kind: 'project' as const,
          image: photoImages[i * PHOTOS_PER_PROJECT + k]!,
          description: k === 0 ? 'Chantier en cours : élévation des murs' : 'Ouvrage livré au client',
        })),
      ],
    };
  });
  await ctx.knex.transaction((trx) => insertProjects(trx, rows));
  return rows.length;
}
