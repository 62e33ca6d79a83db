// The two client-side ciphers of the API conventions: opening sealed
// customer-service paths (decision 0003) and sealing (E) payloads
// (RSA-OAEP-SHA256 wrapped AES-256-GCM). WebCrypto does the work.

function fromBase64(s: string): Uint8Array<ArrayBuffer> {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return btoa(s);
}

// openPath decrypts base64(nonce(12) || AES-256-GCM(path)) under the
// merchant's customerServiceKey.
export async function openPath(keyB64: string, sealed: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', fromBase64(keyB64), 'AES-GCM', false, ['decrypt']);
  const raw = fromBase64(sealed);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: raw.slice(0, 12) }, key, raw.slice(12));
  return new TextDecoder().decode(plain);
}

// sealPayload encrypts a JSON payload for an (E) call: the Encryption header
// and the text/plain body.
export async function sealPayload(publicKeyPem: string, payload: unknown): Promise<{ header: string; body: string }> {
  const der = fromBase64(publicKeyPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''));
  const rsa = await crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const aesRaw = crypto.getRandomValues(new Uint8Array(32));
  const aes = await crypto.subtle.importKey('raw', aesRaw, 'AES-GCM', false, ['encrypt']);
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, aes, new TextEncoder().encode(JSON.stringify(payload))));
  const wrapped = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, rsa, aesRaw));
  const body = new Uint8Array(nonce.length + sealed.length);
  body.set(nonce);
  body.set(sealed, nonce.length);
  return { header: toBase64(wrapped), body: toBase64(body) };
}
