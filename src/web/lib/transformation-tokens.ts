/**
 * Proof that this browser started an artwork, needed to change its e-mail or its place in the
 * gallery later. It is kept in the browser (localStorage), keyed by the artwork, so it outlives
 * the tab: a visitor who comes back through 'Your recent artworks' can still take the artwork
 * out of the gallery. The transform, checkout and gallery features use it.
 */
const tokenKey = (transformationId: string) => `wanderer.transformation-token.${transformationId}`;

export function transformationEditToken(transformationId: string): string | null {
  try {
    return localStorage.getItem(tokenKey(transformationId)) ?? sessionStorage.getItem(tokenKey(transformationId));
  } catch {
    return null;
  }
}

export function rememberTransformationEditToken(transformationId: string, editToken: string): void {
  try {
    localStorage.setItem(tokenKey(transformationId), editToken);
  } catch {
    // Storage refused (private mode quota): the e-mail step and the gallery switch say they cannot change it here.
  }
}
