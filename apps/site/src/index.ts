export { createSiteApp, type SiteAppOptions } from './site-app.js';
