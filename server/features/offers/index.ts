/** What other features use of offers: its trash handler (docs/decisions/0039-trash.md). */
export { fleetTrash, miscTrash, parcelTrash } from './offer-trash';
