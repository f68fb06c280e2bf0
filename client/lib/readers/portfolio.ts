/**
 * What portfolio page loaders may read on the server (part of PageContext). Implemented by
 * server/ssr/readers/portfolio.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PortfolioReader {}
