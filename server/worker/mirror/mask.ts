/** Masking credentials in text that may echo them (git's error output, URLs). */

/** Replaces the password of any `scheme://user:password@` in `text` with `******`. */
export function maskUrlPasswords(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/[^\s/:@]*):[^\s/@]*@/gi, '$1:******@');
}

/** Masks URL passwords and every occurrence of the given secrets (longer than 3 characters). */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let out = maskUrlPasswords(text);
  for (const s of secrets) if (s.length > 3) out = out.split(s).join('******');
  return out;
}
