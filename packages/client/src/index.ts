export {
  createQuireClient,
  type DataMethod,
  type QuireClient,
  type QuireClientOptions,
} from './client.js';
export { QuireApiError } from './errors.js';
export { type ListPage, paginate } from './paginate.js';
