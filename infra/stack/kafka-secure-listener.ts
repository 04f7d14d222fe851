/**
 * The local Kafka's second listener, as a managed Kafka offers one: SASL (PLAIN) over TLS, with a
 * self-signed certificate made once for this data directory. The services use the plain listener;
 * this one is where their Kafka security settings are tried and tested:
 *
 *   KAFKA_BROKERS=127.0.0.1:19094 KAFKA_TLS=true KAFKA_TLS_CA_FILE=.data/kafka/tls/certificate.pem
 *   KAFKA_SASL_MECHANISM=plain KAFKA_SASL_USERNAME=zulipes KAFKA_SASL_PASSWORD=zulipes-dev-sasl
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { partDir } from './paths';
import { run } from './util';

/** The one user the listener accepts: development credentials, as the stack's other defaults. */
export const SECURE_LISTENER_USER = { username: 'zulipes', password: 'zulipes-dev-sasl' } as const;

const tlsDir = (): string => path.join(partDir('kafka'), 'tls');
/** The listener's certificate, which clients trust as their CA (`KAFKA_TLS_CA_FILE`). */
export const secureListenerCertificate = (): string => path.join(tlsDir(), 'certificate.pem');
const keyStore = (): string => path.join(tlsDir(), 'keystore.pem');

/** Makes the listener's key and certificate for `host` unless they exist. */
export async function ensureSecureListenerCertificate(host: string, logPath: string): Promise<void> {
  if (fs.existsSync(keyStore()) && fs.existsSync(secureListenerCertificate())) return;
  fs.mkdirSync(tlsDir(), { recursive: true, mode: 0o700 });
  const key = path.join(tlsDir(), 'key.pem');
  const altName = /^[\d.]+$/.test(host) ? `IP:${host}` : `DNS:${host}`;
  await run(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '3650',
      '-subj',
      `/CN=${host}`,
      '-addext',
      `subjectAltName=${altName},DNS:localhost`,
      '-keyout',
      key,
      '-out',
      secureListenerCertificate(),
    ],
    { logPath },
  );
  // Kafka's PEM key store: the private key (PKCS#8, unencrypted) followed by the certificate.
  fs.writeFileSync(keyStore(), fs.readFileSync(key, 'utf8') + fs.readFileSync(secureListenerCertificate(), 'utf8'), { mode: 0o600 });
  fs.rmSync(key);
}

/** The broker settings of the listener named SECURE on `host:port`. */
export function secureListenerSettings(): Record<string, string> {
  const { username, password } = SECURE_LISTENER_USER;
  return {
    'listener.name.secure.sasl.enabled.mechanisms': 'PLAIN',
    'listener.name.secure.plain.sasl.jaas.config': `org.apache.kafka.common.security.plain.PlainLoginModule required user_${username}="${password}";`,
    'listener.name.secure.ssl.keystore.type': 'PEM',
    'listener.name.secure.ssl.keystore.location': keyStore(),
  };
}
