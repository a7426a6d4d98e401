// Pictures for the channels that show only JPEG or PNG: WhatsApp's image header (the Cloud API
// fetches a header by link and takes image/jpeg or image/png) and e-mail (clients do not show SVG).
// The shop's own drawings are SVG, each with a PNG of it beside it (server/modules/catalog/seed/draw-images.ts;
// tests/server/seed-pictures.test.ts holds every SVG under /images to that). A staff upload is kept
// as uploaded: JPEG and PNG as they are; WebP has no rendition (WhatsApp's headers refuse WebP too),
// so those channels show that product without its picture rather than with a broken one.

const SHOP_DRAWING = /^\/images\/[A-Za-z0-9_/-]+\.svg$/i;
const RASTER = /\.(jpe?g|png)$/i;

/** The path part of an image reference: the catalog stores paths, an older row may hold a full URL. */
function pathOf(image: string): string {
  try {
    return new URL(image, 'http://shop.invalid').pathname;
  } catch {
    return image;
  }
}

/**
 * A JPEG or PNG rendition of a catalog picture (a product's or category's `image`): a site path for
 * the shop's own pictures and uploads (make it absolute with PUBLIC_BASE_URL), a JPEG or PNG URL as
 * given; undefined when there is none.
 */
export function rasterPicture(image: string | undefined): string | undefined {
  const reference = image?.trim();
  if (!reference) return undefined;
  if (SHOP_DRAWING.test(reference)) return reference.replace(/\.svg$/i, '.png');
  return RASTER.test(pathOf(reference)) ? reference : undefined;
}
