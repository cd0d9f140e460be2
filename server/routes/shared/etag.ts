/**
 * Whether a request's If-None-Match names `etag`: one ETag, a list, or `*` (RFC 9110 §13.1.2;
 * weak tags compare equal). Uploaded images and the store answer 304 by it.
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
