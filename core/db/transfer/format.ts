import { z } from 'zod';

/**
 * The export file: newline-delimited JSON, one line per record, optionally gzip-compressed.
 *
 *   {"format":"c360-export","version":1,"migrations":[…],"tables":[…],…}   header
 *   {"table":"feeds","columns":["id","url",…]}                              a table begins
 *   ["1","https://…",null]                                                   one row: every value as
 *                                                                            PostgreSQL's text form
 *   {"end":"feeds","rows":12}                                                the table ends
 *   {"sequences":[{"name":"feeds_id_seq","value":"12"}]}
 *   {"end":"c360-export","rows":1234,"sha256":"…"}                          trailer
 *
 * Values travel as text because PostgreSQL's text form of every type (timestamptz, jsonb, arrays,
 * uuid, numeric) reads back to the same value on PGlite and on a PostgreSQL server, which JSON's
 * numbers and dates do not promise. The trailer's digest covers every line before it, so a file
 * cut short or altered in transit is refused before anything is committed.
 */
export const EXPORT_FORMAT = 'c360-export';
export const EXPORT_FORMAT_VERSION = 1;

export const exportHeaderSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number().int().positive(),
  createdAt: z.string(),
  source: z.string(),
  migrations: z.array(z.string()),
  tables: z.array(z.string()),
});
export type ExportHeader = z.infer<typeof exportHeaderSchema>;

export const tableStartSchema = z.object({ table: z.string(), columns: z.array(z.string()).min(1) });
export const tableEndSchema = z.object({ end: z.string(), rows: z.number().int().nonnegative() });
export const sequencesSchema = z.object({ sequences: z.array(z.object({ name: z.string(), value: z.string().nullable() })) });
export const trailerSchema = z.object({ end: z.literal(EXPORT_FORMAT), rows: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

export type SequenceValue = z.infer<typeof sequencesSchema>['sequences'][number];

/** The first bytes of a gzip stream: an export is read compressed or not, whatever its name. */
export const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
