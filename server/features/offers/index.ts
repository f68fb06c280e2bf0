export { offerRevisions } from './offer-revisions';
