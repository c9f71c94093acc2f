// The keys accounts are known by, apart from everything else about them (the test surface uses
// them too, without the accounts' module). An account's key is short and opaque: a fingerprint
// of its base URL and token, so the same token cannot be signed in twice and refs, documents'
// addresses and pins can name their account without saying anything about its token.
/** An account's key: the same token at the same service (its base URL, normalized) is the same account. */
export function accountKey(baseUrl: string, token: string): string {
  return fingerprint(`${baseUrl.trim().replace(/\/+$/, '')}\n${token}`);
}

/** The key an earlier version kept a token's pins under: its base URL and the token's fingerprint. */
export function earlierPinsKey(baseUrl: string, token: string): string {
  return `${baseUrl}#${fingerprint(token)}`;
}

/** FNV-1a, 32 bits: tells tokens apart in a key without saying anything about them. */
function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}
