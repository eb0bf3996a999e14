/**
 * Proof that this browser started an artwork, needed to change its e-mail later. It lives for the
 * tab's session, keyed by the artwork; both the transform and the checkout features use it.
 */
const tokenKey = (transformationId: string) => `wanderer.transformation-token.${transformationId}`;

export function transformationEditToken(transformationId: string): string | null {
  try {
    return sessionStorage.getItem(tokenKey(transformationId));
  } catch {
    return null;
  }
}

export function rememberTransformationEditToken(transformationId: string, editToken: string): void {
  try {
    sessionStorage.setItem(tokenKey(transformationId), editToken);
  } catch {
    // Storage refused (private mode quota): the e-mail step will say it cannot save.
  }
}
