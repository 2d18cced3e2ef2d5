import type { components } from '@quire/contract';
import { isRecord } from '../../is-record.js';
import type { SiteCustomization } from './site-settings.js';

/** Every setting of a site or site space, as it applies. */
export type AppliedCustomization = components['schemas']['SiteCustomization'];

const color = (light: string, dark = light) => ({ light, dark });

/** What a site looks like before anyone customizes it; each setting's GitBook counterpart's default. */
const defaults: AppliedCustomization = {
  styling: {
    theme: 'clean',
    primaryColor: color('#346DDB'),
    infoColor: color('#787878'),
    successColor: color('#00C950'),
    warningColor: color('#FE9A00'),
    dangerColor: color('#FB2C36'),
    corners: 'rounded',
    depth: 'subtle',
    links: 'default',
    font: 'Inter',
    monospaceFont: 'IBMPlexMono',
    codeTheme: {
      default: { light: 'default-light', dark: 'default-dark' },
      openapi: { light: 'default-light', dark: 'default-dark' },
    },
    background: 'plain',
    icons: 'regular',
    sidebar: { background: 'default', list: 'default' },
    search: 'prominent',
  },
  internationalization: { locale: 'en' },
  favicon: {},
  header: { preset: 'default', links: [] },
  footer: { groups: [] },
  themes: { default: 'system', toggeable: true },
  feedback: { enabled: false },
  ai: { mode: 'none' },
  advancedCustomization: { enabled: true },
  trademark: { enabled: true },
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  pageActions: { items: ['markdown', 'external-ai', 'mcp', 'pdf'] },
  privacyPolicy: {},
  // Quire's own: only the site itself frames its pages unless origins are named.
  embedding: { allowedOrigins: [] },
  socialPreview: {},
  socialAccounts: [],
  insights: { trackingCookie: true },
};

/** `override` over `base`: objects merge key by key, anything else (lists too) replaces. */
function over(base: unknown, override: unknown): unknown {
  if (!isRecord(base) || !isRecord(override)) return override === undefined ? base : override;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) merged[key] = over(base[key], value);
  return merged;
}

/**
 * The settings that apply: each layer's over the one before, all over the defaults.
 * @example appliedCustomization(site, siteSpace); // a site space's, over its site's
 */
export function appliedCustomization(...layers: SiteCustomization[]): AppliedCustomization {
  let applied: AppliedCustomization = defaults;
  for (const layer of layers) {
    // Both sides are customizations the contract checked; merging keeps their shape.
    const merged = over(applied, withBothThemes(layer)) as AppliedCustomization;
    applied = merged;
  }
  return complete(applied);
}

const themedColors = [
  'primaryColor',
  'infoColor',
  'successColor',
  'warningColor',
  'dangerColor',
] as const;

/** The layer with each colour it sets for one theme only serving both: a colour is set whole. */
function withBothThemes(layer: SiteCustomization): SiteCustomization {
  if (layer.styling === undefined) return layer;
  const styling = { ...layer.styling };
  for (const name of themedColors) {
    const color = styling[name];
    const either = color?.light ?? color?.dark;
    if (either !== undefined) {
      styling[name] = { light: color?.light ?? either, dark: color?.dark ?? either };
    }
  }
  return { ...layer, styling };
}

/**
 * Fills what a setting may leave out but an answer names: a header link without a target or a menu has them as `null` and `[]`, and a theme that
 * follows the reader's system is `system` (it was first written `null`).
 */
function complete(applied: AppliedCustomization): AppliedCustomization {
  const styling = { ...applied.styling };
  for (const name of themedColors) {
    const color = styling[name];
    const either = color?.light ?? color?.dark;
    if (either !== undefined)
      styling[name] = { light: color?.light ?? either, dark: color?.dark ?? either };
  }
  return {
    ...applied,
    styling,
    header: {
      ...applied.header,
      links: (applied.header?.links ?? []).map((link) => ({
        ...link,
        to: link.to ?? null,
        links: link.links ?? [],
      })),
    },
    themes: { ...applied.themes, default: applied.themes?.default ?? 'system' },
  };
}
