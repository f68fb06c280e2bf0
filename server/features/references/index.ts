/** The numbering of requests and messages (docs/product-rules.md, "Request references"). */
export { nextReference, nextReferences } from './next-reference';
