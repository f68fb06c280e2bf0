/** The back office's one search across its records (docs/product-rules.md, "Search across the back office"). */
export { searchRoutes } from './search.routes';
