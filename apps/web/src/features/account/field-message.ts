/**
 * The server names the field a message is about ('code: that code is not right.'). Answers the
 * message without the name, as a sentence, when it is about `field`; otherwise null.
 */
export function messageFor(field: string, message: string): string | null {
  const prefix = `${field}: `;
  if (!message.startsWith(prefix)) return null;
  const rest = message.slice(prefix.length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** A key as an authenticator app's manual entry shows it: groups of four, 'ABCD EFGH IJKL'. */
export function groupedKey(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}
