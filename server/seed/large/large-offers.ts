import { PARCEL_STATUSES } from '#shared/constants';
import { fleetProperties } from '#server/seed/content/fleet';
import { miscellaneousGoods } from '#server/seed/content/miscellaneous';
import { parcels } from '#server/seed/content/parcels';
import { picker } from '#server/seed/random';
import { dateTimeFrom, type SeedContext } from '#server/seed/seed-context';
import { insertPicturedRows } from './owned-images';
import { daysApart } from './spread';
import { FIRST_NAMES, FLEET_TYPES, LAST_NAMES, MISC_GOODS, OCCUPATION_STATUSES, PLACES } from './vocabulary';

const SURFACES = [300, 400, 450, 500, 600, 800, 1000] as const;

export function insertLargeParcels(ctx: SeedContext, count: number): Promise<number> {
  const random = picker(100);
  return insertPicturedRows(
    ctx,
    'parcels',
    'parcelle',
    count,
    parcels.map((p) => p.image),
    (image, i) => {
      const place = random.pick(PLACES);
      const surface = random.pick(SURFACES);
      // 15 000 to 70 000 F the m², rounded to 50 000 F as land is priced.
      const price = Math.round((surface * random.int(15, 70) * 1000) / 50_000) * 50_000;
      const at = dateTimeFrom(ctx.now, -(count - i) * daysApart(300, count), -i);
      return {
        title: `Parcelle de ${surface} m² à ${place}`,
        description: `Parcelle de ${surface} m² à ${place}, convention de vente et levé topographique disponibles.`,
        location: place,
        surface: i % 10 === 9 ? null : surface,
        price,
        status: PARCEL_STATUSES[i % PARCEL_STATUSES.length]!,
        image,
        created_at: at,
        updated_at: at,
      };
    },
  );
}

export function insertLargeFleet(ctx: SeedContext, count: number): Promise<number> {
  const random = picker(101);
  return insertPicturedRows(
    ctx,
    'fleet_properties',
    'fleet',
    count,
    fleetProperties.map((p) => p.image),
    (image, i) => {
      const surface = random.int(40, 1500);
      const at = dateTimeFrom(ctx.now, -(count - i) * daysApart(300, count), -i);
      return {
        property_type: random.pick(FLEET_TYPES),
        address: `Lot ${random.int(10, 2999)}, ${random.pick(PLACES)}`,
        surface,
        owner: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
        occupation_status: OCCUPATION_STATUSES[i % OCCUPATION_STATUSES.length]!,
        // Cents kept on purpose: the only amount of the model with decimals.
        estimated_value: surface * random.int(150, 450) * 1000 + random.int(0, 99) / 100,
        image,
        created_at: at,
        updated_at: at,
      };
    },
  );
}

export function insertLargeMiscellaneous(ctx: SeedContext, count: number): Promise<number> {
  return insertPicturedRows(
    ctx,
    'miscellaneous_goods',
    'bien',
    count,
    miscellaneousGoods.map((g) => g.image),
    (image, i) => {
      const at = dateTimeFrom(ctx.now, -(count - i) * daysApart(200, count), -i);
      return { description: MISC_GOODS[i % MISC_GOODS.length]!, image, created_at: at, updated_at: at };
    },
  );
}
