import { readFileSync } from 'node:fs';
import type { KafkaConfig } from 'kafkajs';
import type { KafkaConnection } from '../config/stack-endpoints';

/** A Kafka setting that cannot work: refused at start, with what to change. */
export class KafkaSettingsError extends Error {}

/**
 * kafkajs's `sasl` and `ssl` from the connection settings. SASL without TLS is refused: the
 * password would cross the network in clear (PLAIN), and a managed Kafka always offers TLS.
 */
export function kafkaSecurity(connection: Omit<KafkaConnection, 'KAFKA_BROKERS'>): Pick<KafkaConfig, 'sasl' | 'ssl'> {
  const { KAFKA_SASL_MECHANISM: mechanism, KAFKA_SASL_USERNAME: username, KAFKA_SASL_PASSWORD: password } = connection;
  const { KAFKA_TLS: tls, KAFKA_TLS_CA_FILE: caFile } = connection;
  if ((username !== undefined || password !== undefined) && mechanism === undefined)
    throw new KafkaSettingsError(
      'KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD need KAFKA_SASL_MECHANISM (plain, scram-sha-256 or scram-sha-512)',
    );
  if (mechanism !== undefined && (username === undefined || password === undefined))
    throw new KafkaSettingsError('KAFKA_SASL_MECHANISM needs KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD (or KAFKA_SASL_PASSWORD_FILE)');
  if (mechanism !== undefined && !tls)
    throw new KafkaSettingsError('KAFKA_SASL_MECHANISM needs KAFKA_TLS=true: SASL credentials go over TLS only');
  if (caFile !== undefined && !tls) throw new KafkaSettingsError('KAFKA_TLS_CA_FILE needs KAFKA_TLS=true');
  const ssl = !tls ? undefined : caFile === undefined ? true : { ca: [readCa(caFile)] };
  const sasl = mechanism === undefined ? undefined : ({ mechanism, username: username!, password: password! } as KafkaConfig['sasl']);
  return { ...(ssl ? { ssl } : {}), ...(sasl ? { sasl } : {}) };
}

function readCa(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new KafkaSettingsError(`KAFKA_TLS_CA_FILE: cannot read ${file} (${(error as Error).message})`);
  }
}
