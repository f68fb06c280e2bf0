export { productRevisions } from './product-revisions';
