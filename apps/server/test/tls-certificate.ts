import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made with openssl in a new temporary folder, for a
 * server started with TLS_CERT_FILE and TLS_KEY_FILE (ADR 193). Nothing trusts it: clients must be told to.
 */
export function loopbackCertificate(): { TLS_CERT_FILE: string; TLS_KEY_FILE: string } {
  const dir = mkdtempSync(join(tmpdir(), 'bhada-tls-'));
  const files = { TLS_CERT_FILE: join(dir, 'cert.pem'), TLS_KEY_FILE: join(dir, 'key.pem') };
  const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', ...subject, '-keyout', files.TLS_KEY_FILE, '-out', files.TLS_CERT_FILE],
    { stdio: 'ignore' },
  );
  return files;
}
