export { createAudience, type Audience } from './audience';
export {
  countAcceptedForms,
  countCachedPage,
  countProductOrders,
  countRenderedPages,
  whatsappClickRoutes,
  type FormAccepted,
} from './audience.routes';
