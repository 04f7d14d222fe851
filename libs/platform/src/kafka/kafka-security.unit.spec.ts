import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KafkaConnectionSchema } from '../config/stack-endpoints';
import { kafkaSecurity, KafkaSettingsError } from './kafka-security';

const settings = (env: Record<string, string>) => {
  const { KAFKA_BROKERS, ...security } = KafkaConnectionSchema.parse(env);
  void KAFKA_BROKERS;
  return kafkaSecurity(security);
};

describe("the Kafka client's SASL and TLS settings", () => {
  it("connects in the clear when nothing is set, and compose's blank variables count as unset", () => {
    expect(settings({})).toEqual({});
    expect(settings({ KAFKA_SASL_MECHANISM: '', KAFKA_SASL_USERNAME: '', KAFKA_SASL_PASSWORD: '', KAFKA_TLS_CA_FILE: '' })).toEqual({});
  });

  it('uses TLS with the system CAs, or with the CA file given', () => {
    expect(settings({ KAFKA_TLS: 'true' })).toEqual({ ssl: true });
    const dir = mkdtempSync(path.join(tmpdir(), 'kafka-ca-'));
    try {
      const ca = path.join(dir, 'ca.pem');
      writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----\n');
      expect(settings({ KAFKA_TLS: 'true', KAFKA_TLS_CA_FILE: ca })).toEqual({
        ssl: { ca: [expect.stringContaining('BEGIN CERTIFICATE')] },
      });
      expect(() => settings({ KAFKA_TLS: 'true', KAFKA_TLS_CA_FILE: path.join(dir, 'missing.pem') })).toThrow(/cannot read/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each(['plain', 'scram-sha-256', 'scram-sha-512'])('passes SASL %s with its credentials over TLS', (mechanism) => {
    expect(settings({ KAFKA_TLS: 'true', KAFKA_SASL_MECHANISM: mechanism, KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: 'p' })).toEqual({
      ssl: true,
      sasl: { mechanism, username: 'u', password: 'p' },
    });
  });

  it.each([
    [{ KAFKA_TLS: 'true', KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'u' }, /needs KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD/],
    [{ KAFKA_TLS: 'true', KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: 'p' }, /need KAFKA_SASL_MECHANISM/],
    [{ KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: 'p' }, /needs KAFKA_TLS=true/],
    [{ KAFKA_TLS_CA_FILE: '/etc/ssl/ca.pem' }, /KAFKA_TLS_CA_FILE needs KAFKA_TLS=true/],
  ])('refuses settings that cannot work: %j', (env, message) => {
    expect(() => settings(env)).toThrow(KafkaSettingsError);
    expect(() => settings(env)).toThrow(message);
  });

  it('refuses a mechanism it does not know at parsing', () => {
    expect(KafkaConnectionSchema.safeParse({ KAFKA_SASL_MECHANISM: 'gssapi' }).success).toBe(false);
  });
});
