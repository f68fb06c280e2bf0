import { fleetProperties } from '#server/seed/content/fleet';
import { miscellaneousGoods } from '#server/seed/content/miscellaneous';
import { parcels } from '#server/seed/content/parcels';
import { dateTimeFrom, type SeedContext } from '#server/seed/seed-context';
import { seedPicturedRows } from './seed-pictured-rows';

/** The three offer tabs: parcels, the real-estate fleet, miscellaneous goods. */

export function seedParcels(ctx: SeedContext): Promise<number> {
  return seedPicturedRows(ctx, 'parcels', 'Parcelles', 'parcelle', parcels, (parcel, image, i) => {
    const at = dateTimeFrom(ctx.now, -45 + i * 3, i);
    return {
      title: parcel.title,
      description: parcel.description,
      location: parcel.location,
      surface: parcel.surface,
      price: parcel.price,
      status: parcel.status,
      image,
      created_at: at,
      updated_at: at,
    };
  });
}

export function seedFleet(ctx: SeedContext): Promise<number> {
  return seedPicturedRows(
    ctx,
    'fleet_properties',
    'Flotte immobilière',
    'fleet',
    fleetProperties,
    (property, image, i) => {
      const at = dateTimeFrom(ctx.now, -40 + i * 4, i);
      return {
        property_type: property.propertyType,
        address: property.address,
        surface: property.surface,
        owner: property.owner,
        occupation_status: property.occupationStatus,
        estimated_value: property.estimatedValue,
        image,
        created_at: at,
        updated_at: at,
      };
    },
  );
}

export function seedMiscellaneous(ctx: SeedContext): Promise<number> {
  return seedPicturedRows(
    ctx,
    'miscellaneous_goods',
    'Biens divers',
    'bien',
    miscellaneousGoods,
    (good, image, i) => {
      const at = dateTimeFrom(ctx.now, -30 + i * 5, i);
      return { description: good.description, image, created_at: at, updated_at: at };
    },
  );
}
