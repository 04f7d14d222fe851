import { z } from 'zod';

/**
 * An object parameter with free keys (`client_capabilities`, a profile field's `field_data`):
 * its keys bounded in length and in number. zod's records have no bound on the number of keys,
 * so it is a check, declared in the schema's metadata too for the test that every parameter is
 * bounded.
 */
export function boundedRecord<V extends z.ZodType>(maxKeyLength: number, value: V, maxKeys: number) {
  return z
    .record(z.string().max(maxKeyLength), value)
    .refine((record) => Object.keys(record).length <= maxKeys, { message: `{var_name} is too long (limit: ${maxKeys} items)` })
    .meta({ maxKeys });
}
