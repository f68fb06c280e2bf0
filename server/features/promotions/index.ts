export { promotionRevisions } from './promotion-revisions';
