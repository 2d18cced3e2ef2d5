/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { components } from '@quire/contract';

type ThemedImage = components['schemas']['ThemedImage'];

/**
 * An image with a light and a dark version, as two `<img>` the stylesheet shows one of, so the
 * reader's chosen theme applies without a script; one `<img>` when there is one version.
 *
 * @example
 * <ThemedImg image={{ light: 'https://…/logo.svg', dark: 'https://…/logo-dark.svg' }} alt="Acme" />
 */
export function ThemedImg({ image, alt }: { image: ThemedImage; alt: string }) {
  const { light, dark } = image;
  if (light !== undefined && dark !== undefined && light !== dark) {
    return (
      <>
        <img class="themed-light" src={light} alt={alt} />
        <img class="themed-dark" src={dark} alt={alt} />
      </>
    );
  }
  const single = light ?? dark;
  return single === undefined ? null : <img src={single} alt={alt} />;
}
